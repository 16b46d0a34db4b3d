// One SystemC elaboration per process: the page-type read timing has its own CTest entry.
#include <boost/test/unit_test.hpp>

#include "flash_driver.h"

using namespace ssdtwin;
using namespace ssdtwin::nand;
using test::flash_op;

// Page types (timing.read_levels): a 1-2-4 TLC code reads its lower, middle and upper pages
// in tR + (1, 2, 4 levels - 7/3) x tR_per_level; each read's energy follows its own tR.
BOOST_AUTO_TEST_CASE(page_types_read_in_their_own_tR_and_energy) {
  const auto p =
      config::load_profile(test::tiny_drive(), {"nand.timing.read_levels=\"1-2-4\"", "nand.timing.tR_per_level_us=9"});
  const auto layout = config::make_layout(p.config, 1);
  const NandConfig& c = p.config.nand;
  BOOST_TEST_REQUIRE(c.bits_per_cell == 3u);
  FlashArray fa("nand", c, layout.geo);
  test::FlashRecorder rec;
  fa.set_client(&rec);
  // One read per page type, each on its own die so that nothing contends.
  NandOp lower = flash_op(OpKind::Read, 0, 4608), middle = flash_op(OpKind::Read, 1, 4608);
  middle.page_type = PageType::Middle;
  NandOp upper = flash_op(OpKind::Read, 2 % layout.geo.dies, 4608, 1);
  upper.page_type = PageType::Upper;
  test::FlashDriver drv("driver", {{0, &fa, &lower}, {0, &fa, &middle}, {0, &fa, &upper}});
  sc_core::sc_start();
  BOOST_TEST_REQUIRE(rec.done.size() == 3u);
  const double level_ps = 9.0 * double(kPsPerUs), mean = 7.0 / 3.0;
  const auto sense = [&](const NandOp& o) {
    return double(o.done_ps - o.start_ps - bus_time_ps(c, 4608) - c.ecc_decode_ps - c.cmd_overhead_ps);
  };
  BOOST_TEST(sense(lower) == double(c.tR_ps) + (1 - mean) * level_ps, boost::test_tools::tolerance(1e-6));
  BOOST_TEST(sense(middle) == double(c.tR_ps) + (2 - mean) * level_ps, boost::test_tools::tolerance(1e-6));
  BOOST_TEST(sense(upper) == double(c.tR_ps) + (4 - mean) * level_ps, boost::test_tools::tolerance(1e-6));
  // The three differences from the mean cancel: the sensing time summed for energy is 3 x tR.
  BOOST_TEST(double(fa.stats().read_sense_ps) == 3.0 * double(c.tR_ps), boost::test_tools::tolerance(1e-9));
  BOOST_TEST(tR_ps_of(c, PageType::Upper) - tR_ps_of(c, PageType::Lower) == TimePs(3 * level_ps));
}
