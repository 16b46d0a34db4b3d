// Garbage collection, per die: below the low watermark of free block groups, relocate the
// valid IUs of the closed block group the victim policy picks (ftl/victim_policy.h), erase
// it, and repeat up to the high watermark; then let static wear levelling move cold data.
// Relocation reads pages into the controller, hands each batch to the firmware cores
// (GcFirmware) when they cost time, and remaps its IUs into the die's GC stream, whose full
// units are programmed (ftl/gc_stream.h). Reads are paced by host writes: a victim with V
// valid IUs owes V / (BG - V) relocated IUs per host IU, which keeps the free pool level.
// Plain C++, driven by the FTL's calls and NAND completions.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "ftl/ftl_config.h"
#include "ftl/gc_stream.h"
#include "ftl/mapping.h"
#include "ftl/nand_ops.h"

namespace ssdtwin::ftl {

class GcFirmware;
struct FtlCounters;

// What GC needs to know of, and tell, the FTL around it.
class GcClient {
 public:
  virtual ~GcClient() = default;
  virtual bool host_idle() const = 0;
  virtual bool power_failing() const = 0;
  // On hold-up energy: the die must free a block group before the flush can program there.
  virtual bool flush_needs_gc(std::uint32_t die) const = 0;
  // A victim was erased: host units waiting for space may go.
  virtual void block_group_freed(std::uint32_t die) = 0;
};

class GcEngine {
 public:
  GcEngine(const FtlConfig& cfg, const nand::Geometry& geo, std::uint32_t iu_bus_bytes, Mapping& map, NandOps& ops,
           nand::FlashPort& flash, FtlCounters& counters, GcClient& client);
  void set_firmware(GcFirmware* fw) { firmware_ = fw; }

  // Starts GC on `die` below its start threshold (the low watermark; the high one for paced
  // GC while the host writes).
  void maybe_start(std::uint32_t die) {
    if (map_.free_bgs(die) < start_threshold()) start(die);
  }
  // Starts collecting `victim` (-1: the policy's choice) unless GC runs on the die already.
  // `after_erase`: it follows the victim just erased, so it keeps that one's credit balance.
  void start(std::uint32_t die, int victim = -1, bool after_erase = false);
  // Below the high watermark (or the idle target while the host is idle).
  bool wants_more(std::uint32_t die) const;
  // A host program unit went to `die`: it earns GC its share of relocation.
  void host_unit_written(std::uint32_t die);
  // The host went idle: collect unpaced up to the idle target on every die.
  void host_went_idle();
  // Preconditioning left every die at its low watermark: start where steady state would run.
  void start_steady_state();
  // Power restored: resume or start GC on every die.
  void resume();
  // Power failing with PLP: flush each die's partial GC unit whose reads are all in.
  void flush_partials_at_power_fail();

  void on_read_done(nand::NandOp* op);
  void on_firmware_done(nand::NandOp* op);
  void on_program_done(nand::NandOp* op);
  void on_erase_done(nand::NandOp* op);

  // Relocated data not yet safely on NAND on `die`: programs in flight, reads, a partial unit.
  bool holds_volatile_data(std::uint32_t die) const;
  // Appends [first PPN, count) ranges a cut now would leave unreadable on `die`.
  void interrupted_ranges(std::uint32_t die, std::vector<std::pair<std::uint64_t, std::uint64_t>>& out) const;

 private:
  struct Job {
    bool active = false, erasing = false;
    std::uint32_t victim = 0;
    std::vector<std::uint64_t> list;  // valid PPNs of the victim, in order
    std::size_t cursor = 0;
    std::uint32_t reads_inflight = 0;
    double ratio = 0;   // relocation IUs owed per host IU (V / (BG - V))
    double credit = 0;  // relocation IUs GC may still read before the host writes more
  };

  bool urgent(std::uint32_t die) const;
  std::uint32_t start_threshold() const;
  void pump(std::uint32_t die);
  void relocate_batch(nand::NandOp* op);
  void submit_program(std::uint32_t die, std::uint64_t unit_base);
  void flush_partial(std::uint32_t die);  // pads and programs the die's partial GC unit, if any
  void check_done(std::uint32_t die);
  bool still_valid(std::uint64_t ppn) const {
    const std::uint32_t lpn = map_.p2l(ppn);
    return lpn < Mapping::kInvalid && map_.l2p(lpn) == ppn;
  }

  const FtlConfig& cfg_;
  const nand::Geometry& geo_;
  std::uint32_t iu_bus_bytes_;
  Mapping& map_;
  NandOps& ops_;
  nand::FlashPort& flash_;
  FtlCounters& counters_;
  GcClient& client_;
  GcFirmware* firmware_ = nullptr;
  std::vector<Job> jobs_;  // per die
  GcStream stream_;
  std::vector<std::vector<std::uint64_t>> units_inflight_;  // per die: bases of GC units programming
};

}  // namespace ssdtwin::ftl
