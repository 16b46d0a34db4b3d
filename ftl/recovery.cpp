#include "ftl/recovery.h"

#include "sim/big_array.h"

namespace ssdtwin::ftl {

CutScan scan_after_cut(const Mapping& map, VerifyTags& tags,
                       const std::vector<std::pair<std::uint64_t, std::uint64_t>>& interrupted, bool map_saved) {
  CutScan r;
  for (const auto& [first, n] : interrupted) tags.erase(first, n);
  // The rebuild: newest sequence per LPN over every programmed IU's spare area.
  BigArray<std::uint32_t> found(tags.user_ius(), 0);
  for (std::uint64_t ppn = 0; ppn < tags.physical_ius(); ++ppn) {
    const std::uint64_t t = tags.flash_tag(ppn);
    if (!t) continue;
    ++r.programmed_ius_scanned;
    const std::uint64_t lpn = VerifyTags::tag_lpn(t);
    const std::uint32_t seq = VerifyTags::tag_seq(t);
    if (lpn < found.size() && seq > found[lpn]) found[lpn] = seq;
  }
  for (std::uint64_t lpn = 0; lpn < tags.user_ius(); ++lpn) {
    const std::uint32_t want = tags.expected_seq(lpn), got = found[lpn];
    const bool unflushed = Mapping::is_buffer_ref(map.l2p(lpn));
    r.unflushed_lpns += unflushed;
    if (want == 0) {  // never written, or deallocated
      if (got && tags.trimmed(lpn))
        r.resurrected_trims += !map_saved;
      else if (got)
        ++r.durable_mismatches;  // data from nowhere
      continue;
    }
    const bool lost = got < want;
    if (lost) {
      const bool acked = tags.acked_seq(lpn) > got;
      ++r.lost_writes;
      r.lost_acknowledged += acked;
      r.lost.push_back({lpn, want, got, acked});
    }
    if (lost != unflushed) r.lost_equals_unflushed = false;
    if (!unflushed) {
      ++r.durable_checked;
      if (got != want) ++r.durable_mismatches;
    }
  }
  return r;
}

}  // namespace ssdtwin::ftl
