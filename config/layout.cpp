#include "config/layout.h"

#include <fmt/format.h>
#include <stdexcept>

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

std::uint32_t auto_scale(const DriveConfig& cfg, std::uint64_t budget_bytes) {
  // The smallest power of two within the memory budget; if GC granularity forbids it, the
  // caller's make_layout() says so.
  const std::uint32_t wordlines = cfg.nand.pages_per_block / cfg.nand.bits_per_cell;
  std::uint32_t s = 1;
  while (s < wordlines) {
    const std::uint64_t phys = std::uint64_t(cfg.nand.blocks_per_plane) * cfg.dies() * (wordlines / s) *
                               cfg.nand.bits_per_cell * cfg.nand.planes_per_die *
                               (cfg.nand.page_bytes / cfg.ftl.iu_bytes);
    const auto user = static_cast<std::uint64_t>(static_cast<long double>(phys) * cfg.user_bytes / cfg.raw_bytes());
    if (4 * (phys + user) <= budget_bytes && phys < kMaxPhysicalIus) break;
    s *= 2;
  }
  return s;
}

}  // namespace ssdtwin::config
