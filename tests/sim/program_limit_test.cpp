// Peak-power management (controller.max_concurrent_programs): with at most N dies programming
// at once, sequential write throughput is N program units per (data-in + tPROG), whatever
// the queue depth, so the limit is the only thing setting it.
#include <boost/test/unit_test.hpp>

#include "nand/nand_timing.h"
#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(two_program_slots_give_two_units_per_program_time) {
  const auto r = test::simulate(
      test::tiny_drive(), "[global]\ntime_based\nramp_time=20ms\nruntime=200ms\n[w]\nrw=write\nbs=128k\niodepth=16\n",
      1, 1, {"controller.max_concurrent_programs=2"});
  const nand::NandConfig& n = r.profile.config.nand;
  const double unit_bytes = double(n.page_bytes) * n.planes_per_die * n.bits_per_cell;
  const double per_program_s = s_from_ps(nand::program_unit_time_ps(n));
  const double expected_bps = 2 * unit_bytes / per_program_s;  // ~107 MB/s; unlimited the 4 dies give ~2x
  const auto& j = r.result.jobs[0];
  const double bps = double(j.write.bytes) / s_from_ps(j.end_ps - j.start_ps);
  BOOST_TEST_MESSAGE("write " << bps / 1e6 << " MB/s, expected " << expected_bps / 1e6);
  BOOST_TEST(bps == expected_bps, boost::test_tools::tolerance(0.03));
  BOOST_TEST(r.result.drive.flash.program_limit_waits > 0u);
}
