// Scaled simulation: keep channels, dies, planes, blocks per plane and page size (so every
// timing path and the number of block groups GC chooses among are unchanged) and divide
// the wordlines per block by `scale`; user capacity shrinks with the same
// overprovisioning ratio. Erase time is divided by the same factor, so erase time per
// programmed byte is unchanged. Host offsets are divided by the scale.
//
// Why not divide blocks per plane (the first design): GC keeps a few free block groups per
// die whatever the capacity, so at 18 block groups per die (9550 MAX / 32) that reserve
// ate the spare area: uniform random WAF 4.85 instead of about 2.0.
#pragma once
#include <cstdint>

#include "config/drive_config.h"
#include "nand/geometry.h"
#include "sim/time.h"

namespace ssdtwin::config {

struct Layout {
  std::uint32_t scale = 1;
  nand::Geometry geo;
  std::uint64_t user_ius = 0;
  std::uint64_t user_bytes() const;
  std::uint32_t iu_bytes = 0;
  TimePs tBERS_ps = 0;  // erase time of a scaled block group
  // Bytes of host memory the mapping tables need (L2P + P2L, 4 B per entry).
  std::uint64_t map_bytes() const { return 4 * (user_ius + geo.physical_ius); }
};

// Throws std::invalid_argument when the scale exceeds the wordlines per block, or leaves
// less spare space per die than GC needs.
Layout make_layout(const DriveConfig& cfg, std::uint32_t scale);
// What scaling changes: the program units per block group (wordlines / scale). Block groups
// per die, the GC watermarks and reserve, and so the reserve's share of the spare area, are
// the same at every scale. Below 12 units per block group results move with the scale: on
// the 9550 MAX 12.8 TB, JESD219 WAF is 2.354 at 24 units, 2.363 at 12 and 2.497 at 6, and
// a 7% OP random-write run that is clean at 12 units stalls up to 78 ms at 6 (paced GC
// works in whole units). docs/architecture.md, "Scale invariance".
constexpr std::uint32_t kMinSafeUnitsPerBg = 12;
constexpr std::uint64_t kDefaultMapBudgetBytes = 1ULL << 30;  // preferred mapping-table size
// The automatic scale may exceed the preferred size up to this to stay safe (peak RSS < 2 GiB).
constexpr std::uint64_t kMaxSafeMapBytes = 3ULL << 29;

struct ScaleChoice {
  std::uint32_t scale = 1;
  std::uint32_t budget_scale = 1;  // the coarsest scale the budget alone needs
  bool safe = true;                // at least kMinSafeUnitsPerBg program units per block group
};
// The automatic scale: the smallest divisor of the wordlines per block whose mapping tables
// fit in `budget_bytes`; if that leaves fewer than kMinSafeUnitsPerBg units per block group,
// the coarsest scale that keeps them, when its tables fit in kMaxSafeMapBytes (otherwise the
// budget's scale, marked unsafe).
ScaleChoice choose_scale(const DriveConfig& cfg, std::uint64_t budget_bytes = kDefaultMapBudgetBytes);
std::uint32_t auto_scale(const DriveConfig& cfg, std::uint64_t budget_bytes);
// Program units per block group at a scale (wordlines / scale).
std::uint32_t units_per_bg_at(const DriveConfig& cfg, std::uint32_t scale);

}  // namespace ssdtwin::config
