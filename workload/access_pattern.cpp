#include "workload/access_pattern.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace ssdtwin::workload {
namespace {

// log1p(x)/x and expm1(x)/x, continuous at 0.
double log1p_over(double x) { return std::fabs(x) > 1e-8 ? std::log1p(x) / x : 1.0 - x / 2.0 + x * x / 3.0; }
double expm1_over(double x) { return std::fabs(x) > 1e-8 ? std::expm1(x) / x : 1.0 + x / 2.0 + x * x / 6.0; }

// For the zipf exponent q: H(x) = (x^(1-q) - 1) / (1-q), the integral of h(x) = x^-q.
double h_integral(double x, double q) {
  const double lx = std::log(x);
  return expm1_over((1.0 - q) * lx) * lx;
}
double h_of(double x, double q) { return std::exp(-q * std::log(x)); }
double h_integral_inverse(double x, double q) {
  double t = x * (1.0 - q);
  if (t < -1.0) t = -1.0;  // rounding at the lower end
  return std::exp(log1p_over(t) * x);
}

}  // namespace

AccessPattern::AccessPattern(const RandomDistribution& d, std::uint64_t blocks, std::uint64_t block_bytes,
                             std::uint64_t scale)
    : d_(d), n_(std::max<std::uint64_t>(blocks, 1)) {
  const double q = d_.param;
  if (d_.kind == RandDist::Zipf) {
    h_x1_ = h_integral(1.5, q) - 1.0;
    h_n_ = h_integral(double(n_) + 0.5, q);
    s_ = 2.0 - h_integral_inverse(h_integral(2.5, q) - h_of(2.0, q), q);
  }
  if (d_.kind == RandDist::Pareto) pareto_pow_ = std::log(d_.param) / std::log(1.0 - d_.param);
  if (d_.kind == RandDist::Zipf || d_.kind == RandDist::Pareto) {
    scatter_ = d_.center < 0;
    center_off_ = scatter_ ? 0 : std::min<std::uint64_t>(n_ - 1, std::uint64_t(d_.center * double(n_)));
    // A multiplier near N / golden ratio, stepped to be coprime with N: rank * P mod N is
    // then a bijection that spreads neighbouring ranks across the region.
    perm_mult_ = std::max<std::uint64_t>(1, std::uint64_t(double(n_) * 0.6180339887498949)) | 1;
    while (std::gcd(perm_mult_, n_) != 1) perm_mult_ += 2;
  }
  if (d_.kind == RandDist::Zoned || d_.kind == RandDist::ZonedAbs) {
    std::uint64_t first = 0;
    double cum = 0;
    for (const auto& z : d_.zones) {
      std::uint64_t count = d_.kind == RandDist::Zoned ? std::uint64_t(std::llround(z.size_pct / 100.0 * double(n_)))
                                                       : z.size_bytes / std::max<std::uint64_t>(scale, 1) / block_bytes;
      count = std::max<std::uint64_t>(count, 1);
      if (first >= n_) first = n_ - 1;
      count = std::min(count, n_ - first);
      cum += z.access_pct / 100.0;
      if (z.access_pct > 0) zones_.push_back({cum, first, count});
      first += count;
    }
    zones_.back().cum_access = 1.0;  // guard against rounding in the shares
  }
}

std::uint64_t AccessPattern::zipf_rank(Rng& rng) const {
  const double q = d_.param;
  for (;;) {
    const double u = h_n_ + rng.unit() * (h_x1_ - h_n_);
    const double x = h_integral_inverse(u, q);
    double k = std::floor(x + 0.5);
    if (k < 1) k = 1;
    if (k > double(n_)) k = double(n_);
    if (k - x <= s_ || u >= h_integral(k + 0.5, q) - h_of(k, q)) return std::uint64_t(k);
  }
}

std::uint64_t AccessPattern::place(std::uint64_t rank0) const {
  __extension__ using u128 = unsigned __int128;
  if (!scatter_) return (center_off_ + rank0) % n_;
  return std::uint64_t((u128(rank0) * perm_mult_) % n_);
}

std::uint64_t AccessPattern::next_skewed(Rng& rng) {
  switch (d_.kind) {
    case RandDist::Uniform:
      return rng.below(n_);
    case RandDist::Zipf:
      return place(zipf_rank(rng) - 1);
    case RandDist::Pareto: {
      const double r = double(n_ - 1) * std::pow(rng.unit(), pareto_pow_);
      return place(std::min<std::uint64_t>(n_ - 1, std::uint64_t(r)));
    }
    case RandDist::Normal: {
      const double mean = (d_.center < 0 ? 0.5 : d_.center) * double(n_);
      const double sd = d_.param / 100.0 * double(n_);
      for (;;) {
        // Box-Muller; one of the pair is enough.
        const double u1 = 1.0 - rng.unit(), u2 = rng.unit();
        const double x = mean + sd * std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
        if (x >= 0 && x < double(n_)) return std::uint64_t(x);
      }
    }
    case RandDist::Zoned:
    case RandDist::ZonedAbs: {
      const double u = rng.unit();
      const auto it = std::find_if(zones_.begin(), zones_.end(), [u](const Zone& z) { return u < z.cum_access; });
      const Zone& z = it == zones_.end() ? zones_.back() : *it;
      return z.first + rng.below(z.count);
    }
  }
  return 0;
}

}  // namespace ssdtwin::workload
