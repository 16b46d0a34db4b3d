// The FTL write path (controller.fe_write_cores): writes hold at most that many firmware
// cores, so with one write-path core their rate is 1 / fe_write_cmd even though the drive
// has two cores, and reads keep being served by the other one.
#include <boost/test/unit_test.hpp>

#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(one_write_path_core_caps_writes_at_one_over_the_write_cost) {
  // 100 us per write: 10K IOPS on one core (20K if both cores could run writes); the tiny
  // drive's NAND would take about 48K 4 KiB writes per second, so the core sets the pace.
  const auto r = test::simulate(test::tiny_drive(),
                                "[global]\ntime_based\nramp_time=20ms\nruntime=300ms\n"
                                "[w]\nrw=randwrite\nbs=4k\niodepth=32\n[rd]\nrw=randread\nbs=4k\niodepth=32\n",
                                1, 1, {"controller.fe_write_cores=1", "controller.fe_write_cmd_ns=100000"});
  const auto& w = r.result.jobs[0];
  const auto& rd = r.result.jobs[1];
  const double write_iops = double(w.write.ios) / s_from_ps(w.end_ps - w.start_ps);
  const double read_iops = double(rd.read.ios) / s_from_ps(rd.end_ps - rd.start_ps);
  BOOST_TEST_MESSAGE("writes " << write_iops << " IOPS, reads " << read_iops << " IOPS");
  BOOST_TEST(write_iops == 10000.0, boost::test_tools::tolerance(0.03));
  BOOST_TEST(read_iops > 20000.0);  // reads are not queued behind the write path
}
