#include "ftl/functional_writer.h"

#include <fmt/format.h>
#include <stdexcept>

#include "ftl/verify_tags.h"

namespace ssdtwin::ftl {

FunctionalWriter::FunctionalWriter(Mapping& map, GcWatermarks wm)
    : map_(map), wm_(wm), geo_(map.geometry()), unit_(geo_.ius_per_unit), gc_stream_(map) {}

void FunctionalWriter::write(std::uint64_t lpn) {
  const std::uint32_t e = map_.l2p(lpn);
  VerifyTags* v = map_.verify();
  if (Mapping::is_buffer_ref(e)) {  // still in the open unit: absorbed in DRAM
    ++counters_.absorbed_ius;
    if (v) v->host_write(lpn, e & ~Mapping::kBufferFlag);
    return;
  }
  ++counters_.host_ius;
  map_.map_to_buffer(lpn, fill_);
  if (v) v->host_write(lpn, fill_);
  unit_[fill_++] = static_cast<std::uint32_t>(lpn);
  if (fill_ == geo_.ius_per_unit) program_host_unit(fill_);
}

void FunctionalWriter::write_batch(const std::uint64_t* lpns, std::size_t n) {
  constexpr std::size_t kL2pAhead = 16, kOldAhead = 8;
  for (std::size_t i = 0; i < n && i < kL2pAhead; ++i) map_.prefetch_l2p(lpns[i]);
  for (std::size_t i = 0; i < n; ++i) {
    if (i + kL2pAhead < n) map_.prefetch_l2p(lpns[i + kL2pAhead]);
    if (i + kOldAhead < n) map_.prefetch_old_copy(lpns[i + kOldAhead]);
    write(lpns[i]);
  }
}

void FunctionalWriter::program_host_unit(std::uint32_t used) {
  // Next die round-robin that can take a host unit, collecting garbage where needed.
  std::uint32_t tried = 0;
  while (!map_.can_alloc(die_, Stream::Host)) {
    gc(die_);
    if (map_.can_alloc(die_, Stream::Host)) break;
    die_ = (die_ + 1) % geo_.dies;
    if (++tried > geo_.dies)
      throw std::runtime_error(
          fmt::format("functional write: no die can take data (GC found no victim that frees "
                      "space; {} block groups retired as worn out)",
                      map_.counters().retired_bgs));
  }
  const std::uint64_t base = map_.alloc_unit(die_, Stream::Host);
  if (VerifyTags* v = map_.verify())
    for (std::uint32_t k = 0; k < used; ++k) v->program_slot(base + k, k);
  map_.commit_unit(base, unit_.data(), used);
  counters_.programmed_ius += geo_.ius_per_unit;
  fill_ = 0;
  if (map_.free_bgs(die_) < wm_.low_bgs) gc(die_);
  die_ = (die_ + 1) % geo_.dies;
}

void FunctionalWriter::gc(std::uint32_t die) {
  while (map_.free_bgs(die) < wm_.high_bgs) {
    const int victim = map_.pick_victim(die);
    if (victim < 0) break;
    collect(die, std::uint32_t(victim));
  }
  // Static wear levelling until the spread is back within the threshold (bounded: each
  // move erases the coldest block group once more).
  for (std::uint32_t n = 0; n < geo_.bgs_per_die; ++n) {
    const int cold = map_.pick_static_wl_victim(die);
    if (cold < 0) break;
    collect(die, std::uint32_t(cold));
  }
}

void FunctionalWriter::collect(std::uint32_t die, std::uint32_t victim) {
  const std::uint64_t base = geo_.bg_base(die, victim);
  std::uint64_t unit = 0;
  if (gc_stream_.close_if_in(die, victim, unit)) counters_.programmed_ius += geo_.ius_per_unit;
  // The P2L scan is sequential and cheap; each candidate's L2P entry is a cache miss. So the
  // candidates (IUs not yet invalidated) are listed first, branch-free (stale and live IUs
  // alternate at random: a branch per IU mispredicts), then relocated in order with their
  // L2P entries prefetched a fixed number of candidates ahead (a fixed number of PPNs ahead
  // covered too few misses where most of the victim is stale). Relocating one IU changes
  // no other candidate's liveness, so checking each just before its move is the same as
  // checking all first.
  candidates_.resize(geo_.ius_per_bg);
  std::size_t n = 0;
  for (std::uint32_t k = 0; k < geo_.ius_per_bg; ++k) {
    candidates_[n] = base + k;
    n += map_.p2l(base + k) < Mapping::kInvalid;
  }
  constexpr std::size_t kL2pAhead = 32;
  for (std::size_t k = 0; k < n && k < kL2pAhead; ++k) map_.prefetch_l2p(map_.p2l(candidates_[k]));
  for (std::size_t k = 0; k < n; ++k) {
    if (k + kL2pAhead < n) map_.prefetch_l2p(map_.p2l(candidates_[k + kL2pAhead]));
    const std::uint64_t p = candidates_[k];
    if (map_.l2p(map_.p2l(p)) != p) continue;
    if (gc_stream_.relocate(die, p, unit)) counters_.programmed_ius += geo_.ius_per_unit;
    ++counters_.gc_relocated_ius;
  }
  map_.erase_bg(die, victim);
}

void FunctionalWriter::flush() {
  if (fill_ > 0) program_host_unit(fill_);
  // Partial GC units count as programmed when closed (padding included).
  gc_stream_.close_all();
}

void FunctionalWriter::write_sequential(std::uint32_t passes) {
  for (std::uint32_t pass = 0; pass < passes; ++pass)
    for (std::uint64_t lpn = 0; lpn < map_.user_ius(); ++lpn) write(lpn);
}

void precondition_sequential(Mapping& map, std::uint32_t passes, GcWatermarks wm) {
  FunctionalWriter w(map, wm);
  w.write_sequential(passes);
  w.flush();
}

}  // namespace ssdtwin::ftl
