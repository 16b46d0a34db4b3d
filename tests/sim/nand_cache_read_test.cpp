// Cache read (controller.nand_cache_read): a plane senses its next page while the previous
// one is still on the channel. Two arrays, one with and one without, take the same three
// reads on one plane followed by a program on that die.
#include <boost/test/unit_test.hpp>

#include "nand/flash_array.h"
#include "sim_support.h"

using namespace ssdtwin;
using namespace ssdtwin::nand;

namespace {
struct Recorder : FlashClient {
  std::vector<NandOp*> done;
  void on_nand_done(NandOp* op) override { done.push_back(op); }
};
struct Driver : sc_core::sc_module {
  SC_HAS_PROCESS(Driver);
  std::vector<std::pair<FlashArray*, std::vector<NandOp>*>> work;
  explicit Driver(sc_core::sc_module_name n) : sc_module(n) { SC_METHOD(go); }
  void go() {
    for (auto& [fa, ops] : work)
      for (auto& op : *ops) fa->submit(&op);
  }
};
std::vector<NandOp> three_reads_then_program(const NandConfig& c, std::uint32_t page_bus_bytes) {
  std::vector<NandOp> ops(4);
  for (int i = 0; i < 3; ++i) {
    ops[i].kind = OpKind::Read;
    ops[i].die = 0;
    ops[i].plane = 0;
    ops[i].bus_bytes = page_bus_bytes;
  }
  ops[3].kind = OpKind::Program;
  ops[3].die = 0;
  ops[3].bus_bytes = static_cast<std::uint32_t>(program_unit_bus_bytes(c));
  return ops;
}
}  // namespace

BOOST_AUTO_TEST_CASE(cache_read_overlaps_sensing_with_data_out_on_one_plane) {
  const auto p = model::load_profile(test::tiny_drive());
  const auto layout = model::make_layout(p.config, 1);
  NandConfig off = p.config.nand;
  off.cache_read_enabled = false;
  NandConfig on = off;
  on.cache_read_enabled = true;
  FlashArray fa_off("nand_off", off, layout.geo), fa_on("nand_on", on, layout.geo);
  Recorder rec_off, rec_on;
  fa_off.set_client(&rec_off);
  fa_on.set_client(&rec_on);
  const std::uint32_t page = off.page_bytes + off.spare_bytes;
  auto ops_off = three_reads_then_program(off, page), ops_on = three_reads_then_program(on, page);
  Driver drv("driver");
  drv.work = {{&fa_off, &ops_off}, {&fa_on, &ops_on}};
  sc_core::sc_start();
  BOOST_TEST_REQUIRE(rec_off.done.size() == 4u);
  BOOST_TEST_REQUIRE(rec_on.done.size() == 4u);

  const TimePs sense = off.cmd_overhead_ps + off.tR_ps;
  const TimePs xfer = bus_time_ps(off, page);
  const TimePs ecc = off.ecc_decode_ps;
  BOOST_TEST_REQUIRE(xfer < sense);  // the case below: sensing is the slower stage
  // Without cache read each read holds the plane through its data-out.
  for (int i = 0; i < 3; ++i) BOOST_TEST(ops_off[i].done_ps == TimePs(i + 1) * (sense + xfer) + ecc);
  // With it the plane senses back to back; each page streams out as soon as it is sensed.
  for (int i = 0; i < 3; ++i) BOOST_TEST(ops_on[i].done_ps == TimePs(i + 1) * sense + xfer + ecc);
  // A program needs the registers too: it starts after the last data-out either way.
  BOOST_TEST(ops_off[3].done_ps == 3 * (sense + xfer) + program_unit_time_ps(off));
  BOOST_TEST(ops_on[3].done_ps == 3 * sense + xfer + program_unit_time_ps(on));
}
