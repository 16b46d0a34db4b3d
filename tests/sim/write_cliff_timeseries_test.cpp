// The time series shows a fresh drive's write cliff: after a sequential fill, random writes
// start at WAF ~1 (free block groups absorb them), then GC sets in and host bandwidth falls
// while WAF and the erase counts climb.
#include <boost/test/unit_test.hpp>

#include "model/time_series.h"
#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(timeseries_shows_the_write_cliff_and_erase_counts_rising) {
  const std::string job = "[global]\ntime_based\nruntime=3s\n[w]\nrw=randwrite\nbs=4k\niodepth=32\n";
  model::RunOptions opt;
  opt.precondition_passes = 1;
  opt.timeseries_interval_ps = 100 * kPsPerMs;
  const auto run = test::simulate_with(test::tiny_drive(), job, 1, opt);
  const auto& r = run.result;
  const auto t = model::time_series_table(r.timeseries, run.profile.config, run.layout);
  auto col = [&](const std::string& name) {
    const auto it = std::find(t.columns.begin(), t.columns.end(), name);
    BOOST_TEST_REQUIRE((it != t.columns.end()), name);
    return std::size_t(it - t.columns.begin());
  };
  const std::size_t waf = col("waf_interval"), bw = col("host_write_MBps"), lo = col("pe_min"), mean = col("pe_mean"),
                    hi = col("pe_max");
  BOOST_TEST_REQUIRE(t.rows.size() >= 25u);
  const auto& first = t.rows.front();
  const auto& last = t.rows[t.rows.size() - 2];  // the final row may be a partial interval
  BOOST_TEST(first[waf] < 1.2);
  BOOST_TEST(last[waf] > 1.5);
  BOOST_TEST(last[bw] < 0.8 * first[bw]);
  double prev_mean = 0;
  for (const auto& row : t.rows) {
    BOOST_TEST(row[lo] <= row[mean]);
    BOOST_TEST(row[mean] <= row[hi]);
    BOOST_TEST(row[mean] >= prev_mean);  // erase counts never go down
    prev_mean = row[mean];
  }
  BOOST_TEST(last[mean] > first[mean]);
}
