#include <boost/test/unit_test.hpp>
#include <cmath>

#include "workload/latency_histogram.h"
#include "sim/rng.h"

using ssdtwin::workload::LatencyHistogram;

BOOST_AUTO_TEST_SUITE(latency_histogram)

BOOST_AUTO_TEST_CASE(percentiles_have_bounded_relative_error) {
  LatencyHistogram h;
  ssdtwin::Rng rng(7);
  std::vector<std::uint64_t> v;
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t x = 1000 + rng.below(10000000);
    v.push_back(x);
    h.record(x);
  }
  std::sort(v.begin(), v.end());
  for (double p : {1.0, 50.0, 90.0, 99.0, 99.9}) {
    const std::uint64_t exact = v[std::size_t(std::ceil(p / 100 * v.size())) - 1];
    const double rel = std::fabs(double(h.percentile(p)) - double(exact)) / double(exact);
    BOOST_TEST(rel < 1.0 / 128, "p" << p << " relative error " << rel);
  }
  BOOST_TEST(h.min() == v.front());
  BOOST_TEST(h.max() == v.back());
}

BOOST_AUTO_TEST_CASE(bucket_bounds_are_contiguous) {
  for (int i = 1; i < 2000; ++i) BOOST_TEST(LatencyHistogram::lower_bound(i) > LatencyHistogram::lower_bound(i - 1));
  for (std::uint64_t v : {0ull, 127ull, 128ull, 255ull, 256ull, 1000000ull, 123456789012ull})
    BOOST_TEST(LatencyHistogram::lower_bound(LatencyHistogram::index(v)) <= v);
}

BOOST_AUTO_TEST_CASE(mean_and_stddev_are_exact) {
  LatencyHistogram h;
  for (std::uint64_t x : {2, 4, 4, 4, 5, 5, 7, 9}) h.record(x);
  BOOST_TEST(h.mean() == 5.0);
  BOOST_TEST(h.stddev() == std::sqrt(32.0 / 7.0), boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_SUITE_END()
