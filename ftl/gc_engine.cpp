#include "ftl/gc_engine.h"

#include <algorithm>
#include <stdexcept>

#include "ftl/ftl.h"

namespace ssdtwin::ftl {

GcEngine::GcEngine(const FtlConfig& cfg, const nand::Geometry& geo, std::uint32_t iu_bus_bytes, Mapping& map,
                   NandOps& ops, nand::FlashPort& flash, FtlCounters& counters, GcClient& client)
    : cfg_(cfg),
      geo_(geo),
      iu_bus_bytes_(iu_bus_bytes),
      map_(map),
      ops_(ops),
      flash_(flash),
      counters_(counters),
      client_(client),
      jobs_(geo.dies),
      stream_(map),
      units_inflight_(geo.dies) {}

void GcEngine::start(std::uint32_t die, int victim, bool after_erase) {
  Job& g = jobs_[die];
  if (g.active || (client_.power_failing() && !client_.flush_needs_gc(die))) return;
  if (victim < 0) victim = map_.pick_victim(die);
  if (victim < 0) return;
  g.active = true;
  g.victim = static_cast<std::uint32_t>(victim);
  g.list.clear();
  g.cursor = 0;
  // A die that was not collecting gets a unit's worth of credit to get going. A victim that
  // follows another keeps the balance (credit earned by host writes during the previous
  // victim's last reads, programs and erase): a fresh unit per victim let GC gain a unit on
  // the host every victim, until the pool reached the high watermark and GC paused (see
  // start_threshold). Debt is kept only up to a page (reads take whole pages): relocation
  // done flat out while the host could not write is not paid back by pausing GC later.
  g.credit = after_erase ? std::max(g.credit, -double(geo_.ius_per_page)) : double(geo_.ius_per_unit);
  // The GC stream's partial unit may lie in the victim: close it before scanning.
  std::uint64_t unit = 0;
  if (stream_.close_if_in(die, g.victim, unit)) submit_program(die, unit);
  const std::uint64_t base = geo_.bg_base(die, g.victim);
  for (std::uint64_t p = base; p < base + geo_.ius_per_bg; ++p)
    if (still_valid(p)) g.list.push_back(p);
  // Pacing: to keep the free pool level, every host IU written must be matched by
  // V / (BG - V) relocated IUs of this victim.
  const double freed = double(geo_.ius_per_bg - g.list.size());
  g.ratio = double(g.list.size()) / (freed > 0 ? freed : 1.0);
  pump(die);
  check_done(die);
}

bool GcEngine::urgent(std::uint32_t die) const {
  // Flat out only when the host can no longer write here (its open block group is full and
  // the free pool is down to the GC reserve), or when an idle host is not slowed by it.
  // Until then the host's writes into its open block group pay for the relocation: paced
  // at V / (BG - V), a victim is done before the host has written BG - V IUs, so the
  // reserve is never touched. (Going flat out at the reserve itself, as before, made every
  // die's GC start urgent with the default watermarks, and the host rate swung between
  // bursts without GC and stalls behind it.)
  return !cfg_.gc_paced || client_.host_idle() || !map_.can_alloc(die, Stream::Host);
}

// Paced GC under host writes restarts as soon as the pool is below the high watermark: with
// the low watermark it paused while the host wrote two block groups, a stretch without
// relocation whose length in host writes grows with the block group, so short runs with
// every die in step measured a different WAF at each scale.
std::uint32_t GcEngine::start_threshold() const {
  return cfg_.gc_paced && !client_.host_idle() ? cfg_.gc_high_watermark_bgs : cfg_.gc_low_watermark_bgs;
}

bool GcEngine::wants_more(std::uint32_t die) const {
  const std::uint32_t target =
      client_.host_idle() ? std::max(cfg_.idle_gc_target_bgs, cfg_.gc_high_watermark_bgs) : cfg_.gc_high_watermark_bgs;
  return map_.free_bgs(die) < target;
}

void GcEngine::host_unit_written(std::uint32_t die) {
  Job& g = jobs_[die];
  if (g.active) {
    g.credit += g.ratio * geo_.ius_per_unit;
    pump(die);
  }
  maybe_start(die);
}

void GcEngine::host_went_idle() {
  for (std::uint32_t die = 0; die < geo_.dies; ++die) {
    if (jobs_[die].active)
      pump(die);
    else if (wants_more(die))
      start(die);
  }
}

void GcEngine::start_steady_state() {
  for (std::uint32_t die = 0; die < geo_.dies; ++die)
    if (!jobs_[die].active && wants_more(die)) start(die);
}

void GcEngine::resume() {
  for (std::uint32_t die = 0; die < geo_.dies; ++die) {
    if (jobs_[die].active) {
      pump(die);
      check_done(die);
    } else {
      maybe_start(die);
    }
  }
}

void GcEngine::flush_partials_at_power_fail() {
  for (std::uint32_t die = 0; die < geo_.dies; ++die)
    if (jobs_[die].reads_inflight == 0) flush_partial(die);
}

void GcEngine::pump(std::uint32_t die) {
  Job& g = jobs_[die];
  if (client_.power_failing() && !client_.flush_needs_gc(die)) return;
  while (g.reads_inflight < cfg_.gc_reads_inflight && g.cursor < g.list.size() && (g.credit > 0 || urgent(die))) {
    const std::size_t first = g.cursor;
    const std::uint64_t page = g.list[first] / geo_.ius_per_page;
    while (g.cursor < g.list.size() && g.list[g.cursor] / geo_.ius_per_page == page) ++g.cursor;
    nand::NandOp* op = ops_.read(geo_.decode(g.list[first]), kGcRead);
    op->aux = first;
    op->count = static_cast<std::uint32_t>(g.cursor - first);
    g.credit -= op->count;
    op->bus_bytes = op->count * iu_bus_bytes_;
    ++g.reads_inflight;
    ++counters_.gc_nand_reads;
    flash_.submit(op);
  }
}

void GcEngine::on_read_done(nand::NandOp* op) {
  // The read slot stays taken while firmware works on the batch: the controller's cores
  // bound GC throughput the same way they bound host commands.
  if (firmware_ && firmware_->run_gc_batch(op)) return;
  relocate_batch(op);
  ops_.put(op);
}

void GcEngine::on_firmware_done(nand::NandOp* op) {
  relocate_batch(op);
  ops_.put(op);
}

void GcEngine::relocate_batch(nand::NandOp* op) {
  Job& g = jobs_[op->die];
  const std::uint32_t die = op->die;
  std::uint64_t unit = 0;
  for (std::uint64_t i = op->aux; i < op->aux + op->count; ++i)
    if (still_valid(g.list[i]) && stream_.relocate(die, g.list[i], unit)) submit_program(die, unit);
  --g.reads_inflight;
  // Power failing with PLP: once the die's GC reads are in, its GC buffer is flushed.
  if (client_.power_failing() && cfg_.plp && g.reads_inflight == 0) flush_partial(die);
  pump(die);
  check_done(die);
}

void GcEngine::flush_partial(std::uint32_t die) {
  std::uint64_t unit = 0;
  if (stream_.close_partial(die, unit)) submit_program(die, unit);
}

void GcEngine::submit_program(std::uint32_t die, std::uint64_t unit_base) {
  nand::NandOp* op = ops_.program(unit_base, kGcProgram);
  op->aux = unit_base;
  units_inflight_[die].push_back(unit_base);
  ++counters_.gc_programs;
  flash_.submit(op);
}

void GcEngine::check_done(std::uint32_t die) {
  Job& g = jobs_[die];
  if (!g.active || g.erasing || g.cursor < g.list.size() || g.reads_inflight) return;
  if (!cfg_.plp) {
    // No power-loss protection: the victim keeps the only durable copy of what was moved
    // until the GC units holding it are programmed (the partial one is padded now).
    flush_partial(die);
    if (!units_inflight_[die].empty()) return;  // the program's completion checks again
  }
  if (map_.valid_ius(die, g.victim) != 0) throw std::logic_error("GC victim still holds valid data after relocation");
  g.erasing = true;
  flash_.submit(ops_.erase(die, g.victim, kGcErase));
}

void GcEngine::on_program_done(nand::NandOp* op) {
  // The IUs were remapped when read; the program costs NAND time only.
  const std::uint32_t die = op->die;
  auto& units = units_inflight_[die];
  const auto it = std::find(units.begin(), units.end(), op->aux);
  if (it == units.end()) throw std::logic_error("a GC unit's program finished that was never submitted");
  units.erase(it);
  ops_.put(op);
  if (!cfg_.plp) check_done(die);
}

void GcEngine::on_erase_done(nand::NandOp* op) {
  const std::uint32_t die = op->die;
  Job& g = jobs_[die];
  map_.erase_bg(die, g.victim);
  g.active = g.erasing = false;
  ops_.put(op);
  client_.block_group_freed(die);
  // Keep collecting up to the high watermark; then let static wear levelling move cold data.
  if (wants_more(die))
    start(die, -1, true);
  else if (const int cold = map_.pick_static_wl_victim(die); cold >= 0)
    start(die, cold, true);
}

bool GcEngine::holds_volatile_data(std::uint32_t die) const {
  std::uint64_t base = 0;
  return !units_inflight_[die].empty() || jobs_[die].reads_inflight || stream_.partial(die, base);
}

void GcEngine::interrupted_ranges(std::uint32_t die, std::vector<std::pair<std::uint64_t, std::uint64_t>>& out) const {
  for (std::uint64_t base : units_inflight_[die]) out.emplace_back(base, geo_.ius_per_unit);
  std::uint64_t base = 0;
  if (const std::uint32_t n = stream_.partial(die, base)) out.emplace_back(base, n);
}

}  // namespace ssdtwin::ftl
