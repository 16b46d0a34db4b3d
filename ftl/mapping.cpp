#include "ftl/mapping.h"
#include "ftl/verify_tags.h"

#include <algorithm>
#include <fmt/format.h>

namespace ssdtwin::ftl {

Mapping::Mapping(const nand::Geometry& geo, std::uint64_t user_ius, std::uint32_t gc_reserve_bgs)
    : geo_(geo),
      per_bg_(geo.ius_per_bg),
      gc_reserve_(gc_reserve_bgs),
      l2p_(user_ius, kUnmapped),
      p2l_(geo.physical_ius, kErased),
      bg_(std::size_t(geo.dies) * geo.bgs_per_die),
      erases_(bg_.size(), 0),
      programs_pending_(bg_.size(), 0),
      closed_seq_(bg_.size(), 0),
      free_(geo.dies),
      open_host_(geo.dies),
      open_gc_(geo.dies) {
  for (std::uint32_t d = 0; d < geo.dies; ++d) {
    // Stack order: BG 0 is handed out first.
    for (std::uint32_t b = geo.bgs_per_die; b-- > 0;) free_[d].push_back(b);
  }
}

void Mapping::map_to_buffer(std::uint64_t lpn, std::uint32_t slot) {
  const std::uint32_t old = l2p_[lpn];
  if (old != kUnmapped && is_flash_ref(old)) invalidate(old);
  l2p_[lpn] = kBufferFlag | slot;
}

void Mapping::map_to_flash(std::uint64_t lpn, std::uint64_t ppn) {
  const std::uint32_t old = l2p_[lpn];
  if (old != kUnmapped && is_flash_ref(old)) invalidate(old);
  commit_program(ppn, static_cast<std::uint32_t>(lpn));
}

void Mapping::map_iu(std::uint64_t ppn, std::uint32_t lpn) {
  if (p2l_[ppn] != kErased) ++counters_.double_programs;
  p2l_[ppn] = lpn;
  l2p_[lpn] = static_cast<std::uint32_t>(ppn);
}

void Mapping::commit_program(std::uint64_t ppn, std::uint32_t lpn) {
  map_iu(ppn, lpn);
  valid_changed(bg_of(ppn), +1);
}

void Mapping::commit_unit(std::uint64_t base, const std::uint32_t* lpns, std::uint32_t used) {
  for (std::uint32_t k = 0; k < used; ++k) map_iu(base + k, lpns[k]);
  for (std::uint32_t k = used; k < geo_.ius_per_unit; ++k) program_padding(base + k);
  if (used) valid_changed(bg_of(base), int(used));
}

void Mapping::valid_changed(std::size_t i, int delta) {
  bg_[i].valid = static_cast<std::uint32_t>(int(bg_[i].valid) + delta);
  // One sequence step per IU changed: a unit's batched change ends where per-IU ones would.
  if (bg_[i].state == BgState::Closed)
    bg_[i].candidate_seq = candidate_counter_ += static_cast<std::uint64_t>(delta < 0 ? -delta : delta);
}

void Mapping::close_bg(std::size_t i) {
  if (programs_pending_[i]) {
    bg_[i].state = BgState::Closing;
    return;
  }
  bg_[i].state = BgState::Closed;
  closed_seq_[i] = ++close_counter_;
  bg_[i].candidate_seq = ++candidate_counter_;
}

void Mapping::begin_program(std::uint64_t unit_base) {
  const std::size_t i = bg_of(unit_base);
  if (programs_pending_[i]++ == 0 && bg_[i].state == BgState::Closed) bg_[i].state = BgState::Closing;
}

void Mapping::end_program(std::uint64_t unit_base) {
  const std::size_t i = bg_of(unit_base);
  if (--programs_pending_[i] == 0 && bg_[i].state == BgState::Closing) close_bg(i);
}

void Mapping::program_padding(std::uint64_t ppn) {
  if (p2l_[ppn] != kErased) ++counters_.double_programs;
  p2l_[ppn] = kInvalid;
  ++counters_.padding_ius;
}

void Mapping::relocate(std::uint64_t old_ppn, std::uint64_t new_ppn) {
  const std::uint32_t lpn = p2l_[old_ppn];
  const bool live = lpn < kInvalid && l2p_[lpn] == old_ppn;
  if (verify_) {
    // The copy about to become the LPN's only flash copy must be its newest version.
    if (live) verify_->check(VerifyPoint::Relocation, lpn, std::uint32_t(old_ppn));
    verify_->copy(old_ppn, new_ppn);
  }
  if (live) {
    invalidate(old_ppn);
    commit_program(new_ppn, lpn);
    ++counters_.gc_ius_programmed;
  } else {
    program_padding(new_ppn);
  }
}

void Mapping::invalidate(std::uint64_t ppn) {
  p2l_[ppn] = kInvalid;
  valid_changed(bg_of(ppn), -1);
}

void Mapping::trim(std::uint64_t lpn) {
  const std::uint32_t old = l2p_[lpn];
  if (old != kUnmapped && is_flash_ref(old)) invalidate(old);
  l2p_[lpn] = kUnmapped;
}

bool Mapping::can_alloc(std::uint32_t die, Stream s) const {
  const Open& o = s == Stream::Host ? open_host_[die] : open_gc_[die];
  if (o.bg >= 0 && o.next_unit < geo_.units_per_bg) return true;
  return s == Stream::Host ? free_[die].size() > gc_reserve_ : !free_[die].empty();
}

void Mapping::open_bg(std::uint32_t die, Open& o) {
  // Dynamic wear levelling: open the least-erased free block group.
  auto& fl = free_[die];
  auto best = fl.end() - 1;
  for (auto it = fl.begin(); it != fl.end(); ++it)
    if (erases_[idx(die, *it)] < erases_[idx(die, *best)]) best = it;
  o.bg = static_cast<int>(*best);
  fl.erase(best);
  o.next_unit = 0;
  bg_[idx(die, std::uint32_t(o.bg))].state = BgState::Open;
}

std::uint64_t Mapping::alloc_unit(std::uint32_t die, Stream s) {
  Open& o = s == Stream::Host ? open_host_[die] : open_gc_[die];
  if (o.bg < 0) open_bg(die, o);
  const std::uint64_t base = geo_.unit_base(die, std::uint32_t(o.bg), o.next_unit++);
  if (o.next_unit == geo_.units_per_bg) {
    close_bg(idx(die, std::uint32_t(o.bg)));
    o.bg = -1;
  }
  if (s == Stream::Host) counters_.host_ius_programmed += geo_.ius_per_unit;
  return base;
}

int Mapping::pick_victim(std::uint32_t die) {
  const int bg = policy_->pick(*this, die);
  if (bg < 0) return -1;
  const std::size_t i = idx(die, std::uint32_t(bg));
  bg_[i].state = BgState::Victim;
  ++counters_.gc_victims;
  return bg;
}

std::uint32_t Mapping::erase_spread(std::uint32_t die) const {
  std::uint32_t lo = UINT32_MAX, hi = 0;
  for (std::uint32_t b = 0; b < geo_.bgs_per_die; ++b) {
    const std::size_t i = idx(die, b);
    if (bg_[i].state == BgState::Retired) continue;
    hi = std::max(hi, erases_[i]);
    if (bg_[i].state == BgState::Closed) lo = std::min(lo, erases_[i]);
  }
  return lo == UINT32_MAX ? 0 : hi - lo;
}

int Mapping::pick_static_wl_victim(std::uint32_t die) {
  if (!wl_spread_ || erase_spread(die) <= wl_spread_) return -1;
  int best = -1;
  for (std::uint32_t b = 0; b < geo_.bgs_per_die; ++b) {
    const std::size_t i = idx(die, b);
    if (bg_[i].state == BgState::Closed && (best < 0 || erases_[i] < erases_[idx(die, std::uint32_t(best))]))
      best = static_cast<int>(b);
  }
  const std::size_t i = idx(die, std::uint32_t(best));
  bg_[i].state = BgState::Victim;
  ++counters_.static_wl_moves;
  return best;
}

int Mapping::fewest_valid_closed(std::uint32_t die) {
  // Relocation (GcStream) consumes exactly one slot per valid IU, so any victim with fewer
  // valid IUs than a whole BG frees space; a full one would not (GC would spin). Among equal
  // counts, the one whose count changed (or that closed) last. A scan of the die's few
  // hundred block groups, contiguous in memory, once per victim: cheaper than keeping
  // buckets by valid count, which cost several cache misses on every invalidation.
  const std::size_t base = idx(die, 0);
  int best = -1;
  std::uint32_t best_v = static_cast<std::uint32_t>(geo_.ius_per_bg);
  std::uint64_t best_seq = 0;
  for (std::uint32_t b = 0; b < geo_.bgs_per_die; ++b) {
    const std::size_t i = base + b;
    if (bg_[i].state != BgState::Closed) continue;
    const std::uint32_t v = bg_[i].valid;
    if (v < best_v || (v == best_v && best >= 0 && bg_[i].candidate_seq > best_seq)) {
      best = static_cast<int>(b);
      best_v = v;
      best_seq = bg_[i].candidate_seq;
    }
  }
  return best;
}

const std::vector<GcCandidate>& Mapping::gc_candidates(std::uint32_t die) {
  candidates_.clear();
  for (std::uint32_t b = 0; b < geo_.bgs_per_die; ++b) {
    const std::size_t i = idx(die, b);
    if (bg_[i].state == BgState::Closed && bg_[i].valid < geo_.ius_per_bg) candidates_.push_back({closed_seq_[i], b});
  }
  return candidates_;
}

void Mapping::erase_bg(std::uint32_t die, std::uint32_t bg) {
  const std::uint64_t base = geo_.bg_base(die, bg);
  std::fill(p2l_.begin() + base, p2l_.begin() + base + geo_.ius_per_bg, kErased);
  if (verify_) verify_->erase(base, geo_.ius_per_bg);
  ++erases_[idx(die, bg)];
  ++counters_.bgs_erased;
  if (retire_at_ && erases_[idx(die, bg)] >= retire_at_) {
    bg_[idx(die, bg)].state = BgState::Retired;
    ++counters_.retired_bgs;
    return;
  }
  bg_[idx(die, bg)].state = BgState::Free;
  free_[die].push_back(bg);
}

std::string Mapping::check_invariants(const std::uint32_t* buffer_slot_lpn) const {
  if (counters_.double_programs) return fmt::format("{} IUs programmed twice without erase", counters_.double_programs);
  std::vector<std::uint32_t> counted(bg_.size(), 0);
  for (std::uint64_t lpn = 0; lpn < l2p_.size(); ++lpn) {
    const std::uint32_t e = l2p_[lpn];
    if (e == kUnmapped) continue;
    if (is_buffer_ref(e)) {
      if (buffer_slot_lpn && buffer_slot_lpn[e & ~kBufferFlag] != lpn)
        return fmt::format("LPN {} maps to buffer slot {} which holds LPN {}", lpn, e & ~kBufferFlag,
                           buffer_slot_lpn[e & ~kBufferFlag]);
      continue;
    }
    if (e >= geo_.physical_ius) return fmt::format("LPN {} maps to PPN {} beyond the array", lpn, e);
    if (p2l_[e] != lpn) return fmt::format("LPN {} maps to PPN {} which records LPN {}", lpn, e, p2l_[e]);
    ++counted[bg_of(e)];
  }
  std::size_t free_total = 0;
  for (std::uint32_t d = 0; d < geo_.dies; ++d) {
    free_total += free_[d].size();
    for (std::uint32_t b = 0; b < geo_.bgs_per_die; ++b) {
      const std::size_t i = idx(d, b);
      if (counted[i] != bg_[i].valid)
        return fmt::format("die {} BG {}: valid count {} but {} LPNs map into it", d, b, bg_[i].valid, counted[i]);
      const bool listed = std::find(free_[d].begin(), free_[d].end(), b) != free_[d].end();
      if (listed != (bg_[i].state == BgState::Free))
        return fmt::format("die {} BG {}: free-list membership disagrees with state", d, b);
      if (bg_[i].state == BgState::Free) {
        const std::uint64_t base = geo_.bg_base(d, b);
        for (std::uint64_t p = base; p < base + geo_.ius_per_bg; ++p)
          if (p2l_[p] != kErased) return fmt::format("free BG {} of die {} holds programmed PPN {}", b, d, p);
      }
    }
  }
  for (std::size_t i = 0; i < bg_.size(); ++i)
    if (bg_[i].candidate_seq > candidate_counter_)
      return fmt::format("BG index {}: candidate sequence {} is past the counter {}", i, bg_[i].candidate_seq,
                         candidate_counter_);
  const std::size_t free_by_state =
      std::size_t(std::count_if(bg_.begin(), bg_.end(), [](const BgMeta& m) { return m.state == BgState::Free; }));
  if (free_by_state != free_total) return fmt::format("free pool {} != free states {}", free_total, free_by_state);
  return "";
}

void configure_mapping(Mapping& map, const FtlConfig& ftl, std::uint32_t wordlines_per_block, double pe_cycles) {
  const std::uint32_t scale = wordlines_per_block / map.geometry().units_per_bg;
  map.set_gc_policy(ftl.gc_policy, VictimPolicyParams{ftl.gc_window_bgs, ftl.gc_d_choices});
  map.set_wear_levelling(ftl.static_wl_spread_pe * scale, static_cast<std::uint32_t>(pe_cycles * scale));
}

}  // namespace ssdtwin::ftl
