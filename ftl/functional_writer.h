// The functional (untimed) host write path: the same Mapping code as the timed FTL, at
// tens of millions of IU updates per second, for preconditioning and endurance studies.
//
// Host IUs fill one open program unit (an overwrite of an IU still in it is absorbed, as
// the timed write buffer does); a full unit is programmed on the next die round-robin.
// Greedy GC per die keeps the free pool between the watermarks. Unlike the timed GC, the
// GC stream's partially filled unit carries over from one victim to the next (in a real
// controller it waits in the power-loss-protected GC buffer), so no padding is wasted.
#pragma once
#include <cstdint>
#include <vector>

#include "ftl/gc_stream.h"
#include "ftl/mapping.h"

namespace ssdtwin::ftl {

struct GcWatermarks {
  std::uint32_t low_bgs = 2, high_bgs = 3;
};

struct FunctionalCounters {
  std::uint64_t host_ius = 0;        // IUs the host wrote (after absorption)
  std::uint64_t absorbed_ius = 0;    // overwrites of IUs still in the open unit
  std::uint64_t programmed_ius = 0;  // IUs programmed to NAND: host units + GC relocations + padding
  std::uint64_t gc_relocated_ius = 0;
};

class FunctionalWriter {
 public:
  FunctionalWriter(Mapping& map, GcWatermarks wm);
  void write(std::uint64_t lpn);
  // Writes every user LPN in order, `passes` times (sequential fills).
  void write_sequential(std::uint32_t passes);
  // Same as write() for each, with the table entries prefetched a few updates ahead.
  void write_batch(const std::uint64_t* lpns, std::size_t n);
  // Programs the open host unit (padding it) and closes the GC streams' partial units.
  void flush();
  const FunctionalCounters& counters() const { return counters_; }
  // From now on GC collects whenever a die falls below wm.low_bgs, up to wm.high_bgs.
  void set_watermarks(GcWatermarks wm) { wm_ = wm; }

 private:
  void program_host_unit(std::uint32_t used);
  void gc(std::uint32_t die);
  void collect(std::uint32_t die, std::uint32_t victim);

  Mapping& map_;
  GcWatermarks wm_;
  const nand::Geometry& geo_;
  std::vector<std::uint32_t> unit_;  // LPNs of the open host unit
  std::uint32_t fill_ = 0;
  std::uint32_t die_ = 0;  // round-robin pointer
  GcStream gc_stream_;
  std::vector<std::uint64_t> candidates_;  // scratch: a victim's PPNs not yet invalidated
  FunctionalCounters counters_;
};

// SNIA PTS workload-independent preconditioning: every user LPN in order, `passes` times.
void precondition_sequential(Mapping& map, std::uint32_t passes, GcWatermarks wm);

}  // namespace ssdtwin::ftl
