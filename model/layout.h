// Scaled simulation: keep channels, dies, planes and pages per block (so every timing path
// is unchanged) and divide blocks per plane by `scale`; user capacity shrinks with the
// same overprovisioning ratio. Host offsets are divided by the scale (see fio_initiator).
#pragma once
#include <cstdint>

#include "model/drive_config.h"
#include "nand/geometry.h"

namespace ssdtwin::model {

struct Layout {
  std::uint32_t scale = 1;
  nand::Geometry geo;
  std::uint64_t user_ius = 0;
  std::uint64_t user_bytes() const;
  std::uint32_t iu_bytes = 0;
  // Bytes of host memory the mapping tables need (L2P + P2L, 4 B per entry).
  std::uint64_t map_bytes() const { return 4 * (user_ius + geo.physical_ius); }
};

// Throws std::invalid_argument when the scale leaves less than the GC needs per die.
Layout make_layout(const DriveConfig& cfg, std::uint32_t scale);
// Smallest power-of-two scale whose mapping tables fit in `budget_bytes`.
std::uint32_t auto_scale(const DriveConfig& cfg, std::uint64_t budget_bytes);
constexpr std::uint64_t kDefaultMapBudgetBytes = 1ULL << 30;

}  // namespace ssdtwin::model
