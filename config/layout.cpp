#include "config/layout.h"

#include <fmt/format.h>
#include <optional>
#include <stdexcept>
#include <vector>

namespace ssdtwin::config {
namespace {
// L2P entries hold a PPN or a flagged buffer slot in 32 bits.
constexpr std::uint64_t kMaxPhysicalIus = 0x7FFFFFFFULL;
}  // namespace

std::uint64_t Layout::user_bytes() const { return user_ius * iu_bytes; }

Layout make_layout(const DriveConfig& cfg, std::uint32_t scale) {
  Layout l;
  l.scale = scale;
  l.iu_bytes = cfg.ftl.iu_bytes;
  nand::Geometry& g = l.geo;
  g.channels = cfg.channels;
  g.dies_per_channel = cfg.dies_per_channel;
  g.dies = cfg.dies();
  g.planes = cfg.nand.planes_per_die;
  g.bits_per_cell = cfg.nand.bits_per_cell;
  const std::uint32_t wordlines = cfg.nand.pages_per_block / cfg.nand.bits_per_cell;
  if (scale == 0 || scale > wordlines)
    throw std::invalid_argument(fmt::format("scale {} is outside 1..{} (the wordlines per block)", scale, wordlines));
  g.bgs_per_die = cfg.nand.blocks_per_plane;
  g.units_per_bg = wordlines / scale;
  l.tBERS_ps = cfg.nand.tBERS_ps * g.units_per_bg / wordlines;
  g.ius_per_page = cfg.nand.page_bytes / cfg.ftl.iu_bytes;
  g.ius_per_unit = g.ius_per_page * g.planes * g.bits_per_cell;
  g.ius_per_bg = std::uint64_t(g.ius_per_unit) * g.units_per_bg;
  g.physical_ius = g.ius_per_bg * g.bgs_per_die * g.dies;
  // Same OP ratio as the full drive: user = physical x user_bytes / raw_bytes.
  l.user_ius = static_cast<std::uint64_t>(static_cast<long double>(g.physical_ius) * cfg.user_bytes /
                                          static_cast<long double>(cfg.raw_bytes()));
  // GC needs the spare (overprovisioned) space to span the high watermark plus an open
  // block group (with 9 block groups per die, sequential overwrites relocated data).
  const double spare_bgs = g.bgs_per_die * (1.0 - double(l.user_ius) / double(g.physical_ius));
  if (spare_bgs < cfg.ftl.gc_high_watermark_bgs + 1.0)
    throw std::invalid_argument(
        fmt::format("scale {} leaves {:.1f} spare block groups per die ({} in all); GC needs at least {} "
                    "(gc_high_watermark_bgs + 1): the drive has too few blocks per plane for its overprovisioning",
                    scale, spare_bgs, g.bgs_per_die, cfg.ftl.gc_high_watermark_bgs + 1));
  if (g.physical_ius >= kMaxPhysicalIus)
    throw std::invalid_argument(fmt::format(
        "scale {} gives {} physical IUs, beyond the 31-bit map entry: use a larger --scale", scale, g.physical_ius));
  return l;
}

namespace {
std::uint32_t wordlines_of(const DriveConfig& cfg) { return cfg.nand.pages_per_block / cfg.nand.bits_per_cell; }

// Mapping-table bytes at a scale (as Layout::map_bytes), or none past the 31-bit entry.
std::optional<std::uint64_t> map_bytes_at(const DriveConfig& cfg, std::uint32_t s) {
  const std::uint64_t phys = std::uint64_t(cfg.nand.blocks_per_plane) * cfg.dies() * (wordlines_of(cfg) / s) *
                             cfg.nand.bits_per_cell * cfg.nand.planes_per_die *
                             (cfg.nand.page_bytes / cfg.ftl.iu_bytes);
  if (phys >= kMaxPhysicalIus) return std::nullopt;
  const auto user = static_cast<std::uint64_t>(static_cast<long double>(phys) * cfg.user_bytes / cfg.raw_bytes());
  return 4 * (phys + user);
}
}  // namespace

std::uint32_t units_per_bg_at(const DriveConfig& cfg, std::uint32_t scale) {
  return scale ? wordlines_of(cfg) / scale : 0;
}

ScaleChoice choose_scale(const DriveConfig& cfg, std::uint64_t budget_bytes) {
  // Divisors of the wordline count, so every wordline of a block is simulated (a power of
  // two need not divide it: 576 wordlines on the 176-layer part).
  const std::uint32_t wordlines = wordlines_of(cfg);
  std::vector<std::uint32_t> divisors;
  for (std::uint32_t s = 1; s <= wordlines; ++s)
    if (wordlines % s == 0) divisors.push_back(s);
  ScaleChoice c;
  c.budget_scale = wordlines;
  for (std::uint32_t s : divisors)
    if (const auto b = map_bytes_at(cfg, s); b && *b <= budget_bytes) {
      c.budget_scale = s;
      break;
    }
  c.scale = c.budget_scale;
  // Scale 1 is the drive itself, however few wordlines its blocks have.
  c.safe = c.scale == 1 || units_per_bg_at(cfg, c.scale) >= kMinSafeUnitsPerBg;
  if (c.safe) return c;
  // Finer than the budget asks: the coarsest scale that still keeps enough units.
  for (auto it = divisors.rbegin(); it != divisors.rend(); ++it) {
    if (*it >= c.budget_scale || units_per_bg_at(cfg, *it) < kMinSafeUnitsPerBg) continue;
    if (const auto b = map_bytes_at(cfg, *it); b && *b <= kMaxSafeMapBytes) {
      c.scale = *it;
      c.safe = true;
    }
    break;
  }
  return c;
}

std::uint32_t auto_scale(const DriveConfig& cfg, std::uint64_t budget_bytes) {
  return choose_scale(cfg, budget_bytes).scale;
}

}  // namespace ssdtwin::config
