#include <boost/test/unit_test.hpp>

#include "host_if/pcie_link.h"
#include "nand/nand_timing.h"
#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(unloaded_4k_read_latency_equals_sum_of_stages) {
  const auto run =
      test::simulate(test::max9550(), "[j]\nrw=randread\nbs=4k\niodepth=1\ntime_based\nruntime=20ms\n", 32, 1);
  const auto& c = run.profile.config;
  const host_if::LinkModel link(c.pcie, run.profile.host.read_completion_bytes);
  using namespace host_if;
  const TimePs one_way = c.pcie.round_trip_ps / 2;
  // Host -> doorbell -> SQE fetch -> firmware -> NAND page read -> data + CQE + MSI-X -> host.
  const TimePs expected =
      run.profile.host.submit_overhead_ps + link.wire_time_ps(link.mwr_wire_bytes(kDoorbellBytes)) + one_way +
      link.wire_time_ps(link.mrd_wire_bytes(kSqeBytes)) + c.pcie.round_trip_ps +
      link.wire_time_ps(link.cpld_wire_bytes(kSqeBytes)) + c.controller.fe_read_cmd_ps +
      nand::page_read_time_ps(c.nand, run.layout.geo.ius_per_page, 1) +
      link.wire_time_ps(link.mwr_wire_bytes(4096) + link.mwr_wire_bytes(kCqeBytes) + link.mwr_wire_bytes(kMsixBytes)) +
      one_way + run.profile.host.complete_overhead_ps;
  const auto e = run.entry();
  const double mean_ns = e.read.lat_ns.mean();
  BOOST_TEST_MESSAGE("simulated " << mean_ns << " ns, sum of stages " << expected / 1000.0 << " ns");
  BOOST_TEST(e.read.ios > 100u);
  BOOST_TEST(mean_ns == expected / 1000.0, boost::test_tools::tolerance(0.01));
}
