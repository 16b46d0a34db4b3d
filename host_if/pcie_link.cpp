#include "host_if/pcie_link.h"

namespace ssdtwin::host_if {
namespace {

// PCIe Base Spec 5.0 Tables 3-7..3-9 (ACK latency limit) / 2-46..2-48 (UpdateFC interval),
// in bytes, indexed [width x1,x2,x4,x8,x16][MPS 128..4096]. Gen3-5 share one table.
constexpr std::uint32_t kGen1[5][6] = {{237, 416, 559, 1071, 2095, 4143},
                                       {128, 217, 289, 545, 1057, 2081},
                                       {73, 118, 154, 282, 538, 1050},
                                       {67, 107, 86, 150, 278, 534},
                                       {48, 72, 86, 150, 278, 534}};
constexpr std::uint32_t kGen2[5][6] = {{288, 467, 610, 1122, 2146, 4194},
                                       {179, 268, 340, 596, 1108, 2132},
                                       {124, 169, 205, 333, 589, 1101},
                                       {118, 158, 137, 201, 329, 585},
                                       {99, 123, 137, 201, 329, 585}};
constexpr std::uint32_t kGen3to5[5][6] = {{333, 512, 655, 1167, 2191, 4239},
                                          {224, 313, 385, 641, 1153, 2177},
                                          {169, 214, 250, 378, 634, 1146},
                                          {163, 203, 182, 246, 374, 630},
                                          {144, 168, 182, 246, 374, 630}};

int width_index(std::uint32_t lanes) {
  switch (lanes) {
    case 1:
      return 0;
    case 2:
      return 1;
    case 4:
      return 2;
    case 8:
      return 3;
    default:
      return 4;
  }
}
int mps_index(std::uint32_t mps) {
  int i = 0;
  for (std::uint32_t m = 128; m < mps && i < 5; m *= 2) ++i;
  return i;
}
std::uint64_t ceil_div(std::uint64_t a, std::uint64_t b) { return (a + b - 1) / b; }
constexpr std::uint32_t kSkpBytes = 4, kSkpInterval = 1538;

}  // namespace

std::uint32_t ack_interval_bytes(std::uint32_t generation, std::uint32_t lanes, std::uint32_t mps) {
  const int w = width_index(lanes), m = mps_index(mps);
  if (generation == 1) return kGen1[w][m];
  if (generation == 2) return kGen2[w][m];
  return kGen3to5[w][m];
}

double encoding_efficiency(std::uint32_t generation) { return generation <= 2 ? 8.0 / 10.0 : 128.0 / 130.0; }

double raw_bytes_per_s(std::uint32_t generation, std::uint32_t lanes) {
  static constexpr double kGts[] = {0, 2.5, 5.0, 8.0, 16.0, 32.0};
  return kGts[generation] * 1e9 * lanes * encoding_efficiency(generation) / 8.0;
}

LinkModel::LinkModel(const PcieConfig& c, std::uint32_t host_read_completion_bytes)
    : raw_bytes_per_s_(raw_bytes_per_s(c.generation, c.lanes)),
      mps_(c.mps_bytes),
      mrrs_(c.mrrs_bytes),
      rcb_(host_read_completion_bytes) {
  const double interval = ack_interval_bytes(c.generation, c.lanes, c.mps_bytes);
  // One ACK and one UpdateFC DLLP per interval, plus SKP ordered sets.
  const double overhead = 2.0 * kDllpBytes / interval + double(kSkpBytes) / kSkpInterval;
  tlp_bytes_per_s_ = raw_bytes_per_s_ * (1.0 - overhead);
}

std::uint64_t LinkModel::mwr_wire_bytes(std::uint64_t payload) const {
  const std::uint64_t tlps = ceil_div(payload, mps_);
  return payload + tlps * (kTlpFramingBytes + kTlpCommonHeaderBytes + kMemHeader64Bytes);
}

std::uint64_t LinkModel::mrd_wire_bytes(std::uint64_t bytes) const {
  return ceil_div(bytes, mrrs_) * (kTlpFramingBytes + kTlpCommonHeaderBytes + kMemHeader64Bytes);
}

std::uint64_t LinkModel::cpld_wire_bytes(std::uint64_t bytes) const {
  const std::uint64_t tlps = ceil_div(bytes, rcb_);
  return bytes + tlps * (kTlpFramingBytes + kTlpCommonHeaderBytes + kCplDHeaderBytes);
}

}  // namespace ssdtwin::host_if
