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
  FlashArray& fa;
  std::vector<NandOp>& ops;
  Driver(sc_core::sc_module_name n, FlashArray& f, std::vector<NandOp>& o) : sc_module(n), fa(f), ops(o) { SC_METHOD(go); }
  void go() {
    for (auto& op : ops) fa.submit(&op);
  }
};
}  // namespace

BOOST_AUTO_TEST_CASE(multi_plane_program_then_plane_parallel_reads_follow_the_timing_rules) {
  const auto p = model::load_profile(test::tiny_drive());
  const auto layout = model::make_layout(p.config, 1);
  const NandConfig& c = p.config.nand;
  FlashArray fa("nand", c, layout.geo);
  Recorder rec;
  fa.set_client(&rec);
  std::vector<NandOp> ops(4);
  // Die 0: two reads on different planes (submitted first, so they run first), then a program.
  ops[0].kind = OpKind::Read; ops[0].die = 0; ops[0].plane = 0; ops[0].bus_bytes = 4608;
  ops[1].kind = OpKind::Read; ops[1].die = 0; ops[1].plane = 1; ops[1].bus_bytes = 4608;
  ops[2].kind = OpKind::Program; ops[2].die = 0; ops[2].bus_bytes = static_cast<std::uint32_t>(program_unit_bus_bytes(c));
  // Die 2 is on the other channel: its program is independent of die 0.
  ops[3].kind = OpKind::Program; ops[3].die = 1; ops[3].bus_bytes = ops[2].bus_bytes;
  Driver drv("driver", fa, ops);
  sc_core::sc_start();
  BOOST_TEST_REQUIRE(rec.done.size() == 4u);
  const TimePs read1 = page_read_time_ps(c, layout.geo.ius_per_page, 1);
  // Both planes sense in parallel; their data-outs share the channel one after the other.
  BOOST_TEST(ops[0].done_ps == read1);
  BOOST_TEST(ops[1].done_ps == read1 + bus_time_ps(c, 4608));
  // The program waits for both reads' data-out, then command + data-in + tPROG.
  const TimePs planes_free = read1 - c.ecc_decode_ps + bus_time_ps(c, 4608);
  BOOST_TEST(ops[2].done_ps == planes_free + program_unit_time_ps(c));
  // Die 1 (channel 1) programs from t = 0 with no interference.
  BOOST_TEST(ops[3].done_ps == program_unit_time_ps(c));
}
