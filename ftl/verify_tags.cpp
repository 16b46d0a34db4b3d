#include "ftl/verify_tags.h"

#include <algorithm>
#include <stdexcept>

#include "ftl/mapping.h"

namespace ssdtwin::ftl {

const char* verify_point_name(VerifyPoint p) {
  switch (p) {
    case VerifyPoint::HostRead:
      return "host_read";
    case VerifyPoint::Relocation:
      return "relocation";
    case VerifyPoint::Readback:
      return "readback";
  }
  return "?";
}

VerifyTags::VerifyTags(std::uint64_t user_ius, std::uint64_t physical_ius, std::uint32_t buffer_slots)
    : expected_(user_ius, 0),
      acked_(user_ius, 0),
      trimmed_(user_ius, 0),
      flash_(physical_ius, 0),
      slot_(buffer_slots, 0) {
  if (user_ius > Mapping::kBufferFlag) throw std::invalid_argument("verify: more LPNs than a 31-bit tag holds");
}

void VerifyTags::host_write(std::uint64_t lpn, std::uint32_t slot) {
  if (seq_ == UINT32_MAX)
    throw std::runtime_error(
        "verify: more than 4.29e9 host IU writes in one run; the 32-bit write sequence would wrap");
  expected_[lpn] = ++seq_;
  trimmed_[lpn] = 0;
  slot_[slot] = tag(lpn, seq_);
  ++counters_.writes_tagged;
}

void VerifyTags::host_ack(std::uint64_t first_lpn, std::uint32_t n_ius, std::uint32_t first_seq) {
  for (std::uint32_t k = 0; k < n_ius; ++k) acked_[first_lpn + k] = std::max(acked_[first_lpn + k], first_seq + k);
}

void VerifyTags::erase(std::uint64_t first_ppn, std::uint64_t n) {
  std::fill(flash_.begin() + first_ppn, flash_.begin() + first_ppn + n, 0);
}

bool VerifyTags::check(VerifyPoint point, std::uint64_t lpn, std::uint32_t l2p_entry) {
  const std::uint32_t seq = expected_[lpn];
  const std::uint64_t want = seq ? tag(lpn, seq) : 0;
  std::uint64_t got = 0;
  if (l2p_entry != Mapping::kUnmapped)
    got = Mapping::is_buffer_ref(l2p_entry) ? slot_[l2p_entry & ~Mapping::kBufferFlag] : flash_[l2p_entry];
  ++counters_.checked;
  switch (point) {
    case VerifyPoint::HostRead:
      ++counters_.host_read_checks;
      break;
    case VerifyPoint::Relocation:
      ++counters_.relocation_checks;
      break;
    case VerifyPoint::Readback:
      ++counters_.readback_checks;
      break;
  }
  if (got == want) return true;
  ++counters_.mismatches;
  if (listed_.size() < kMaxListed) listed_.push_back({point, lpn, seq, tag_lpn(got), tag_seq(got)});
  return false;
}

}  // namespace ssdtwin::ftl
