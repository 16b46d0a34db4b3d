// Closed-form write amplification for uniform random writes, to validate the FTL against.
//
// alpha = physical / user capacity. LRU/FIFO cleaning (Desnoyers, SYSTOR'12; Xiang &
// Kurkoski, arXiv 1110.4245): A solves A = 1 + 1 / (e^(alpha/A) - 1). Greedy cleaning with
// Np units per block: A_greedy ~ A_LRU(k alpha) / k with k = 1 + 1/(2 Np) (Desnoyers'
// greedy_hc.m); it tends to the LRU value as blocks grow.
#pragma once
#include <cmath>

namespace ssdtwin::ftl {

inline double waf_lru(double alpha) {
  // f(A) = 1 + 1/(e^(alpha/A) - 1) - A is decreasing in A on (1, inf): bisect.
  double lo = 1.0 + 1e-12, hi = 1e4;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    const double f = 1.0 + 1.0 / std::expm1(alpha / mid) - mid;
    (f > 0 ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

inline double waf_greedy(double alpha, double units_per_block) {
  const double k = 1.0 + 1.0 / (2.0 * units_per_block);
  return waf_lru(k * alpha) / k;
}

}  // namespace ssdtwin::ftl
