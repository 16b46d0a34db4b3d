// Data-integrity mode (run --verify). Every IU the host writes gets a tag (LPN, write
// sequence) that travels with the data as the drive moves it: into a write-buffer slot,
// programmed from the slot to a PPN, copied PPN to PPN by GC and static wear levelling,
// wiped by an erase. The host side remembers only the newest sequence per LPN. A check
// resolves an L2P entry the way the FTL would read it and compares the tag found there
// with (LPN, newest sequence): any mapping bug that returns stale, foreign, erased or lost
// data shows as a mismatch. The tags are kept apart from the P2L table on purpose, so a
// wrong P2L entry cannot vouch for itself. The flash tags double as the spare-area
// metadata (LPN, sequence) a controller writes with each IU, which a recovery scan after a
// power cut reads back (ftl/recovery.h).
#pragma once
#include <cstdint>
#include <vector>

#include "sim/big_array.h"

namespace ssdtwin::ftl {

enum class VerifyPoint : std::uint8_t { HostRead, Relocation, Readback };
const char* verify_point_name(VerifyPoint p);

struct VerifyMismatch {
  VerifyPoint point = VerifyPoint::HostRead;
  std::uint64_t lpn = 0;
  std::uint32_t expected_seq = 0;  // 0: the LPN was never written or is deallocated
  std::uint32_t found_lpn = 0;     // what the resolved location holds (0/0: no data)
  std::uint32_t found_seq = 0;
};

struct VerifyCounters {
  std::uint64_t writes_tagged = 0;
  std::uint64_t checked = 0, mismatches = 0;
  std::uint64_t host_read_checks = 0, relocation_checks = 0, readback_checks = 0;
};

class VerifyTags {
 public:
  static constexpr std::size_t kMaxListed = 16;  // mismatches kept with their details

  VerifyTags(std::uint64_t user_ius, std::uint64_t physical_ius, std::uint32_t buffer_slots);

  // A new version of `lpn` has arrived in write-buffer `slot` (an overwrite in place too).
  void host_write(std::uint64_t lpn, std::uint32_t slot);
  // Deallocated: reads must now find no data.
  void host_trim(std::uint64_t lpn) {
    expected_[lpn] = 0;
    trimmed_[lpn] = 1;
  }
  // The drive posted the completion of a write whose IUs got sequences first_seq.. in LPN
  // order: from now on losing them breaks the drive's promise.
  void host_ack(std::uint64_t first_lpn, std::uint32_t n_ius, std::uint32_t first_seq);
  // The slot's content was programmed at `ppn`.
  void program_slot(std::uint64_t ppn, std::uint32_t slot) { flash_[ppn] = slot_[slot]; }
  // GC or wear levelling copied `from`'s content to `to`.
  void copy(std::uint64_t from, std::uint64_t to) { flash_[to] = flash_[from]; }
  void erase(std::uint64_t first_ppn, std::uint64_t n);  // also: pages whose program a power cut interrupted

  // `l2p_entry` is what the mapping holds for `lpn` (a PPN, a buffer reference or
  // unmapped); the data found there must be `lpn`'s newest version. Returns true if so.
  bool check(VerifyPoint point, std::uint64_t lpn, std::uint32_t l2p_entry);

  std::uint32_t expected_seq(std::uint64_t lpn) const { return expected_[lpn]; }
  std::uint32_t acked_seq(std::uint64_t lpn) const { return acked_[lpn]; }
  bool trimmed(std::uint64_t lpn) const { return trimmed_[lpn] != 0; }
  std::uint32_t last_seq() const { return seq_; }
  // The spare-area metadata of a physical IU: (LPN << 32 | sequence), 0 when it holds none.
  std::uint64_t flash_tag(std::uint64_t ppn) const { return flash_[ppn]; }
  static std::uint64_t tag(std::uint64_t lpn, std::uint32_t seq) { return lpn << 32 | seq; }
  static std::uint32_t tag_lpn(std::uint64_t t) { return std::uint32_t(t >> 32); }
  static std::uint32_t tag_seq(std::uint64_t t) { return std::uint32_t(t); }
  std::uint64_t physical_ius() const { return flash_.size(); }
  std::uint64_t user_ius() const { return expected_.size(); }
  const VerifyCounters& counters() const { return counters_; }
  const std::vector<VerifyMismatch>& first_mismatches() const { return listed_; }

 private:
  BigArray<std::uint32_t> expected_;  // per LPN: newest write sequence, 0 = none
  BigArray<std::uint32_t> acked_;     // per LPN: newest sequence whose completion was posted
  BigArray<std::uint8_t> trimmed_;    // per LPN: deallocated since last written
  BigArray<std::uint64_t> flash_;     // per PPN: tag of the data programmed there, 0 = none
  std::vector<std::uint64_t> slot_;   // per write-buffer slot
  std::uint32_t seq_ = 0;
  VerifyCounters counters_;
  std::vector<VerifyMismatch> listed_;
};

}  // namespace ssdtwin::ftl
