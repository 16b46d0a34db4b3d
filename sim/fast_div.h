// Division by a divisor fixed at run time, as a multiply, an add and shifts (Granlund and
// Montgomery, "Division by invariant integers using multiplication", PLDI 1994, Thm 4.2):
// exact for every numerator below 2^32. The mapping divides a PPN (31 bits, config/layout)
// by the IUs per block group on every valid-count change, where a 64-bit divide cost more
// than the rest of the update.
#pragma once
#include <cstdint>

namespace ssdtwin {

class FastDiv32 {
 public:
  FastDiv32() = default;
  explicit FastDiv32(std::uint64_t d) {
    while ((std::uint64_t(1) << shift_) < d) ++shift_;  // shift_ = ceil(log2 d) <= 32
    // m = ceil(2^(32 + shift_) / d), in [2^32, 2^33): kept as m - 2^32.
    const std::uint64_t hi = std::uint64_t(1) << shift_;  // 2^(32+shift_) = hi * 2^32
    // ceil(hi * 2^32 / d) - 2^32 = ceil((hi - d) * 2^32 / d), computed without overflow as
    // a 64-bit division: (hi - d) < d, so the quotient is below 2^32.
    const std::uint64_t r = hi - d;
    const std::uint64_t num_hi = r << 32;  // r < 2^32 when d <= 2^32
    magic_ = num_hi / d + (num_hi % d != 0);
  }
  // n / d for n < 2^32.
  std::uint32_t operator()(std::uint64_t n) const {
    return static_cast<std::uint32_t>((n + ((n * magic_) >> 32)) >> shift_);
  }

 private:
  std::uint64_t magic_ = 0;  // m - 2^32, below 2^32
  std::uint32_t shift_ = 0;
};

}  // namespace ssdtwin
