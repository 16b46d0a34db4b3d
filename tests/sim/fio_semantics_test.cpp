// fio semantics carried into the model, all in one simulation (one elaboration per
// process): rate_iops spaces issues, number_ios and io_size/loops stop a job at exactly
// their count, bssplit mixes block sizes at its weights, and a zoned distribution keeps
// random I/O inside its zone.
#include <boost/test/unit_test.hpp>

#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(fio_rate_count_loops_bssplit_and_zones_hold_in_simulation) {
  const auto r =
      test::simulate(test::tiny_drive(),
                     "[rated]\nrw=randread\nbs=4k\niodepth=8\nrate_iops=2000\ntime_based\nruntime=200ms\n"
                     "[counted]\nrw=randwrite\nbs=4k\niodepth=4\nnumber_ios=123\n"
                     "[looped]\nrw=read\nbs=64k\nsize=1m\nloops=3\n"
                     "[split]\nrw=randread\nbssplit=4k/75:64k/25\niodepth=16\ntime_based\nruntime=200ms\n"
                     "[zoned]\nrw=randread\nbs=4k\nsize=64m\nrandom_distribution=zoned:100/25\nnumber_ios=2000\n",
                     1, 1);
  const auto& j = r.result.jobs;
  BOOST_REQUIRE(j.size() == 5u);
  // 2000 IOPS for 200 ms: 400 issues, give or take the one in flight at each edge.
  BOOST_TEST(j[0].read.ios >= 399u);
  BOOST_TEST(j[0].read.ios <= 401u);
  BOOST_TEST(j[1].write.ios == 123u);
  BOOST_TEST(j[2].read.bytes == 3u * 1048576u);
  const double mean_bs = double(j[3].read.bytes) / double(j[3].read.ios);
  BOOST_TEST(mean_bs == 0.75 * 4096 + 0.25 * 65536, boost::test_tools::tolerance(0.03));
  BOOST_TEST(j[4].read.ios == 2000u);
}
