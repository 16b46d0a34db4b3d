// Where a random fio job's next I/O lands: fio's random_distribution over the job's region,
// in units of its alignment block. Set up once per job clone (no allocation per I/O).
//
// Rules (docs/workloads.md, "Random distributions"):
//  - uniform: every block equally likely.
//  - zipf:theta: rank k (1 = hottest) with probability proportional to k^-theta, drawn by
//    rejection-inversion (Hormann and Derflinger, 1996) in O(1) per draw.
//  - pareto:h: rank floor((N-1) * u^(log h / log(1-h))), u uniform in [0,1): fio's
//    definition of its pareto generator.
//  - zipf and pareto ranks are scattered over the region by a fixed bijective permutation
//    (rank * P mod N, P coprime to N), as fio hashes them, so hot blocks do not sit
//    together; with a center c, rank k is placed at (c*N + k) mod N instead.
//  - normal:dev: Gaussian, mean at c*N (c = 0.5 unless given), standard deviation dev% of
//    N; draws outside the region are drawn again.
//  - zoned / zoned_abs: a zone by its access share, then a block uniformly in it; zones
//    lie in order from the start of the region (zoned_abs sizes are divided by --scale
//    like size and offset, and clipped to the region).
#pragma once
#include <cstdint>
#include <vector>

#include "workload/fio_job.h"
#include "sim/rng.h"

namespace ssdtwin::workload {

class AccessPattern {
 public:
  // blocks: number of positions (> 0); scale: the model's capacity scale (zoned_abs).
  AccessPattern(const RandomDistribution& d, std::uint64_t blocks, std::uint64_t block_bytes, std::uint64_t scale);
  // Uniform inline (the common case on the hot path); the skewed ones out of line.
  std::uint64_t next(Rng& rng) { return d_.kind == RandDist::Uniform ? rng.below(n_) : next_skewed(rng); }

 private:
  std::uint64_t next_skewed(Rng& rng);
  std::uint64_t zipf_rank(Rng& rng) const;  // 1..N
  std::uint64_t place(std::uint64_t rank0) const;

  RandomDistribution d_;
  std::uint64_t n_;
  // zipf rejection-inversion constants
  double h_x1_ = 0, h_n_ = 0, s_ = 0;
  double pareto_pow_ = 0;
  std::uint64_t perm_mult_ = 1, center_off_ = 0;
  bool scatter_ = true;
  struct Zone {
    double cum_access;  // cumulative share, 0..1
    std::uint64_t first, count;
  };
  std::vector<Zone> zones_;
};

}  // namespace ssdtwin::workload
