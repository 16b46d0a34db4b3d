// Every NAND operation the FTL submits carries the physical address of what it touches
// (nand/nand_op.h): a read the die, plane, block, wordline and page type of the IU's page,
// a program the wordline its unit fills, an erase the victim block. Checked against the
// mapping (L2P and the geometry's decode) on the tiny drive, with a flash port that records
// operations and completes them outside the submit call.
#include <boost/test/unit_test.hpp>
#include <deque>

#include "config/config_loader.h"
#include "config/layout.h"
#include "ftl/ftl.h"
#include "test_support.h"

using namespace ssdtwin;

namespace {
struct RecordingFlash : nand::FlashPort {
  std::deque<nand::NandOp*> pending;
  std::vector<nand::NandOp> seen;
  void submit(nand::NandOp* op) override {
    seen.push_back(*op);
    pending.push_back(op);
  }
  void drain(nand::FlashClient& c) {
    while (!pending.empty()) {
      nand::NandOp* op = pending.front();
      pending.pop_front();
      c.on_nand_done(op);
    }
  }
};
struct NullHost : ftl::FtlHost {
  void on_read_ready(ftl::IoRequest*) override {}
  void on_buffer_granted(ftl::IoRequest*) override {}
};
}  // namespace

BOOST_AUTO_TEST_SUITE(nand_address)

BOOST_AUTO_TEST_CASE(page_types_follow_the_index_of_the_page_on_its_wordline) {
  using nand::PageType;
  BOOST_TEST((nand::page_type_of(0, 3) == PageType::Lower));
  BOOST_TEST((nand::page_type_of(1, 3) == PageType::Middle));
  BOOST_TEST((nand::page_type_of(2, 3) == PageType::Upper));
  BOOST_TEST((nand::page_type_of(3, 4) == PageType::Top));
  BOOST_TEST((nand::page_type_of(1, 2) == PageType::Upper));  // MLC: lower and upper
}

BOOST_AUTO_TEST_CASE(reads_programs_and_erases_carry_the_address_they_touch) {
  const auto p = config::load_profile(test::tiny_drive());
  const auto l = config::make_layout(p.config, 1);
  const nand::Geometry& g = l.geo;
  RecordingFlash flash;
  ftl::Ftl ftl(p.config.ftl, p.config.nand, g, l.user_ius, flash);
  NullHost host;
  ftl.set_host(&host);
  // Write the whole user space twice in large commands, then again at random places, so
  // programs fill many wordlines and GC erases victims.
  const std::uint32_t n = 64;
  std::uint64_t x = 12345;
  for (int pass = 0; pass < 3; ++pass) {
    for (std::uint64_t lpn = 0; lpn + n <= l.user_ius; lpn += n) {
      ftl::IoRequest r;
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      r.first_lpn = pass < 2 ? lpn : (x >> 20) % (l.user_ius - n);
      r.n_ius = n;
      r.bytes = n * p.config.ftl.iu_bytes;
      BOOST_REQUIRE(ftl.reserve_buffer(&r));
      ftl.commit_write(&r);
      flash.drain(ftl);
    }
  }
  std::size_t programs = 0, erases = 0;
  for (const nand::NandOp& op : flash.seen) {
    if (op.kind == nand::OpKind::Program) {
      ++programs;
      BOOST_TEST((op.page_type == nand::PageType::Wordline));
      BOOST_TEST(op.block < g.bgs_per_die);
      BOOST_TEST(op.wordline < g.units_per_bg);
    } else if (op.kind == nand::OpKind::Erase) {
      ++erases;
      BOOST_TEST((op.page_type == nand::PageType::Block));
      BOOST_TEST(op.block < g.bgs_per_die);
    }
  }
  BOOST_TEST(programs > 0u);
  BOOST_TEST(erases > 0u);  // GC ran

  // Host reads: one per page, each at the address of the IU's current copy.
  flash.seen.clear();
  std::size_t checked = 0;
  for (std::uint64_t lpn = 0; lpn < l.user_ius; lpn += 37) {
    const std::uint32_t e = ftl.mapping().l2p(lpn);
    if (ftl::Mapping::is_buffer_ref(e) || e == ftl::Mapping::kUnmapped) continue;
    ftl::IoRequest r;
    r.first_lpn = lpn;
    r.n_ius = 1;
    r.bytes = p.config.ftl.iu_bytes;
    flash.seen.clear();
    BOOST_REQUIRE(!ftl.read(&r));
    BOOST_REQUIRE(flash.seen.size() == 1u);
    const nand::NandOp& op = flash.seen[0];
    const nand::PhysAddr a = g.decode(e);
    BOOST_TEST(op.die == a.die);
    BOOST_TEST(op.plane == a.plane);
    BOOST_TEST(op.block == a.bg);
    BOOST_TEST(op.wordline == a.unit);
    BOOST_TEST((op.page_type == nand::page_type_of(a.page_in_wordline, g.bits_per_cell)));
    flash.drain(ftl);
    ++checked;
  }
  BOOST_TEST(checked > 10u);
}

BOOST_AUTO_TEST_SUITE_END()
