// The NAND back end: dies with independently reading planes, shared channel buses, and
// the scheduling rules between them. Plain state lives here; time is SystemC's.
//
// Timing rules (docs/architecture.md derives them):
//  - read:    plane free -> tR (+cmd overhead) -> channel data-out (bus_bytes / bus rate)
//             -> ECC decode -> done. The plane is busy until its data-out ends.
//  - program: all planes idle -> channel data-in -> tPROG -> done.
//  - erase:   all planes idle -> tBERS -> done.
//  - Reads have priority: a program/erase starts only when no read is running or queued
//    on the die (no suspend; see issue 3).
#pragma once
#include <systemc>
#include <vector>

#include "nand/flash_stats.h"
#include "nand/geometry.h"
#include "nand/nand_config.h"
#include "nand/nand_op.h"
#include "nand/nand_timing.h"
#include "sim/sc_wakeup.h"

namespace ssdtwin::nand {

class FlashArray : public sc_core::sc_module, public FlashPort {
 public:
  SC_HAS_PROCESS(FlashArray);
  FlashArray(sc_core::sc_module_name name, const NandConfig& cfg, const Geometry& geo);
  void set_client(FlashClient* client) { client_ = client; }
  void submit(NandOp* op) override;
  const FlashStats& stats() const { return stats_; }
  void reset_stats() { stats_.reset(geo_.dies, geo_.channels); }

  TimePs bus_time_ps(std::uint32_t bytes) const { return nand::bus_time_ps(cfg_, bytes); }

 private:
  struct Plane {
    OpQueue reads;
    bool in_tr = false;
    TimePs free_at = 0;
  };
  struct Die {
    OpQueue pe;  // programs and erases, FIFO
    bool pe_active = false;
    std::uint32_t reads_in_tr = 0;
    std::uint32_t reads_queued = 0;
  };
  enum class Stage : std::uint8_t { TrDone, ReadDone, PeDone };
  struct Wake {
    Stage stage;
    NandOp* op;
  };

  void on_wake();
  void try_start(std::uint32_t die, TimePs now);
  void start_read(Plane& plane, NandOp* op, TimePs now);
  void start_pe(Die& d, std::uint32_t die, TimePs now);
  Plane& plane(std::uint32_t die, std::uint32_t p) { return planes_[die * geo_.planes + p]; }

  NandConfig cfg_;
  Geometry geo_;
  std::vector<Die> dies_;
  std::vector<Plane> planes_;
  std::vector<TimePs> channel_free_at_;
  FlashClient* client_ = nullptr;
  FlashStats stats_;
  ScWakeups<Wake> wake_;
};

}  // namespace ssdtwin::nand
