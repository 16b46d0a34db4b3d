#include <boost/test/unit_test.hpp>

#include "host_if/pcie_link.h"
#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(seq_read_128k_saturates_the_link_payload_ceiling) {
  const auto run = test::simulate(
      test::max9550(), "[j]\nrw=read\nbs=128k\niodepth=64\ntime_based\nramp_time=5ms\nruntime=40ms\n", 32, 1);
  const auto& c = run.profile.config;
  const host_if::LinkModel link(c.pcie, run.profile.host.read_completion_bytes);
  // Per command the upstream wire carries the data in MPS TLPs plus a CQE and an MSI-X.
  const std::uint64_t wire =
      link.mwr_wire_bytes(131072) + link.mwr_wire_bytes(host_if::kCqeBytes) + link.mwr_wire_bytes(host_if::kMsixBytes);
  const double ceiling = 131072.0 / s_from_ps(link.wire_time_ps(wire));
  const auto e = run.entry();
  const double bw = double(e.read.bytes) / s_from_ps(e.runtime_ps);
  BOOST_TEST_MESSAGE("bandwidth " << bw / 1e9 << " GB/s, link ceiling " << ceiling / 1e9 << " GB/s");
  BOOST_TEST(bw <= ceiling * 1.001);
  BOOST_TEST(bw == ceiling, boost::test_tools::tolerance(0.02));
}
