#include <boost/test/unit_test.hpp>

#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(iops_times_mean_latency_equals_outstanding_ios) {
  // 2 jobs x QD 24 of 70/30 random 4K on a preconditioned drive: a closed loop keeps 48 in
  // flight, and fio's latency spans the whole loop (issue to reap), so N = X x R exactly.
  const auto run = test::simulate(test::max9550(),
                                  "[j]\nrw=randrw\nrwmixread=70\nbs=4k\niodepth=24\nnumjobs=2\ngroup_reporting\n"
                                  "time_based\nramp_time=5ms\nruntime=60ms\n",
                                  32, 1);
  const auto e = run.entry();
  const double seconds = s_from_ps(e.runtime_ps);
  const double x = double(e.read.ios + e.write.ios) / seconds;
  const double r_ns =
      (e.read.lat_ns.mean() * e.read.ios + e.write.lat_ns.mean() * e.write.ios) / double(e.read.ios + e.write.ios);
  const double n = x * r_ns * 1e-9;
  BOOST_TEST_MESSAGE("X = " << x << " IOPS, R = " << r_ns << " ns, X*R = " << n);
  BOOST_TEST(n == 48.0, boost::test_tools::tolerance(0.02));
}
