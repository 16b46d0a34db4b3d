#include "ftl/precondition.h"

#include <vector>

namespace ssdtwin::ftl {

void functional_gc(Mapping& map, std::uint32_t die, GcWatermarks wm) {
  const nand::Geometry& geo = map.geometry();
  std::vector<std::uint64_t> valid;
  while (map.free_bgs(die) < wm.high_bgs) {
    const int victim = map.pick_victim(die);
    if (victim < 0) return;
    const std::uint64_t base = geo.bg_base(die, std::uint32_t(victim));
    valid.clear();
    for (std::uint64_t p = base; p < base + geo.ius_per_bg; ++p) {
      const std::uint32_t lpn = map.p2l(p);
      if (lpn < Mapping::kInvalid && map.l2p(lpn) == p) valid.push_back(p);
    }
    for (std::size_t i = 0; i < valid.size(); i += geo.ius_per_unit) {
      const std::uint64_t dst = map.alloc_unit(die, Stream::Gc);
      for (std::uint32_t k = 0; k < geo.ius_per_unit; ++k) {
        if (i + k < valid.size()) map.relocate(valid[i + k], dst + k);
        else map.program_padding(dst + k);
      }
    }
    map.erase_bg(die, std::uint32_t(victim));
  }
}

void precondition_sequential(Mapping& map, std::uint32_t passes, GcWatermarks wm) {
  const nand::Geometry& geo = map.geometry();
  const std::uint64_t n = map.user_ius();
  std::uint32_t die = 0;
  for (std::uint32_t pass = 0; pass < passes; ++pass) {
    for (std::uint64_t lpn = 0; lpn < n; lpn += geo.ius_per_unit) {
      std::uint32_t tried = 0;
      while (!map.can_alloc(die, Stream::Host) && tried++ < geo.dies) {
        functional_gc(map, die, wm);
        if (!map.can_alloc(die, Stream::Host)) die = (die + 1) % geo.dies;
      }
      const std::uint64_t base = map.alloc_unit(die, Stream::Host);
      for (std::uint32_t k = 0; k < geo.ius_per_unit; ++k) {
        if (lpn + k < n) map.map_to_flash(lpn + k, base + k);
        else map.program_padding(base + k);
      }
      if (map.free_bgs(die) < wm.low_bgs) functional_gc(map, die, wm);
      die = (die + 1) % geo.dies;
    }
  }
}

}  // namespace ssdtwin::ftl
