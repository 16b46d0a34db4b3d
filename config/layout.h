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
// Smallest power-of-two scale whose mapping tables fit in `budget_bytes`.
std::uint32_t auto_scale(const DriveConfig& cfg, std::uint64_t budget_bytes);
constexpr std::uint64_t kDefaultMapBudgetBytes = 1ULL << 30;

}  // namespace ssdtwin::config
