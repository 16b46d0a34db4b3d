// Whole-string number parsing shared by the job, trace and command-line parsers: a value
// is accepted only if all of it is one number (std::stoull/stod alone accept "12abc" and,
// for unsigned, wrap "-1"). Callers turn nullopt into their own error message.
#pragma once
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>

namespace ssdtwin::config {

// base 0: fio's rule (0x.. hex, 0.. octal); base 10 for traces and flags.
inline std::optional<std::uint64_t> parse_whole_uint(const std::string& v, int base = 10) {
  if (v.empty() || v[0] == '-') return std::nullopt;
  std::size_t used = 0;
  try {
    const std::uint64_t x = std::stoull(v, &used, base);
    if (used == v.size()) return x;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

inline std::optional<double> parse_whole_double(const std::string& v) {
  std::size_t used = 0;
  try {
    const double x = std::stod(v, &used);
    if (used == v.size() && std::isfinite(x)) return x;
  } catch (const std::exception&) {
  }
  return std::nullopt;
}

// x * unit as a whole number if x is finite, non-negative and the product fits in `limit`
// (a cast of an out-of-range double is undefined behaviour; callers name the error).
inline std::optional<std::uint64_t> scaled_whole(double x, double unit, double limit = 1.8e19) {
  const double v = x * unit;
  if (!std::isfinite(v) || v < 0 || v >= limit) return std::nullopt;
  return static_cast<std::uint64_t>(v);
}

}  // namespace ssdtwin::config
