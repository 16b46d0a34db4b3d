// The host-side data path (host.path_read_* / path_write_*), one simulation with four job
// groups, each bound by a different stage and none touching the drive:
//   per_io on one shared worker caps IOPS at 1 / per_io, however deep the queue;
//   gbps caps the drive's DMA of read (or write) data at that rate;
//   latency + bytes / stream_gbps is added to every I/O's latency but, not being shared,
//   does not cap throughput.
#include <boost/test/unit_test.hpp>

#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(host_path_stages_cap_iops_bandwidth_and_add_latency) {
  const auto r =
      test::simulate(test::tiny_drive(),
                     "[global]\ntime_based\nramp_time=5ms\nruntime=50ms\n"
                     "[worker]\nrw=randread\nbs=4k\niodepth=64\n"
                     "[bandwidth]\nstonewall\nrw=read\nbs=64k\niodepth=64\n"
                     "[latency]\nstonewall\nrw=randread\nbs=4k\niodepth=1\n"
                     "[write]\nstonewall\nrw=write\nbs=64k\niodepth=32\n",
                     1, 1,
                     {"host.path_read_per_io_ns=40000", "host.path_read_gbps=0.2", "host.path_read_latency_ns=100000",
                      "host.path_read_stream_gbps=0.05", "host.path_write_gbps=0.05"});
  const auto& j = r.result.jobs;
  auto rate = [](const workload::JobStats& s, const workload::DirectionStats& d, double unit) {
    return double(d.ios) * unit / s_from_ps(s.runtime_ps());
  };
  // 1 / 40 us = 25K IOPS (the 200 MB/s path and the 182 us latency stage allow more).
  BOOST_TEST(rate(j[0], j[0].read, 1.0) == 25000.0, boost::test_tools::tolerance(0.02));
  // 64 KiB reads: the 0.2 GB/s path, not the worker (25K x 64 KiB = 1.6 GB/s).
  BOOST_TEST(rate(j[1], j[1].read, 65536.0) == 0.2e9, boost::test_tools::tolerance(0.02));
  // QD1: 40 us worker + 100 us + 4096 B / 0.05 GB/s (82 us) on top of the drive's own latency
  // (tR 45 us, transfers, firmware, 5 us host and the 4 KiB at 0.2 GB/s: under 100 us).
  const double lat_us = j[2].read.lat_ns.mean() / 1e3;
  BOOST_TEST(lat_us > 40 + 100 + 81.92);
  BOOST_TEST(lat_us < 40 + 100 + 81.92 + 100);
  // Writes: the drive's DMA of write data is held to 0.05 GB/s.
  BOOST_TEST(rate(j[3], j[3].write, 65536.0) == 0.05e9, boost::test_tools::tolerance(0.03));
}
