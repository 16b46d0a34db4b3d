// Page-level mapping at the indirection unit (IU), and the physical bookkeeping that GC
// and allocation need. Plain C++, no time: the timed FTL and the functional
// preconditioning path both drive this same object.
//
// L2P entry: a PPN, or kBufferFlag | write-buffer slot while the newest data is in DRAM,
// or kUnmapped. P2L entry: the LPN whose data a physical IU holds, kInvalid once that data
// is superseded (or the IU was padding), kErased until programmed.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ftl/ftl_config.h"
#include "ftl/victim_policy.h"
#include "nand/geometry.h"
#include "sim/big_array.h"
#include "sim/fast_div.h"
#include "sim/prefetch.h"
#include "sim/state_io.h"

namespace ssdtwin::ftl {

class VerifyTags;

enum class Stream : std::uint8_t { Host, Gc };
// Closing: fully allocated, but a unit in it is still being filled or programmed
// (not yet a GC candidate).
enum class BgState : std::uint8_t { Free, Open, Closing, Closed, Victim, Retired };

// A GC candidate of one die: a closed block group with fewer valid IUs than a whole one.
// Ordered by when it closed (closed_seq counts closes across the drive).
struct GcCandidate {
  std::uint64_t closed_seq;
  std::uint32_t bg;
  bool operator<(const GcCandidate& o) const {
    return closed_seq != o.closed_seq ? closed_seq < o.closed_seq : bg < o.bg;
  }
};

struct MappingCounters {
  std::uint64_t host_ius_programmed = 0;
  std::uint64_t gc_ius_programmed = 0;  // relocated IUs (valid data copied)
  std::uint64_t padding_ius = 0;        // slots programmed without live data
  std::uint64_t bgs_erased = 0;
  std::uint64_t gc_victims = 0;
  std::uint64_t double_programs = 0;  // must stay 0: an IU programmed twice without erase
  std::uint64_t static_wl_moves = 0;  // block groups collected to move cold data
  std::uint64_t retired_bgs = 0;      // worn out at their rated erase count
};

class Mapping {
 public:
  static constexpr std::uint32_t kUnmapped = 0xFFFFFFFFu;
  static constexpr std::uint32_t kBufferFlag = 0x80000000u;
  static constexpr std::uint32_t kErased = 0xFFFFFFFFu;
  static constexpr std::uint32_t kInvalid = 0xFFFFFFFEu;

  // gc_reserve_bgs: free block groups per die that host allocation may not take, so GC
  // always has somewhere to relocate to.
  Mapping(const nand::Geometry& geo, std::uint64_t user_ius, std::uint32_t gc_reserve_bgs);
  // Static wear levelling: when a die's erase-count spread (most-erased BG minus the
  // least-erased closed BG) exceeds `spread_erases`, that closed BG is collected so its
  // cold data moves and the block joins the allocation rotation. A BG is retired (never
  // reused) once erased `retire_at_erases` times. 0 disables either.
  void set_wear_levelling(std::uint32_t spread_erases, std::uint32_t retire_at_erases) {
    wl_spread_ = spread_erases;
    retire_at_ = retire_at_erases;
  }
  int pick_static_wl_victim(std::uint32_t die);
  std::uint32_t erase_spread(std::uint32_t die) const;
  // The GC victim policy (ftl/victim_policy.h); greedy until set.
  void set_gc_policy(std::unique_ptr<VictimPolicy> policy) { policy_ = std::move(policy); }
  void set_gc_policy(const std::string& name, const VictimPolicyParams& params = {}) {
    policy_ = make_victim_policy(name, params);
  }

  const nand::Geometry& geometry() const { return geo_; }
  std::uint64_t user_ius() const { return l2p_.size(); }
  std::uint64_t physical_ius() const { return p2l_.size(); }
  // Data-integrity tags (run --verify): relocations check and carry them, erases wipe
  // them; the writers tag host data and programs. Null: off.
  void set_verify(VerifyTags* v) { verify_ = v; }
  VerifyTags* verify() const { return verify_; }
  std::uint32_t l2p(std::uint64_t lpn) const { return l2p_[lpn]; }
  std::uint32_t p2l(std::uint64_t ppn) const { return p2l_[ppn]; }
  static bool is_buffer_ref(std::uint32_t e) { return e != kUnmapped && (e & kBufferFlag); }
  static bool is_flash_ref(std::uint32_t e) { return !(e & kBufferFlag); }

  // Cache hints for batched random updates (the functional path's bottleneck is misses).
  void prefetch_l2p(std::uint64_t lpn) const { prefetch_for_write(&l2p_[lpn]); }
  void prefetch_old_copy(std::uint64_t lpn) const {
    const std::uint32_t e = l2p_[lpn];
    if (e != kUnmapped && is_flash_ref(e)) {
      prefetch_for_write(&p2l_[e]);
      prefetch_for_write(&bg_[bg_of(e)]);
    }
  }
  // Host data for `lpn` now lives in write-buffer `slot`; any flash copy becomes invalid.
  void map_to_buffer(std::uint64_t lpn, std::uint32_t slot);
  // Host data for `lpn` was programmed at `ppn` (functional path: straight from host).
  void map_to_flash(std::uint64_t lpn, std::uint64_t ppn);
  // A programmed IU: record it as `lpn`'s newest copy.
  void commit_program(std::uint64_t ppn, std::uint32_t lpn);
  // A programmed unit at `base`: slots below `used` hold lpns[k] (as commit_program each),
  // the rest are padding (as program_padding each); one valid-count change for them all.
  void commit_unit(std::uint64_t base, const std::uint32_t* lpns, std::uint32_t used);
  // A programmed IU that carries no live data (stale buffer slot, partial unit).
  void program_padding(std::uint64_t ppn);
  // GC moved `old_ppn`'s data to `new_ppn`; if the host overwrote it meanwhile the copy is dead.
  void relocate(std::uint64_t old_ppn, std::uint64_t new_ppn);
  void invalidate(std::uint64_t ppn);
  // Deallocate (TRIM) one LPN held on flash or unmapped.
  void trim(std::uint64_t lpn);

  // Allocation of program units within a die.
  bool can_alloc(std::uint32_t die, Stream s) const;
  // Brackets the life of a unit from allocation until its data is complete (host program in
  // flight, GC unit being filled): a block group cannot be a GC victim meanwhile.
  void begin_program(std::uint64_t unit_base);
  void end_program(std::uint64_t unit_base);
  std::uint64_t alloc_unit(std::uint32_t die, Stream s);  // base PPN of the unit
  std::uint32_t free_bgs(std::uint32_t die) const { return std::uint32_t(free_[die].size()); }

  // GC: the victim the policy chooses among closed block groups that are not entirely valid
  // (relocating those could free nothing), or -1 when there is none.
  int pick_victim(std::uint32_t die);
  // What victim policies choose from. The closed block group of `die` with the fewest valid
  // IUs (of equal counts, the last changed), or -1.
  int fewest_valid_closed(std::uint32_t die);
  // Every GC candidate of `die` in block-group order (a scan; valid until the next call).
  const std::vector<GcCandidate>& gc_candidates(std::uint32_t die);
  // Block groups closed so far on the drive: the clock that ages candidates.
  std::uint64_t close_counter() const { return close_counter_; }
  void erase_bg(std::uint32_t die, std::uint32_t bg);
  std::uint32_t valid_ius(std::uint32_t die, std::uint32_t bg) const { return bg_[idx(die, bg)].valid; }
  BgState state(std::uint32_t die, std::uint32_t bg) const { return bg_[idx(die, bg)].state; }
  std::uint32_t erase_count(std::uint32_t die, std::uint32_t bg) const { return erases_[idx(die, bg)]; }

  const MappingCounters& counters() const { return counters_; }
  // The functional state (tables, block-group states, valid and erase counts, free pools,
  // open block groups, GC candidate index, counters) for a saved drive state; load needs a
  // Mapping of the same geometry and user capacity (ftl/mapping_state.cpp).
  void save_state(StateWriter& w) const;
  void load_state(StateReader& r);
  void reset_counters() { counters_ = MappingCounters{}; }

  // Full consistency check; returns "" when every invariant holds, else the first failure.
  // `buffer_lpn(slot)` resolves buffer references (may be null when nothing is buffered).
  std::string check_invariants(const std::uint32_t* buffer_slot_lpn = nullptr) const;

 private:
  struct Open {
    int bg = -1;
    std::uint32_t next_unit = 0;
  };
  std::size_t idx(std::uint32_t die, std::uint32_t bg) const { return std::size_t(die) * geo_.bgs_per_die + bg; }
  void open_bg(std::uint32_t die, Open& o);
  void close_bg(std::size_t i);
  // Valid counts change here: a closed block group's candidate sequence is renewed, so the
  // greedy tie-break (the last changed among equal counts) needs no index.
  void valid_changed(std::size_t i, int delta);
  // Records `lpn` at `ppn` in both tables (counting a program of an unerased IU).
  void map_iu(std::uint64_t ppn, std::uint32_t lpn);

  // Global block-group index of a PPN (Geometry::bg_index without its 64-bit divide).
  std::size_t bg_of(std::uint64_t ppn) const { return per_bg_(ppn); }

  nand::Geometry geo_;
  FastDiv32 per_bg_;  // divides by geo_.ius_per_bg
  std::uint32_t gc_reserve_;
  BigArray<std::uint32_t> l2p_, p2l_;
  // What a host overwrite changes in the old copy's block group, in one cache line (three
  // separate tables cost three misses per random write).
  struct BgMeta {
    std::uint64_t candidate_seq = 0;  // when a closed BG's valid count last changed
    std::uint32_t valid = 0;
    BgState state = BgState::Free;
  };
  std::vector<BgMeta> bg_;
  std::vector<std::uint32_t> erases_;
  std::vector<std::uint32_t> programs_pending_;
  std::vector<std::uint64_t> closed_seq_;  // when each BG became a GC candidate
  std::uint64_t close_counter_ = 0;
  std::unique_ptr<VictimPolicy> policy_ = make_victim_policy("greedy", {});
  std::uint32_t wl_spread_ = 0, retire_at_ = 0;
  std::vector<GcCandidate> candidates_;
  std::uint64_t candidate_counter_ = 0;
  std::vector<std::vector<std::uint32_t>> free_;  // per die
  std::vector<Open> open_host_, open_gc_;
  MappingCounters counters_;
  VerifyTags* verify_ = nullptr;
};

// Applies the profile's GC policy and wear-levelling thresholds. Thresholds are in P/E
// cycles of a real block; a block group scaled to 1/N of its wordlines is erased N times as
// often, so they are multiplied by N (units_per_bg vs the NAND's wordlines per block).
void configure_mapping(Mapping& map, const FtlConfig& ftl, std::uint32_t wordlines_per_block, double pe_cycles);

}  // namespace ssdtwin::ftl
