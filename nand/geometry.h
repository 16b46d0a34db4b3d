// Physical layout used by the FTL and the flash array after scaling.
//
// A block group (BG) is one block in every plane of a die: the unit of allocation, GC and
// erase. A program unit is one wordline on every plane of a die (planes x bits_per_cell
// pages): what one one-shot multi-plane program writes. Within a unit, consecutive
// indirection units fill a page, then move to the next plane, so sequential data spreads
// over all planes and reads back with plane parallelism.
//
//   PPN = ((die * bgs_per_die + bg) * units_per_bg + unit) * ius_per_unit + slot
#pragma once
#include <cstdint>

namespace ssdtwin::nand {

struct PhysAddr {
  std::uint32_t die, bg, unit, plane, page_in_wordline, iu_in_page;
};

struct Geometry {
  std::uint32_t channels = 0, dies_per_channel = 0, dies = 0;
  std::uint32_t planes = 0, bits_per_cell = 0;
  std::uint32_t bgs_per_die = 0;   // blocks per plane after scaling
  std::uint32_t units_per_bg = 0;  // wordlines per block
  std::uint32_t ius_per_page = 0;
  std::uint32_t ius_per_unit = 0;
  std::uint64_t ius_per_bg = 0;
  std::uint64_t physical_ius = 0;

  std::uint32_t channel_of(std::uint32_t die) const { return die % channels; }

  PhysAddr decode(std::uint64_t ppn) const {
    PhysAddr a{};
    const std::uint32_t slot = static_cast<std::uint32_t>(ppn % ius_per_unit);
    std::uint64_t rest = ppn / ius_per_unit;
    a.unit = static_cast<std::uint32_t>(rest % units_per_bg);
    rest /= units_per_bg;
    a.bg = static_cast<std::uint32_t>(rest % bgs_per_die);
    a.die = static_cast<std::uint32_t>(rest / bgs_per_die);
    a.iu_in_page = slot % ius_per_page;
    a.plane = (slot / ius_per_page) % planes;
    a.page_in_wordline = slot / (ius_per_page * planes);
    return a;
  }
  std::uint64_t unit_base(std::uint32_t die, std::uint32_t bg, std::uint32_t unit) const {
    return ((std::uint64_t(die) * bgs_per_die + bg) * units_per_bg + unit) * ius_per_unit;
  }
  std::uint64_t bg_base(std::uint32_t die, std::uint32_t bg) const { return unit_base(die, bg, 0); }
  // Global block-group index, used for per-BG counters.
  std::uint32_t bg_index(std::uint64_t ppn) const { return static_cast<std::uint32_t>(ppn / ius_per_bg); }
};

}  // namespace ssdtwin::nand
