// A host-side data path (host.path_gbps, host.path_per_io_ns) that every I/O crosses one at
// a time caps throughput at bs / (per_io + bs / bandwidth), however deep the queue, without
// touching the drive.
#include <boost/test/unit_test.hpp>

#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(host_path_caps_throughput_at_per_io_cost_plus_bytes_over_bandwidth) {
  const auto r = test::simulate(test::tiny_drive(),
                                "[global]\ntime_based\nramp_time=5ms\nruntime=100ms\n[r]\nrw=read\nbs=16k\niodepth=32\n", 1,
                                1, {"host.path_gbps=0.05", "host.path_per_io_ns=10000"});
  const double expected_bps = 16384.0 / (10e-6 + 16384.0 / 0.05e9);  // 48.5 MB/s
  const auto& rd = r.result.jobs[0].read;
  const double bps = double(rd.bytes) / s_from_ps(r.result.jobs[0].end_ps - r.result.jobs[0].start_ps);
  BOOST_TEST(bps == expected_bps, boost::test_tools::tolerance(0.01));
}
