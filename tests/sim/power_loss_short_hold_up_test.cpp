#include <boost/test/unit_test.hpp>

#include "soak_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(a_hold_up_too_short_for_the_flush_also_loses_data_gc_had_moved) {
  // PLP firmware lets GC erase a victim while the moved data waits in the capacitor-backed
  // GC buffer. With 0.01 J (0.5 ms at 20 W) the flush cannot finish: buffered host writes are
  // lost, and so is moved data whose victim GC had already erased. The scan must see the
  // second kind too (this is what makes its durable check able to fail).
  const auto run = test::run_one_cut({"plp.capacitor_energy_j=0.01"});
  BOOST_TEST_REQUIRE(run.result.power_losses.size() == 1u);
  const auto& e = run.result.power_losses.front();
  BOOST_TEST_MESSAGE(e.scan.lost_writes << " lost, " << e.scan.unflushed_lpns << " were buffered, "
                                        << e.scan.durable_mismatches << " LPNs on NAND at the cut came back wrong");
  BOOST_TEST(e.plp);
  BOOST_TEST(!e.clean);
  BOOST_TEST(run.result.ended_by_power_loss);
  BOOST_TEST(e.hold_up_ps == 500 * kPsPerUs);
  BOOST_TEST(e.scan.durable_mismatches > 0u);
  BOOST_TEST(!e.scan.lost_equals_unflushed);
}
