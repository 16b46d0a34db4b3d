#include <boost/test/unit_test.hpp>

#include "nand/geometry.h"
#include "nand/nand_timing.h"

using namespace ssdtwin;
using namespace ssdtwin::nand;

BOOST_AUTO_TEST_SUITE(nand_timing)

NandConfig b58r() {
  NandConfig c;
  c.planes_per_die = 6;
  c.page_bytes = 16384;
  c.spare_bytes = 2048;
  c.bits_per_cell = 3;
  c.bus_rate_mts = 2400;
  c.bus_width_bits = 8;
  c.tPROG_ps = 1800 * kPsPerUs;
  c.tR_ps = 45 * kPsPerUs;
  c.ecc_decode_ps = 2 * kPsPerUs;
  c.cmd_overhead_ps = 300 * kPsPerNs;
  return c;
}

BOOST_AUTO_TEST_CASE(channel_transfer_time_is_bytes_over_rate_times_width) {
  // 18 KiB page + spare at 2400 MT/s x 8 bit = 2.4 GB/s: 7.68 us.
  BOOST_TEST(bus_time_ps(b58r(), 18432) == 7680000u);
}

BOOST_AUTO_TEST_CASE(multi_plane_program_moves_all_planes_and_pages_of_a_wordline) {
  const NandConfig c = b58r();
  BOOST_TEST(program_unit_bus_bytes(c) == 6u * 3u * 18432u);
  // 300 ns + 331776 B / 2.4 GB/s (138.24 us) + 1800 us.
  BOOST_TEST(program_unit_time_ps(c) == 300000u + 138240000u + 1800000000u);
}

BOOST_AUTO_TEST_CASE(geometry_decode_spreads_consecutive_ius_over_planes) {
  Geometry g;
  g.dies = 4;
  g.channels = 2;
  g.dies_per_channel = 2;
  g.planes = 6;
  g.bits_per_cell = 3;
  g.bgs_per_die = 10;
  g.units_per_bg = 768;
  g.ius_per_page = 4;
  g.ius_per_unit = 72;
  g.ius_per_bg = 72ull * 768;
  g.physical_ius = g.ius_per_bg * 10 * 4;
  const std::uint64_t base = g.unit_base(3, 7, 5);
  const PhysAddr a = g.decode(base + 4 * 6 + 5);  // second page-in-wordline, plane 1, IU 1
  BOOST_TEST(a.die == 3u);
  BOOST_TEST(a.bg == 7u);
  BOOST_TEST(a.unit == 5u);
  BOOST_TEST(a.plane == 1u);
  BOOST_TEST(a.page_in_wordline == 1u);
  BOOST_TEST(a.iu_in_page == 1u);
  BOOST_TEST(g.channel_of(3) == 1u);
}

BOOST_AUTO_TEST_SUITE_END()
