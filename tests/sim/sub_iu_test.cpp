// Commands smaller than the indirection unit: with 16 KiB IUs, a 4 KiB random write on a
// filled drive reads the old IU (read-modify-write) and programs a whole IU, so its write
// amplification is at least IU / bs = 4.
#include <boost/test/unit_test.hpp>

#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(sub_iu_write_reads_the_old_iu_and_costs_a_whole_iu) {
  const auto r =
      test::simulate(test::tiny_drive(), "[global]\ntime_based\nruntime=300ms\n[w]\nrw=randwrite\nbs=4k\niodepth=16\n",
                     1, 1, {"ftl.iu_bytes=16384"}, true);
  const auto& d = r.result.drive;
  const auto& w = r.result.jobs[0].write;
  BOOST_TEST_REQUIRE(w.ios > 1000u);
  BOOST_TEST(d.ftl.host_written_bytes >= w.ios * 4096);
  // Almost every write lands on an IU that lives on NAND (a few merge in the buffer).
  BOOST_TEST(double(d.ftl.rmw_reads) > 0.9 * double(d.ftl.host_written_ius - d.ftl.buffer_overwrites));
  BOOST_TEST(d.waf >= 4.0);
  BOOST_TEST(d.invariant_violation.empty(), d.invariant_violation);
}
