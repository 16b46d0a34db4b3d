// Cache read (controller.nand_cache_read): a plane senses its next page while the previous
// one is still on the channel. Two arrays, one with and one without, take the same three
// reads on one plane followed by a program on that die.
#include <boost/test/unit_test.hpp>

#include "flash_driver.h"

using namespace ssdtwin;
using namespace ssdtwin::nand;
using test::flash_op;

namespace {
struct ThreeReadsThenProgram {
  NandOp reads[3], prog;
  ThreeReadsThenProgram(std::uint32_t page_bus_bytes, std::uint32_t unit_bus_bytes)
      : reads{flash_op(OpKind::Read, 0, page_bus_bytes), flash_op(OpKind::Read, 0, page_bus_bytes),
              flash_op(OpKind::Read, 0, page_bus_bytes)},
        prog(flash_op(OpKind::Program, 0, unit_bus_bytes)) {}
  std::vector<test::FlashSubmit> plan(FlashArray& fa) {
    return {{0, &fa, &reads[0]}, {0, &fa, &reads[1]}, {0, &fa, &reads[2]}, {0, &fa, &prog}};
  }
};
}  // namespace

BOOST_AUTO_TEST_CASE(cache_read_overlaps_sensing_with_data_out_on_one_plane) {
  const auto p = config::load_profile(test::tiny_drive());
  const auto layout = config::make_layout(p.config, 1);
  NandConfig off = p.config.nand;
  off.cache_read_enabled = false;
  NandConfig on = off;
  on.cache_read_enabled = true;
  FlashArray fa_off("nand_off", off, layout.geo), fa_on("nand_on", on, layout.geo);
  test::FlashRecorder rec_off, rec_on;
  fa_off.set_client(&rec_off);
  fa_on.set_client(&rec_on);
  const std::uint32_t page = off.page_bytes + off.spare_bytes;
  const auto unit = static_cast<std::uint32_t>(program_unit_bus_bytes(off));
  ThreeReadsThenProgram ops_off(page, unit), ops_on(page, unit);
  auto plan = ops_off.plan(fa_off);
  for (const auto& s : ops_on.plan(fa_on)) plan.push_back(s);
  test::FlashDriver drv("driver", plan);
  sc_core::sc_start();
  BOOST_TEST_REQUIRE(rec_off.done.size() == 4u);
  BOOST_TEST_REQUIRE(rec_on.done.size() == 4u);

  const TimePs sense = off.cmd_overhead_ps + off.tR_ps;
  const TimePs xfer = bus_time_ps(off, page);
  const TimePs ecc = off.ecc_decode_ps;
  BOOST_TEST_REQUIRE(xfer < sense);  // the case below: sensing is the slower stage
  // Without cache read each read holds the plane through its data-out.
  for (int i = 0; i < 3; ++i) BOOST_TEST(ops_off.reads[i].done_ps == TimePs(i + 1) * (sense + xfer) + ecc);
  // With it the plane senses back to back; each page streams out as soon as it is sensed.
  for (int i = 0; i < 3; ++i) BOOST_TEST(ops_on.reads[i].done_ps == TimePs(i + 1) * sense + xfer + ecc);
  // A program needs the registers too: it starts after the last data-out either way.
  BOOST_TEST(ops_off.prog.done_ps == 3 * (sense + xfer) + program_unit_time_ps(off));
  BOOST_TEST(ops_on.prog.done_ps == 3 * sense + xfer + program_unit_time_ps(on));
}
