#include <boost/test/unit_test.hpp>

#include "model/utilisation.h"

using namespace ssdtwin;

namespace {

// A 1 s run of a drive with 2 cores, 2 dies, 1 channel and one 25 W power state.
model::RunResult run_of_1s() {
  model::RunResult r;
  r.sim_end_ps = kPsPerS;
  r.drive.flash.die_busy_ps = {kPsPerS / 2, kPsPerS / 4};
  r.drive.flash.channel_busy_ps = {kPsPerS / 10};
  r.power_states.time_in_state_ps = {kPsPerS};
  r.busy_at_end.die_sum_ps = 3 * kPsPerS / 4;
  r.busy_at_end.channel_sum_ps = kPsPerS / 10;
  return r;
}

config::DriveConfig drive() {
  config::DriveConfig c;
  c.controller.fe_cores = 2;
  c.power.states.resize(1);
  c.power.states[0].mp_w = 25;
  return c;
}

double fraction(const std::vector<model::ResourceUse>& u, const std::string& name) {
  for (const auto& x : u)
    if (x.name == name) return x.fraction;
  BOOST_FAIL("no resource " << name);
  return 0;
}

std::vector<model::ResourceUse> use(const model::RunResult& r, double average_w) {
  return model::resource_use(r, drive(), model::measurement_window(r), average_w);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(utilisation)

BOOST_AUTO_TEST_CASE(the_bottleneck_is_the_busiest_resource_the_drive_has) {
  model::RunResult r = run_of_1s();
  r.busy_at_end.core_ps = 3 * kPsPerS / 2;  // 2 cores, 0.75 s each
  r.busy_at_end.gc_fw_ps = kPsPerS / 2;
  r.busy_at_end.link_up_ps = kPsPerS / 5;
  const auto u = use(r, 10.0);
  BOOST_TEST(fraction(u, "firmware_cores") == 0.75);
  BOOST_TEST(fraction(u, "firmware_cores_gc") == 0.25);
  BOOST_TEST(fraction(u, "dies") == 0.375);        // mean of 0.5 and 0.25
  BOOST_TEST(fraction(u, "dies_busiest") == 0.5);  // listed, not a candidate
  BOOST_TEST(fraction(u, "channels") == 0.1);
  BOOST_TEST(fraction(u, "pcie_up") == 0.2);
  BOOST_TEST(fraction(u, "write_buffer") == 0.0);
  BOOST_TEST(fraction(u, "power_budget") == 0.4);  // 10 W of a 25 W cap
  // Nothing saturated (cores 75%): the closed loop's depth and latency bound the run.
  BOOST_TEST(model::bottleneck(u).name == "latency");
  BOOST_TEST(model::bottleneck(u).fraction == 0.75);
  r.busy_at_end.core_ps = 19 * kPsPerS / 10;  // 95%
  BOOST_TEST(model::bottleneck(use(r, 10.0)).name == "firmware_cores");
  // The power cap binds when the average power reaches it.
  r.busy_at_end.core_ps = 0;
  BOOST_TEST(model::bottleneck(use(r, 24.5)).name == "power_budget");
  // A busiest die alone (skew) is not named; the link is when it is the busiest.
  r.drive.flash.die_busy_ps = {kPsPerS, 0};
  r.busy_at_end.die_sum_ps = kPsPerS;
  r.busy_at_end.link_up_ps = 9 * kPsPerS / 10;
  BOOST_TEST(model::bottleneck(use(r, -1)).name == "pcie_up");
}

BOOST_AUTO_TEST_CASE(a_full_write_buffer_is_named_only_when_nothing_behind_it_is_saturated) {
  model::RunResult r = run_of_1s();
  r.busy_at_end.buffer_wait_ps = 95 * kPsPerS / 100;         // host writes waited 95% of the time
  r.busy_at_end.die_sum_ps = 2 * 96 * kPsPerS / 100;         // and the dies were 96% busy
  BOOST_TEST(model::bottleneck(use(r, -1)).name == "dies");  // the buffer is their back-pressure
  r.busy_at_end.die_sum_ps = 2 * 60 * kPsPerS / 100;         // dies 60%: too little in flight
  BOOST_TEST(model::bottleneck(use(r, -1)).name == "write_buffer");
  BOOST_TEST(model::bottleneck(use(r, -1)).fraction == 0.95);
}

BOOST_AUTO_TEST_CASE(shares_are_taken_over_the_measurement_window) {
  // Samples every 0.1 s; the cores are busy only from 0.2 s; the job measures 0.4-0.8 s
  // (ramp before, a drain of 0.1 s after).
  model::RunResult r = run_of_1s();
  for (int i = 0; i <= 10; ++i) {
    model::Sample s;
    s.t_s = 0.1 * i;
    s.busy.core_ps = i <= 2 ? 0 : TimePs(i - 2) * kPsPerS / 10;  // one of 2 cores busy
    s.activity.t_s = s.t_s;
    r.timeseries.push_back(s);
  }
  r.busy_at_end = r.timeseries.back().busy;
  workload::JobStats j;
  j.write.ios = 1;
  j.start_ps = 4 * kPsPerS / 10;
  j.end_ps = 9 * kPsPerS / 10;
  j.drain_ps = kPsPerS / 10;
  r.jobs.push_back(j);
  const model::MeasurementWindow w = model::measurement_window(r);
  BOOST_TEST(!w.whole_run);
  BOOST_TEST(w.from_ps == 4 * kPsPerS / 10);
  BOOST_TEST(w.to_ps == 8 * kPsPerS / 10);
  const auto u = model::resource_use(r, drive(), w, -1);
  BOOST_TEST(fraction(u, "firmware_cores") == 0.5, boost::test_tools::tolerance(1e-9));
  // Over the whole run (0.8 core-s of 2 core-s) it would read 40%; between samples the
  // counters are interpolated: 0.45-0.75 s gives the same 50%.
  j.start_ps = 45 * kPsPerS / 100;
  j.end_ps = 85 * kPsPerS / 100;
  r.jobs = {j};
  const model::MeasurementWindow w2 = model::measurement_window(r);
  BOOST_TEST(fraction(model::resource_use(r, drive(), w2, -1), "firmware_cores") == 0.5,
             boost::test_tools::tolerance(1e-9));
  // No job measured anything: the whole run.
  r.jobs.clear();
  BOOST_TEST(model::measurement_window(r).whole_run);
}

BOOST_AUTO_TEST_SUITE_END()
