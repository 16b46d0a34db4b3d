// Drives FlashArray instances directly in a test: each NandOp is submitted at its planned
// time, and completions are recorded. Several arrays may share the one elaboration.
#pragma once
#include <utility>
#include <vector>

#include "nand/flash_array.h"
#include "sim_support.h"

namespace ssdtwin::test {

struct FlashRecorder : nand::FlashClient {
  std::vector<nand::NandOp*> done;
  void on_nand_done(nand::NandOp* op) override { done.push_back(op); }
};

struct FlashSubmit {
  TimePs at_ps;
  nand::FlashArray* fa;
  nand::NandOp* op;
};

// An SC_METHOD, not an SC_THREAD: SystemC announces coroutine switches to ASan, and a thread
// that ends leaves LeakSanitizer scanning the dead coroutine's stack at exit (it crashed there).
struct FlashDriver : sc_core::sc_module {
  SC_HAS_PROCESS(FlashDriver);
  std::vector<FlashSubmit> plan;  // in time order
  std::size_t next = 0;
  FlashDriver(sc_core::sc_module_name n, std::vector<FlashSubmit> p) : sc_module(n), plan(std::move(p)) {
    SC_METHOD(go);
  }
  void go() {
    const TimePs now = sc_now_ps();
    while (next < plan.size() && plan[next].at_ps <= now) {
      plan[next].fa->submit(plan[next].op);
      ++next;
    }
    if (next < plan.size()) next_trigger(sc_ps(plan[next].at_ps - now));
  }
};

inline nand::NandOp flash_op(nand::OpKind k, std::uint32_t die, std::uint32_t bus_bytes, std::uint32_t plane = 0) {
  nand::NandOp o;
  o.kind = k;
  o.die = die;
  o.plane = plane;
  o.bus_bytes = bus_bytes;
  o.may_suspend = k == nand::OpKind::Read;
  return o;
}

}  // namespace ssdtwin::test
