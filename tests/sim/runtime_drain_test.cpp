#include <boost/test/unit_test.hpp>

#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(a_time_based_run_that_ends_mid_gc_counts_every_command_it_issued) {
  // Tiny drive in random-write steady state (GC running when the timed run starts); two
  // jobs of QD32 random writes whose runtime ends while GC is relocating. As fio, the
  // commands in flight when the runtime ends are reaped and counted, and the runtime runs
  // to the last one: nothing the host issued is left out of the statistics.
  model::RunOptions opt;
  opt.precondition_passes = 1;
  opt.precondition_random = true;
  const auto run = test::simulate_with(test::tiny_drive(),
                                       "[global]\nrw=randwrite\nbs=4k\niodepth=32\nnumjobs=2\n"
                                       "time_based\nramp_time=5ms\nruntime=20ms\n[rw4k]\n",
                                       1, opt);
  const auto& d = run.result.drive;
  BOOST_TEST(d.mapping.gc_victims > 0u);
  BOOST_TEST(d.ftl.gc_programs > 0u);
  BOOST_REQUIRE_EQUAL(run.result.jobs.size(), 2u);
  for (const workload::JobStats& s : run.result.jobs) {
    BOOST_TEST(s.issued_ios > 0u);
    BOOST_TEST(s.all_ios == s.issued_ios);  // every issued command completed and was reaped
    BOOST_TEST(s.power_loss_aborted == 0u);
    BOOST_TEST(s.drained_ios > 0u);  // QD32: commands were in flight at the end
    BOOST_TEST(s.drained_ios <= 32u);
    BOOST_TEST(s.runtime_ps() == 20 * kPsPerMs + s.drain_ps);
    BOOST_TEST(s.drain_ps > 0u);
    // The window counts every completion after the ramp, the drained ones included: the
    // commands not counted are exactly those completed during the ramp.
    BOOST_TEST(s.write.lat_ns.count() == s.write.ios);
    BOOST_TEST(s.write.ios < s.all_ios);
    BOOST_TEST(s.write.ios > s.drained_ios);
  }
  const report::ReportEntry e = run.entry(0);
  BOOST_TEST(e.issued_ios == run.result.jobs[0].issued_ios);
  BOOST_TEST_MESSAGE("issued " << e.issued_ios << ", drained " << e.drained_ios << " in "
                               << double(e.drain_ps) / kPsPerUs << " us; GC victims " << d.mapping.gc_victims);
}
