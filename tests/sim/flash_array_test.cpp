#include <boost/test/unit_test.hpp>

#include "flash_driver.h"

using namespace ssdtwin;
using namespace ssdtwin::nand;
using test::flash_op;

BOOST_AUTO_TEST_CASE(multi_plane_program_then_plane_parallel_reads_follow_the_timing_rules) {
  const auto p = config::load_profile(test::tiny_drive());
  const auto layout = config::make_layout(p.config, 1);
  const NandConfig& c = p.config.nand;
  FlashArray fa("nand", c, layout.geo);
  test::FlashRecorder rec;
  fa.set_client(&rec);
  const auto unit = static_cast<std::uint32_t>(program_unit_bus_bytes(c));
  // Die 0: two reads on different planes (submitted first, so they run first), then a program.
  NandOp read0 = flash_op(OpKind::Read, 0, 4608, 0), read1 = flash_op(OpKind::Read, 0, 4608, 1);
  NandOp prog0 = flash_op(OpKind::Program, 0, unit);
  // Die 1 is on the other channel: its program is independent of die 0.
  NandOp prog1 = flash_op(OpKind::Program, 1, unit);
  test::FlashDriver drv("driver", {{0, &fa, &read0}, {0, &fa, &read1}, {0, &fa, &prog0}, {0, &fa, &prog1}});
  sc_core::sc_start();
  BOOST_TEST_REQUIRE(rec.done.size() == 4u);
  const TimePs read_time = page_read_time_ps(c, layout.geo.ius_per_page, 1);
  // Both planes sense in parallel; their data-outs share the channel one after the other.
  BOOST_TEST(read0.done_ps == read_time);
  BOOST_TEST(read1.done_ps == read_time + bus_time_ps(c, 4608));
  // The program waits for both reads' data-out, then command + data-in + tPROG.
  const TimePs planes_free = read_time - c.ecc_decode_ps + bus_time_ps(c, 4608);
  BOOST_TEST(prog0.done_ps == planes_free + program_unit_time_ps(c));
  // Die 1 (channel 1) programs from t = 0 with no interference.
  BOOST_TEST(prog1.done_ps == program_unit_time_ps(c));
}
