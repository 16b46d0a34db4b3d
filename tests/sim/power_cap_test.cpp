// The sustained-power cap of an operational power state: 128 KiB sequential writes on the
// 9550 MAX in PS2 (MP 15 W; the drive draws about 17 W uncapped) stay at or under MP over
// every window of power.cap_window_ms, and the cap binds (the drive runs close to it and
// operations were held back).
#include <boost/test/unit_test.hpp>

#include "model/time_series.h"
#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(power_cap_holds_under_sustained_write) {
  const std::string job = "[global]\ntime_based\nruntime=400ms\n[w]\nrw=write\nbs=128k\niodepth=16\n";
  model::RunOptions opt;
  opt.precondition_passes = 1;
  opt.power.initial_state = 2;
  const auto run = test::simulate_with(test::max9550(), job, 128, opt);
  const auto& p = run.profile;
  const auto& r = run.result;
  const double mp = p.config.power.states[2].mp_w;
  BOOST_TEST_REQUIRE(mp == 15.0);
  const auto t = model::power_series_table(r.timeseries, p.config, run.layout);
  const std::size_t per_window = std::size_t(p.config.power.cap_window_ps / opt.power_interval_ps);
  BOOST_TEST_REQUIRE(t.rows.size() >= per_window + 10);
  double worst = 0, sum = 0;
  for (std::size_t i = 0; i + per_window <= t.rows.size(); ++i) {
    double w = 0;
    for (std::size_t k = i; k < i + per_window; ++k) w += t.rows[k][1];
    worst = std::max(worst, w / double(per_window));
  }
  for (const auto& row : t.rows) sum += row[1];
  BOOST_TEST(worst <= mp);                               // the cap holds over every window
  BOOST_TEST(sum / double(t.rows.size()) >= 0.97 * mp);  // and binds
  BOOST_TEST(r.power_throttled_ops > 0u);
}
