// The controller's firmware cores: `cores` embedded CPUs shared by host commands (each
// command's front-end step: parse, FTL lookup, DMA set-up) and GC relocation (checking and
// remapping the IUs each GC page read brings into the controller). Writes, deallocates and
// GC batches run on at most `write_cores` of them: the FTL's write path is serialised there,
// while reads keep the other cores.
//
// When host commands and GC batches both wait, a free core takes the GC batch: its read was
// issued because host writes earned the credit for it (ftl::GcEngine's pacing), so it is
// already due, and the host's rate settles where the cores pay for both. Alternating one
// command with one batch let the host outrun GC below ~20% OP until the free pool ran dry.
//
// Plain C++: the NVMe front end (CoreHost) supplies time, its arbitration of fetched
// commands, and the timer that ends each task; the FTL reaches the cores through
// ftl::GcFirmware.
#pragma once
#include <cstdint>

#include "ftl/ftl.h"
#include "nand/nand_op.h"
#include "sim/energy_budget.h"
#include "sim/time.h"

namespace ssdtwin::firmware {

struct CoresConfig {
  std::uint32_t cores = 1;
  std::uint32_t write_cores = 0;  // cores the write path may hold at once; 0: all of them
  TimePs gc_iu_ps = 0;            // firmware time per IU a GC read brings in; 0: GC costs no core time
};

// One unit of core work: a host command's front-end step or a GC batch.
struct CoreTask {
  TimePs cost_ps = 0;
  bool write_path = false;     // holds a write-path core
  double data_j = 0;           // energy of the data the command moves (beyond core time)
  void* cmd = nullptr;         // the front end's command; null for a GC batch
  nand::NandOp* gc = nullptr;  // the GC read batch
};

struct CoreStats {
  TimePs core_busy_ps = 0;
  std::uint64_t gc_fw_batches = 0, gc_fw_ius = 0;  // GC read batches (and their IUs) firmware processed
  TimePs gc_fw_busy_ps = 0;                        // core time they took (part of core_busy_ps)
};

// What the cores need from the NVMe front end.
class CoreHost {
 public:
  virtual ~CoreHost() = default;
  virtual TimePs now() const = 0;
  // A fetched command could start (write_core_free: a write-path core is free).
  virtual bool command_waiting(bool write_core_free) const = 0;
  // Takes the next command by the front end's arbitration into `task`; false when the one
  // it took cannot run yet (a write with no write-path core free: the front end parks it).
  virtual bool next_command(bool write_core_free, CoreTask& task) = 0;
  // Calls Cores::finish(task...) for `task` at time `at`.
  virtual void core_done_at(TimePs at, const CoreTask& task) = 0;
};

class Cores : public ftl::GcFirmware {
 public:
  Cores(const CoresConfig& cfg, ftl::Ftl& ftl);
  void set_host(CoreHost* host) { host_ = host; }
  // Energy of core time against the power budget; null: no power management.
  void set_power(EnergyBudget* budget, double core_busy_w) {
    budget_ = budget;
    core_busy_w_ = core_busy_w;
  }

  // Starts waiting work on free cores.
  void dispatch(TimePs now);
  // A host command's step ended (write_path as its task had it): its core is free again.
  void finish_command(bool write_path, TimePs now);
  // A GC batch ended: its core is free again and the FTL relocates the batch.
  void finish_gc(nand::NandOp* op, TimePs now);

  // ftl::GcFirmware: a GC page read has arrived; false when GC costs no core time.
  bool run_gc_batch(nand::NandOp* op) override;

  const CoreStats& stats() const { return stats_; }
  void reset_stats() { stats_ = CoreStats{}; }

 private:
  void start(const CoreTask& task, TimePs now);
  void release(bool write_path);

  CoresConfig cfg_;
  ftl::Ftl& ftl_;
  CoreHost* host_ = nullptr;
  std::uint32_t idle_cores_, write_slots_, write_busy_ = 0;
  nand::OpQueue gc_work_;  // GC batches waiting for a core
  EnergyBudget* budget_ = nullptr;
  double core_busy_w_ = 0;
  CoreStats stats_;
};

}  // namespace ssdtwin::firmware
