// Power loss in the FTL (members of Ftl; ftl/ftl.h): what a supply failure drops, what
// the hold-up energy flushes with PLP, and what a cut would leave unreadable.
#include "ftl/ftl.h"
#include "ftl/verify_tags.h"

namespace ssdtwin::ftl {
// ---------------------------------------------------------------- power loss

void Ftl::power_fail() {
  power_failing_ = true;
  ra_.clear();                                        // prefetched data is DRAM only
  if (!cfg_.plp) return;                              // nothing to flush with: DRAM dies with the supply
  if (!open_unit_->items.empty()) close_open_unit();  // the partly filled host unit goes out padded
  dispatch_host_units();
  gc_.flush_partials_at_power_fail();
}

bool Ftl::flush_needs_gc(std::uint32_t die) const {
  // On hold-up energy GC runs only where the flush has no room to program (the die is
  // down to its GC reserve): it must free a block group first, at the capacitor's expense.
  return cfg_.plp && used_slots_ > 0 && !map_.can_alloc(die, Stream::Host);
}

void Ftl::power_restore() {
  power_failing_ = false;
  gc_.resume();
}

bool Ftl::holds_volatile_data() const {
  if (used_slots_ > 0) return true;
  for (std::uint32_t die = 0; die < geo_.dies; ++die) {
    if (host_programs_inflight_[die] || gc_.holds_volatile_data(die)) return true;
  }
  return false;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> Ftl::interrupted_ranges() const {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> out;
  for (std::uint32_t die = 0; die < geo_.dies; ++die) gc_.interrupted_ranges(die, out);
  // Host units in flight need no entry: their IUs are tagged only when the program completes.
  return out;
}

}  // namespace ssdtwin::ftl
