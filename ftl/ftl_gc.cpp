// The FTL's garbage collection (members of Ftl; ftl/ftl.h): when GC starts and stops per
// die, the victim (ftl/victim_policy.h), paced relocation reads, firmware processing of
// what they bring in (ftl::GcFirmware), the GC stream's programs and the victim's erase.
#include <algorithm>
#include <stdexcept>

#include "ftl/ftl.h"

namespace ssdtwin::ftl {
// ---------------------------------------------------------------- GC
// Per die: below the low watermark of free block groups, relocate the valid IUs of the
// closed block group the victim policy picks, erase it, and repeat up to the high watermark.
// Relocation reads pages into the controller and programs them into the die's GC stream.
// (A read of a relocated IU whose new unit is still programming goes to the new page; a
// real controller would serve it from its GC buffer a little sooner.)

void Ftl::maybe_start_gc(std::uint32_t die) {
  if (map_.free_bgs(die) < cfg_.gc_low_watermark_bgs) start_gc(die);
}

void Ftl::start_gc(std::uint32_t die, int victim) {
  GcJob& g = gc_[die];
  if (g.active || (power_failing_ && !flush_needs_gc(die))) return;
  if (victim < 0) victim = map_.pick_victim(die);
  if (victim < 0) return;
  g.active = true;
  g.victim = static_cast<std::uint32_t>(victim);
  g.list.clear();
  g.cursor = 0;
  g.credit = geo_.ius_per_unit;  // a first unit's worth, to get going
  // The GC stream's partial unit may lie in the victim: close it before scanning.
  std::uint64_t unit = 0;
  if (gc_stream_.close_if_in(die, g.victim, unit)) submit_gc_program(die, unit);
  const std::uint64_t base = geo_.bg_base(die, g.victim);
  for (std::uint64_t p = base; p < base + geo_.ius_per_bg; ++p)
    if (still_valid(p)) g.list.push_back(p);
  // Pacing: to keep the free pool level, every host IU written must be matched by
  // V / (BG - V) relocated IUs of this victim.
  const double freed = double(geo_.ius_per_bg - g.list.size());
  g.ratio = double(g.list.size()) / (freed > 0 ? freed : 1.0);
  gc_pump(die);
  gc_check_done(die);
}

bool Ftl::gc_urgent(std::uint32_t die) const {
  // Flat out only when the host can no longer write here (its open block group is full and
  // the free pool is down to the GC reserve), or when an idle host is not slowed by it.
  // Until then the host's writes into its open block group pay for the relocation: paced
  // at V / (BG - V), a victim is done before the host has written BG - V IUs, so the
  // reserve is never touched. (Going flat out at the reserve itself, as before, made every
  // die's GC start urgent with the default watermarks, and the host rate swung between
  // bursts without GC and stalls behind it.)
  return !cfg_.gc_paced || host_idle_ || !map_.can_alloc(die, Stream::Host);
}

bool Ftl::wants_more_gc(std::uint32_t die) const {
  const std::uint32_t target = host_idle_ ? std::max(cfg_.idle_gc_target_bgs, cfg_.gc_high_watermark_bgs)
                                          : cfg_.gc_high_watermark_bgs;
  return map_.free_bgs(die) < target;
}

void Ftl::set_host_idle(bool idle) {
  host_idle_ = idle;
  if (!idle || power_failing_) return;  // a running job falls back to earning credits from host writes
  ++counters_.idle_periods;
  for (std::uint32_t die = 0; die < geo_.dies; ++die) {
    if (gc_[die].active) gc_pump(die);
    else if (wants_more_gc(die)) start_gc(die);
  }
}

void Ftl::start_steady_state_gc() {
  for (std::uint32_t die = 0; die < geo_.dies; ++die)
    if (!gc_[die].active && wants_more_gc(die)) start_gc(die);
}

void Ftl::gc_pump(std::uint32_t die) {
  GcJob& g = gc_[die];
  if (power_failing_ && !flush_needs_gc(die)) return;
  while (g.reads_inflight < cfg_.gc_reads_inflight && g.cursor < g.list.size() &&
         (g.credit > 0 || gc_urgent(die))) {
    const std::size_t first = g.cursor;
    const std::uint64_t page = g.list[first] / geo_.ius_per_page;
    while (g.cursor < g.list.size() && g.list[g.cursor] / geo_.ius_per_page == page) ++g.cursor;
    const nand::PhysAddr a = geo_.decode(g.list[first]);
    nand::NandOp* op = new_read(a, kGcRead);
    op->aux = first;
    op->count = static_cast<std::uint32_t>(g.cursor - first);
    g.credit -= op->count;
    op->bus_bytes = op->count * iu_bus_bytes_;
    ++g.reads_inflight;
    ++counters_.gc_nand_reads;
    flash_.submit(op);
  }
}

void Ftl::on_gc_read_done(nand::NandOp* op) {
  // The read slot stays taken while firmware works on the batch: the controller's cores
  // bound GC throughput the same way they bound host commands.
  if (firmware_ && firmware_->run_gc_batch(op)) return;
  relocate_gc_batch(op);
  ops_.put(op);
}

void Ftl::on_gc_firmware_done(nand::NandOp* op) {
  relocate_gc_batch(op);
  ops_.put(op);
}

void Ftl::relocate_gc_batch(nand::NandOp* op) {
  GcJob& g = gc_[op->die];
  const std::uint32_t die = op->die;
  std::uint64_t unit = 0;
  for (std::uint64_t i = op->aux; i < op->aux + op->count; ++i)
    if (still_valid(g.list[i]) && gc_stream_.relocate(die, g.list[i], unit)) submit_gc_program(die, unit);
  --g.reads_inflight;
  // Power failing with PLP: once the die's GC reads are in, its GC buffer is flushed.
  if (power_failing_ && cfg_.plp && g.reads_inflight == 0) flush_gc_partial(die);
  gc_pump(die);
  gc_check_done(die);
}

void Ftl::flush_gc_partial(std::uint32_t die) {
  std::uint64_t unit = 0;
  if (gc_stream_.close_partial(die, unit)) submit_gc_program(die, unit);
}

void Ftl::submit_gc_program(std::uint32_t die, std::uint64_t unit_base) {
  nand::NandOp* op = new_program(unit_base, kGcProgram);
  op->aux = unit_base;
  gc_units_inflight_[die].push_back(unit_base);
  ++counters_.gc_programs;
  flash_.submit(op);
}

void Ftl::gc_check_done(std::uint32_t die) {
  GcJob& g = gc_[die];
  if (!g.active || g.erasing || g.cursor < g.list.size() || g.reads_inflight) return;
  if (!cfg_.plp) {
    // No power-loss protection: the victim keeps the only durable copy of what was moved
    // until the GC units holding it are programmed (the partial one is padded now).
    flush_gc_partial(die);
    if (!gc_units_inflight_[die].empty()) return;  // the program's completion checks again
  }
  if (map_.valid_ius(die, g.victim) != 0)
    throw std::logic_error("GC victim still holds valid data after relocation");
  g.erasing = true;
  nand::NandOp* op = new_op(nand::OpKind::Erase, die, kGcErase);
  op->plane = 0;
  op->block = g.victim;
  op->wordline = 0;
  op->page_type = nand::PageType::Block;
  flash_.submit(op);
}

}  // namespace ssdtwin::ftl
