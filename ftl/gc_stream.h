// The GC write stream of each die: relocated IUs fill one program unit after another,
// and a partly filled unit carries over from one victim to the next (its data waits in
// the power-loss-protected GC buffer), so relocation wastes no padding. Shared by the
// timed FTL and the functional writer.
#pragma once
#include <cstdint>
#include <fmt/format.h>
#include <stdexcept>
#include <vector>

#include "ftl/mapping.h"

namespace ssdtwin::ftl {

class GcStream {
 public:
  explicit GcStream(Mapping& map) : map_(map), fill_(map.geometry().dies) {
    for (Fill& f : fill_) f.next = map.geometry().ius_per_unit;
  }

  // Moves `old_ppn`'s data (if still valid) to the die's next GC slot. Returns true when
  // that filled a unit, which then needs its program; `unit_base` receives its base PPN.
  // Forced inline: GCC kept it a call, 5% of the 6550 ION's preconditioning (WAF 4.3).
  [[gnu::always_inline]] bool relocate(std::uint32_t die, std::uint64_t old_ppn, std::uint64_t& unit_base) {
    Fill& f = fill_[die];
    const std::uint32_t per_unit = map_.geometry().ius_per_unit;
    if (f.next == per_unit) {
      if (!map_.can_alloc(die, Stream::Gc))
        throw std::runtime_error(
            fmt::format("die {} has no free block group left for GC: the drive is worn out ({} block groups retired at "
                        "their rated erase count)",
                        die, map_.counters().retired_bgs));
      f.base = map_.alloc_unit(die, Stream::Gc);
      f.next = 0;
      map_.begin_program(f.base);  // its block group is no GC candidate while we fill it
    }
    map_.relocate(old_ppn, f.base + f.next++);
    unit_base = f.base;
    if (f.next < per_unit) return false;
    map_.end_program(f.base);
    return true;
  }

  // Before relocating out of `victim`: a partial unit inside it is padded and closed, so
  // nothing is relocated into, or left pointing at, the block group being erased. (A block
  // group being filled is Closing, hence no victim, so this is a safety net.) Returns true
  // when a unit was closed (it needs its program).
  bool close_if_in(std::uint32_t die, std::uint32_t victim, std::uint64_t& unit_base) {
    Fill& f = fill_[die];
    const nand::Geometry& g = map_.geometry();
    if (f.next == g.ius_per_unit || g.bg_index(f.base) != g.bg_index(g.bg_base(die, victim))) return false;
    pad(f);
    unit_base = f.base;
    return true;
  }

  // Pads and closes the die's partly filled unit, if any (returns true: it needs its
  // program). Without power-loss protection relocated data may not wait in DRAM for the
  // next victim; on a power failure with it, the GC buffer is flushed.
  bool close_partial(std::uint32_t die, std::uint64_t& unit_base) {
    Fill& f = fill_[die];
    if (f.next == 0 || f.next == map_.geometry().ius_per_unit) return false;
    pad(f);
    unit_base = f.base;
    return true;
  }
  // The die's partly filled unit: its base and IUs filled (0 when there is none).
  std::uint32_t partial(std::uint32_t die, std::uint64_t& unit_base) const {
    const Fill& f = fill_[die];
    unit_base = f.base;
    return f.next == map_.geometry().ius_per_unit ? 0 : f.next;
  }

  // Pads every partial unit (end of a functional run).
  void close_all() {
    for (Fill& f : fill_)
      if (f.next < map_.geometry().ius_per_unit) pad(f);
  }

 private:
  struct Fill {
    std::uint64_t base = 0;
    std::uint32_t next = 0;
  };
  void pad(Fill& f) {
    while (f.next < map_.geometry().ius_per_unit) map_.program_padding(f.base + f.next++);
    map_.end_program(f.base);
  }
  Mapping& map_;
  std::vector<Fill> fill_;
};

}  // namespace ssdtwin::ftl
