// Simulated time as integer picoseconds: exact sums, no drift, and it maps 1:1 onto
// sc_time values at SystemC's default 1 ps resolution.
#pragma once
#include <cmath>
#include <cstdint>

namespace ssdtwin {

using TimePs = std::uint64_t;

constexpr TimePs kPsPerNs = 1000;
constexpr TimePs kPsPerUs = 1000 * kPsPerNs;
constexpr TimePs kPsPerMs = 1000 * kPsPerUs;
constexpr TimePs kPsPerS = 1000 * kPsPerMs;
constexpr TimePs kTimeNever = UINT64_MAX;

inline double s_from_ps(TimePs ps) { return static_cast<double>(ps) * 1e-12; }
inline TimePs ps_from_s(double s) { return static_cast<TimePs>(s * 1e12 + 0.5); }

// Time to move `bytes` at `bytes_per_s`, rounded up to whole picoseconds.
inline TimePs transfer_ps(double bytes, double bytes_per_s) {
  return static_cast<TimePs>(std::ceil(bytes * 1e12 / bytes_per_s));
}

inline TimePs max_ps(TimePs a, TimePs b) { return a > b ? a : b; }

}  // namespace ssdtwin
