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

struct FlashDriver : sc_core::sc_module {
  SC_HAS_PROCESS(FlashDriver);
  std::vector<FlashSubmit> plan;  // in time order
  FlashDriver(sc_core::sc_module_name n, std::vector<FlashSubmit> p) : sc_module(n), plan(std::move(p)) {
    SC_THREAD(go);
  }
  void go() {
    for (const FlashSubmit& s : plan) {
      const TimePs now = sc_now_ps();
      if (s.at_ps > now) wait(sc_ps(s.at_ps - now));
      s.fa->submit(s.op);
    }
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
