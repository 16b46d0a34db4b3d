// Log-linear latency histogram (HDR-style): values are bucketed by power of two, each power
// split into 2^kSubBits linear sub-buckets, so any recorded value is recovered within a
// relative error of 2^-kSubBits (< 0.8%). Fixed memory, O(1) record, no stored samples.
#pragma once
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

namespace ssdtwin::workload {

class LatencyHistogram {
 public:
  static constexpr int kSubBits = 7;
  static constexpr int kSub = 1 << kSubBits;
  static constexpr int kBuckets = (64 - kSubBits + 1) * kSub;

  void record(std::uint64_t v) {
    ++counts_[index(v)];
    ++n_;
    sum_ += static_cast<double>(v);
    sum_sq_ += static_cast<double>(v) * static_cast<double>(v);
    if (v < min_) min_ = v;
    if (v > max_) max_ = v;
  }
  void merge(const LatencyHistogram& o) {
    for (int i = 0; i < kBuckets; ++i) counts_[std::size_t(i)] += o.counts_[std::size_t(i)];
    n_ += o.n_;
    sum_ += o.sum_;
    sum_sq_ += o.sum_sq_;
    if (o.min_ < min_) min_ = o.min_;
    if (o.max_ > max_) max_ = o.max_;
  }
  std::uint64_t count() const { return n_; }
  std::uint64_t min() const { return n_ ? min_ : 0; }
  std::uint64_t max() const { return max_; }
  double mean() const { return n_ ? sum_ / double(n_) : 0.0; }
  double stddev() const {
    if (n_ < 2) return 0.0;
    const double m = mean();
    const double var = (sum_sq_ - double(n_) * m * m) / double(n_ - 1);
    return var > 0 ? std::sqrt(var) : 0.0;
  }
  // fio's definition: the smallest recorded value with at least p% of samples at or below
  // it; returns the bucket's midpoint, clamped to [min, max].
  std::uint64_t percentile(double p) const {
    if (!n_) return 0;
    const std::uint64_t rank = static_cast<std::uint64_t>(std::ceil(p / 100.0 * double(n_)));
    std::uint64_t seen = 0;
    for (int i = 0; i < kBuckets; ++i) {
      seen += counts_[std::size_t(i)];
      if (seen >= (rank ? rank : 1)) {
        std::uint64_t v = midpoint(i);
        if (v < min_) v = min_;
        if (v > max_) v = max_;
        return v;
      }
    }
    return max_;
  }
  // Each non-empty bucket as (midpoint, count), in increasing order.
  template <class F>
  void for_each_bucket(F f) const {
    for (int i = 0; i < kBuckets; ++i)
      if (counts_[std::size_t(i)]) f(midpoint(i), counts_[std::size_t(i)]);
  }
  static int index(std::uint64_t v) {
    if (v < std::uint64_t(kSub)) return static_cast<int>(v);
    const int msb = 63 - __builtin_clzll(v);
    const int shift = msb - kSubBits;
    return (shift + 1) * kSub + static_cast<int>((v >> shift) & (kSub - 1));
  }
  static std::uint64_t lower_bound(int i) {
    if (i < kSub) return std::uint64_t(i);
    const int shift = i / kSub - 1;
    return (std::uint64_t(kSub) + std::uint64_t(i % kSub)) << shift;
  }
  static std::uint64_t midpoint(int i) {
    if (i < kSub) return std::uint64_t(i);
    const int shift = i / kSub - 1;
    return lower_bound(i) + ((std::uint64_t(1) << shift) >> 1);
  }

 private:
  std::array<std::uint64_t, kBuckets> counts_{};
  std::uint64_t n_ = 0;
  double sum_ = 0, sum_sq_ = 0;
  std::uint64_t min_ = std::numeric_limits<std::uint64_t>::max(), max_ = 0;
};

}  // namespace ssdtwin::workload
