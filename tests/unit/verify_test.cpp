#include <boost/test/unit_test.hpp>

#include "ftl/functional_writer.h"
#include "ftl/mapping.h"
#include "ftl/verify_tags.h"
#include "config/config_loader.h"
#include "config/layout.h"
#include "sim/rng.h"
#include "test_support.h"

using namespace ssdtwin;
using namespace ssdtwin::ftl;

namespace {
struct Tagged {
  config::Layout l;
  Mapping m;
  VerifyTags v;
  explicit Tagged(const config::Layout& layout)
      : l(layout), m(l.geo, l.user_ius, 1), v(l.user_ius, l.geo.physical_ius, l.geo.ius_per_unit) {
    m.set_verify(&v);
  }
  std::uint64_t read_back() {
    const std::uint64_t before = v.counters().mismatches;
    for (std::uint64_t lpn = 0; lpn < m.user_ius(); ++lpn) v.check(VerifyPoint::Readback, lpn, m.l2p(lpn));
    return v.counters().mismatches - before;
  }
};

config::Layout tiny_layout() { return config::make_layout(config::load_profile(test::tiny_drive()).config, 1); }
}  // namespace

BOOST_AUTO_TEST_SUITE(verify)

BOOST_AUTO_TEST_CASE(overwrites_trims_gc_and_static_wl_return_the_newest_version) {
  Tagged t(tiny_layout());
  t.m.set_wear_levelling(20, 0);
  FunctionalWriter w(t.m, {2, 3});
  w.write_sequential(1);
  Rng rng(11);
  // A hot tenth of the drive is rewritten and partly deallocated: GC relocates the cold
  // rest rarely, static wear levelling moves it when the erase spread passes 20.
  const std::uint64_t hot = t.m.user_ius() / 10;
  std::uint64_t writes = t.m.user_ius(), trims = 0;
  for (std::uint64_t i = 0; i < 30 * t.m.user_ius(); ++i) {
    const std::uint64_t lpn = rng.below(hot);
    // The functional writer has no deallocate of its open unit: trim what is on flash.
    if (i % 97 == 0 && !Mapping::is_buffer_ref(t.m.l2p(lpn))) {
      t.m.trim(lpn);
      t.v.host_trim(lpn);
      ++trims;
    } else {
      w.write(lpn);
      ++writes;
    }
  }
  w.flush();
  BOOST_TEST(t.read_back() == 0u);
  BOOST_TEST(t.m.counters().static_wl_moves > 0u);
  BOOST_TEST(t.v.counters().relocation_checks > 0u);
  BOOST_TEST(t.v.counters().mismatches == 0u);
  BOOST_TEST(trims > 100u);
  BOOST_TEST(t.v.counters().writes_tagged == writes);
}

BOOST_AUTO_TEST_CASE(a_deallocate_the_host_never_sent_is_a_mismatch) {
  Tagged t(tiny_layout());
  precondition_sequential(t.m, 1, {2, 3});
  t.m.trim(7);  // the map loses LPN 7 behind the host's back
  BOOST_TEST(t.read_back() == 1u);
  const VerifyMismatch& x = t.v.first_mismatches().at(0);
  BOOST_TEST(x.lpn == 7u);
  BOOST_TEST(x.found_seq == 0u);
  BOOST_TEST(x.expected_seq == t.v.expected_seq(7));
}

BOOST_AUTO_TEST_CASE(a_map_pointing_at_a_stale_copy_is_a_mismatch) {
  Tagged t(tiny_layout());
  FunctionalWriter w(t.m, {2, 3});
  w.write_sequential(1);
  w.flush();
  const std::uint32_t old_ppn = t.m.l2p(3);
  w.write(3);
  w.flush();
  BOOST_TEST(t.read_back() == 0u);
  t.m.map_to_flash(3, old_ppn);  // a bug: the L2P entry goes back to the superseded copy
  BOOST_TEST(t.read_back() == 1u);
  const VerifyMismatch& x = t.v.first_mismatches().at(0);
  BOOST_TEST(x.found_lpn == 3u);
  BOOST_TEST(x.found_seq < x.expected_seq);
}

BOOST_AUTO_TEST_CASE(erasing_live_data_is_a_mismatch_on_the_next_read) {
  Tagged t(tiny_layout());
  precondition_sequential(t.m, 1, {2, 3});
  const std::uint32_t lpn = 100;
  const std::uint32_t ppn = t.m.l2p(lpn);
  const auto a = t.l.geo.decode(ppn);
  const std::uint32_t die = a.die, bg = a.bg;
  const std::uint32_t live = t.m.valid_ius(die, bg);
  t.m.erase_bg(die, bg);  // a bug: erased without relocating
  BOOST_TEST(t.read_back() == live);
  BOOST_TEST(t.v.first_mismatches().at(0).found_seq == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
