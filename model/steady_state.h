// SNIA SSS PTS steady-state rule over a window of rounds (default 5): the tracked value's
// range (max - min) is within 20% of the window average, and the least-squares line's
// excursion across the window (|slope| x (rounds - 1)) is within 10% of the average.
#pragma once
#include <cmath>
#include <cstddef>
#include <vector>

namespace ssdtwin::model {

struct SteadyStateRule {
  std::size_t window = 5;
  double max_range_frac = 0.20;
  double max_excursion_frac = 0.10;
};

// True when the last `rule.window` values satisfy the rule.
inline bool is_steady(const std::vector<double>& v, SteadyStateRule rule = {}) {
  if (v.size() < rule.window) return false;
  const std::size_t n = rule.window, first = v.size() - n;
  double sum = 0, lo = v[first], hi = v[first];
  for (std::size_t i = first; i < v.size(); ++i) {
    sum += v[i];
    lo = std::fmin(lo, v[i]);
    hi = std::fmax(hi, v[i]);
  }
  const double avg = sum / double(n);
  if (avg == 0) return false;
  double sx = 0, sxx = 0, sxy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    sx += double(i);
    sxx += double(i) * double(i);
    sxy += double(i) * v[first + i];
  }
  const double slope = (double(n) * sxy - sx * sum) / (double(n) * sxx - sx * sx);
  return (hi - lo) <= rule.max_range_frac * std::fabs(avg) &&
         std::fabs(slope) * double(n - 1) <= rule.max_excursion_frac * std::fabs(avg);
}

}  // namespace ssdtwin::model
