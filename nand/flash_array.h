// The NAND back end: dies with independently reading planes, shared channel buses, and
// the scheduling rules between them. Plain state lives here; time is SystemC's.
//
// Timing rules (docs/architecture.md derives them):
//  - read:    starts when its plane is free (FIFO per plane) -> cmd + tR -> data-out on the
//             channel (first free slot once the data is ready) -> ECC decode -> done. The
//             plane is busy until its data-out ends. One wake-up per read.
//  - program: all planes idle -> channel data-in -> tPROG -> done.
//  - erase:   all planes idle -> tBERS -> done.
//  - Reads have priority: a program/erase starts only when every read booked on the die
//    has left its plane. Programs and erases run in FIFO order.
//  - Suspend (when enabled): a host read (NandOp::may_suspend) to a die whose program/erase is running pauses it,
//    at most max_suspends_per_op times per operation. The planes free up the suspend
//    latency after the later of the read's arrival and the end of the program's data-in;
//    once every read booked meanwhile has left, the operation resumes for the time it
//    still had to run plus the resume overhead.
#pragma once
#include <systemc>
#include <vector>

#include "nand/activity_log.h"
#include "nand/channel_calendar.h"
#include "nand/flash_stats.h"
#include "nand/geometry.h"
#include "nand/nand_config.h"
#include "nand/nand_op.h"
#include "nand/nand_timing.h"
#include "sim/energy_budget.h"
#include "sim/sc_wakeup.h"

namespace ssdtwin::nand {

class FlashArray : public sc_core::sc_module, public FlashPort {
 public:
  SC_HAS_PROCESS(FlashArray);
  FlashArray(sc_core::sc_module_name name, const NandConfig& cfg, const Geometry& geo);
  void set_client(FlashClient* client) { client_ = client; }
  // Operations wait for this budget (sustained-power cap); null: no cap.
  void set_energy_budget(EnergyBudget* budget) { budget_ = budget; }
  // Wake-ups run in `d` (sim/lookahead.h) instead of on this module's own event.
  void join(LookaheadDomain& d) {
    wake_.join(d, [this] { on_wake(); });
  }
  // Peak-power management: at most `n` dies program at once (host and GC alike; a
  // suspended program still counts); the others wait in arrival order. 0: no limit.
  void set_program_limit(std::uint32_t n) { program_limit_ = n; }
  // Timeline window: every booked interval is offered to it (null: none). Programs and
  // erases appear as booked; a suspend later stretches them without a new entry.
  void set_activity_log(ActivityLog* log) { activity_ = log; }
  void submit(NandOp* op) override;
  const FlashStats& stats() const { return stats_; }
  void reset_stats() { stats_.reset(geo_.dies, geo_.channels); }
  TimePs bus_time_ps(std::uint32_t bytes) const { return nand::bus_time_ps(cfg_, bytes); }

 private:
  struct Die {
    OpQueue pe;                    // programs and erases waiting, FIFO
    bool waiting_budget = false;   // the head P/E is queued in budget_waiters_
    bool waiting_program = false;  // the head program is queued in program_waiters_
    NandOp* active = nullptr;      // the program/erase on the array, running or suspended
    TimePs array_start_ps = 0;     // end of the active program's data-in
    TimePs done_ps = 0;            // when the active operation ends if not suspended again
    TimePs remaining_ps = 0;       // array time left while suspended
    std::uint32_t suspends = 0;    // suspends of the active operation so far
    std::uint32_t gen = 0;         // bumps when done_ps moves; older PeDone wakes are stale
    bool suspended = false;
    bool check_pending = false;  // a wake-up to retry the head P/E or resume is booked
    TimePs check_at_ps = 0;      // ... for this time
  };
  enum class Stage : std::uint8_t { ReadDone, PeDone, DieCheck, BudgetCheck };
  // Something waiting for the power budget, in arrival order across all dies: a read, or
  // (read == nullptr) the ready head program/erase of `die`.
  struct BudgetWaiter {
    NandOp* read;
    std::uint32_t die;
  };
  struct Wake {
    Stage stage;
    NandOp* op;         // ReadDone / PeDone
    std::uint32_t die;  // PeDone / DieCheck
    std::uint32_t gen;  // PeDone
  };

  void on_wake();
  void book_read(NandOp* op, TimePs now);
  void wait_for_budget(BudgetWaiter w, TimePs now);
  void on_budget_check(TimePs now);
  void compact_budget_waiters();
  void maybe_suspend(Die& d, std::uint32_t die, TimePs now);
  void service_die(std::uint32_t die, TimePs now);
  void check_die_at(std::uint32_t die, TimePs when);
  void try_start_pe(std::uint32_t die, TimePs now);
  void on_program_slot_free(TimePs now);
  TimePs planes_free_at(std::uint32_t die) const;

  NandConfig cfg_;
  Geometry geo_;
  std::vector<Die> dies_;
  std::vector<TimePs> plane_free_at_;  // [die * planes + plane]: array free to sense
  std::vector<TimePs> cache_free_at_;  // [die * planes + plane]: cache register drained
  std::vector<ChannelCalendar> channels_;
  FlashClient* client_ = nullptr;
  ActivityLog* activity_ = nullptr;
  EnergyBudget* budget_ = nullptr;
  std::uint32_t program_limit_ = 0, programs_active_ = 0;
  std::vector<std::uint32_t> program_waiters_;  // dies, FIFO from program_head_
  std::size_t program_head_ = 0;
  std::vector<BudgetWaiter> budget_waiters_;  // FIFO from budget_head_; one wake for all
  std::size_t budget_head_ = 0;
  bool budget_wake_armed_ = false;
  bool serving_budget_ = false;                          // on_budget_check is starting a waiter's P/E
  double read_j_[4] = {}, program_j_ = 0, erase_j_ = 0;  // array energy per operation (reads: per page type)
  TimePs tR_ps_[4] = {};                                 // per page type (nand::PageType Lower .. Top)
  FlashStats stats_;
  ScWakeups<Wake> wake_;
};

}  // namespace ssdtwin::nand
