// PCIe link arithmetic: how many bytes cross the wire for a transfer, and how long it takes.
//
// Per direction, the bandwidth left for TLPs is
//   B_tlp = GT/s x lanes x encoding / 8 x (1 - ack/ack_limit - fc/fc_interval - skp/1538)
// with 8 B ACK and flow-control DLLPs sent at the PCIe Base Spec 5.0 recommended
// intervals (Tables 3-7..3-9, 2-46..2-48, which depend on generation, width and MPS) and
// 4 B SKP ordered sets every 1538 B. This is the accounting of Neugebauer et al.,
// "Understanding PCIe performance for end host networking", SIGCOMM'18 (pcie-model).
// Each TLP adds 8 B of framing + link layer (STP, sequence, LCRC) and a 4 B header DW;
// 64-bit MWr/MRd add 12 B of header, CplD adds 8 B.
#pragma once
#include <cstdint>

#include "host_if/host_if_config.h"
#include "sim/time.h"

namespace ssdtwin::host_if {

constexpr std::uint32_t kTlpFramingBytes = 8;
constexpr std::uint32_t kTlpCommonHeaderBytes = 4;
constexpr std::uint32_t kMemHeader64Bytes = 12;
constexpr std::uint32_t kCplDHeaderBytes = 8;
constexpr std::uint32_t kDllpBytes = 8;
constexpr std::uint32_t kSqeBytes = 64;
constexpr std::uint32_t kCqeBytes = 16;
constexpr std::uint32_t kMsixBytes = 4;
constexpr std::uint32_t kDoorbellBytes = 4;
constexpr std::uint32_t kDsmRangeBytes = 16;  // one Dataset Management range descriptor
constexpr std::uint32_t kSectorBytes = 512;   // logical block size the host addresses

// Recommended ACK / FC-update interval in bytes for this link (spec tables).
std::uint32_t ack_interval_bytes(std::uint32_t generation, std::uint32_t lanes, std::uint32_t mps);
// 8b/10b for Gen1-2, 128b/130b for Gen3-5.
double encoding_efficiency(std::uint32_t generation);
double raw_bytes_per_s(std::uint32_t generation, std::uint32_t lanes);

struct LinkModel {
  explicit LinkModel(const PcieConfig& c, std::uint32_t host_read_completion_bytes);

  double raw_bytes_per_s_;  // per direction, after encoding
  double tlp_bytes_per_s_;  // after DLLP and SKP overhead
  std::uint32_t mps_, mrrs_, rcb_;

  // Wire bytes of a posted write of `payload` bytes split into MPS-sized TLPs.
  std::uint64_t mwr_wire_bytes(std::uint64_t payload) const;
  // Wire bytes of the read requests for a DMA read of `bytes` (split at MRRS).
  std::uint64_t mrd_wire_bytes(std::uint64_t bytes) const;
  // Wire bytes of the completions carrying `bytes` (split at the completer's RCB size).
  std::uint64_t cpld_wire_bytes(std::uint64_t bytes) const;
  TimePs wire_time_ps(std::uint64_t wire_bytes) const {
    return transfer_ps(static_cast<double>(wire_bytes), tlp_bytes_per_s_);
  }
  // Payload efficiency of a long stream of device-to-host writes (e.g. read data).
  double mwr_payload_bytes_per_s() const {
    return tlp_bytes_per_s_ * mps_ / double(mps_ + kTlpFramingBytes + kTlpCommonHeaderBytes + kMemHeader64Bytes);
  }
};

// One direction of the link: a work-conserving FIFO server. Transfers are charged in the
// order they are requested, starting no earlier than `now`; a transfer whose data is not
// ready until later (a completion returning after the round trip) still cannot finish
// before ready + duration. Charging from `now` rather than from `ready` keeps a future
// reservation from leaving the wire idle in between (it may understate one transfer's
// latency by at most ready - now, about one round trip, and never over-books the wire).
class LinkDirection {
 public:
  TimePs reserve(TimePs now, TimePs ready_ps, TimePs duration_ps) {
    free_at_ = max_ps(now, free_at_) + duration_ps;
    busy_ps_ += duration_ps;
    return max_ps(free_at_, ready_ps + duration_ps);
  }
  TimePs busy_ps() const { return busy_ps_; }
  void reset_stats() { busy_ps_ = 0; }

 private:
  TimePs free_at_ = 0;
  TimePs busy_ps_ = 0;
};

}  // namespace ssdtwin::host_if
