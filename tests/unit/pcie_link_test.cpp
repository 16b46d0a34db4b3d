#include <boost/test/unit_test.hpp>

#include "host_if/pcie_link.h"

using namespace ssdtwin;
using namespace ssdtwin::host_if;

BOOST_AUTO_TEST_SUITE(pcie_link)

PcieConfig gen5x4() { return PcieConfig{5, 4, 512, 512, 800000}; }

BOOST_AUTO_TEST_CASE(gen5_x4_mps512_payload_efficiency_matches_hand_computed_value) {
  // By hand: 32 GT/s x 4 x 128/130 / 8 = 15.7538 GB/s; ACK and FC DLLPs of 8 B every 250 B
  // (spec tables, x4, MPS 512) and SKP 4 B per 1538 B leave 93.340%; MWr TLPs carry
  // 512 B in 536 B on the wire. 15.7538 x 0.933399 x 512 / 536 = 14.0462 GB/s.
  const LinkModel link(gen5x4(), 64);
  const double expected = 32e9 * 4 * 128.0 / 130.0 / 8.0 * (1 - 16.0 / 250.0 - 4.0 / 1538.0) * 512.0 / 536.0;
  BOOST_TEST(expected == 14.0462e9, boost::test_tools::tolerance(1e-4));
  BOOST_TEST(link.mwr_payload_bytes_per_s() == expected, boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(gen4_encoding_and_gen2_encoding_differ) {
  BOOST_TEST(encoding_efficiency(2) == 0.8);
  BOOST_TEST(encoding_efficiency(4) == 128.0 / 130.0);
  BOOST_TEST(raw_bytes_per_s(4, 4) == 16e9 * 4 * 128.0 / 130.0 / 8.0, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(read_completions_are_split_at_the_host_completion_size) {
  const LinkModel link(gen5x4(), 64);
  BOOST_TEST(link.cpld_wire_bytes(4096) == 4096u + 64u * 20u);  // 64 CplDs of 64 B, 20 B overhead each
  BOOST_TEST(link.mrd_wire_bytes(4096) == 8u * 24u);            // 8 MRd of 512 B, 24 B each
  BOOST_TEST(link.mwr_wire_bytes(4096) == 4096u + 8u * 24u);    // 8 MWr of 512 B
  BOOST_TEST(link.mwr_wire_bytes(16) == 16u + 24u);             // one CQE
}

BOOST_AUTO_TEST_CASE(link_direction_is_work_conserving_and_never_finishes_before_ready) {
  LinkDirection d;
  BOOST_TEST(d.reserve(0, 0, 100) == 100u);
  BOOST_TEST(d.reserve(0, 1000, 100) == 1100u);  // data not ready until 1000
  BOOST_TEST(d.reserve(0, 0, 100) == 300u);      // ... but the wire was not left idle
  BOOST_TEST(d.busy_ps() == 300u);
}

BOOST_AUTO_TEST_SUITE_END()
