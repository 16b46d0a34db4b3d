// APST: bursts of reads separated by 400 ms of think time on the tiny test drive, whose PS2
// is non-operational (ENLAT 2 ms + EXLAT 3 ms: entered after 50 x 5 ms = 250 ms idle).
// Every idle gap ends in PS2, the first read after it pays exactly the exit latency, and
// the average power falls below the drive's idle operational power.
#include <boost/test/unit_test.hpp>

#include "config/energy_model.h"
#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(exit_latency_charged_to_first_command_after_idle) {
  const std::string job =
      "[global]\ntime_based\nruntime=2s\n[r]\nrw=randread\nbs=4k\niodepth=1\nthinktime=400ms\nthinktime_blocks=20\n";
  model::RunOptions opt;
  opt.precondition_passes = 1;
  opt.power.apst = true;
  const auto run = test::simulate_with(test::tiny_drive(), job, 1, opt);
  const auto& p = run.profile;
  const auto& layout = run.layout;
  const auto& r = run.result;
  const auto& ps = r.power_states;
  const TimePs exlat = p.config.power.states[2].exlat_ps;
  BOOST_TEST(exlat == 3 * kPsPerMs);
  // 2 s of 400 ms gaps: four complete gaps end in a wake-up; the fifth may still be idle.
  BOOST_TEST(ps.wakeups >= 4u);
  BOOST_TEST(ps.apst_entries >= ps.wakeups);
  BOOST_TEST(ps.exit_latency_charged_ps == ps.wakeups * exlat);
  BOOST_TEST(ps.time_in_state_ps[2] > 0u);
  // The slowest reads are the first of each burst: a normal read plus the exit latency.
  const auto& lat = r.jobs[0].read.lat_ns;
  BOOST_TEST(double(lat.max()) > s_from_ps(exlat) * 1e9);
  BOOST_TEST(double(lat.max()) < s_from_ps(exlat) * 1e9 + 200e3);  // + under 200 us of normal read
  // Lower power than idling in PS0.
  const power::PowerSummary pw = power::summarize_power(config::energy_model(p.config, layout), r.activity, {});
  BOOST_TEST(pw.average_w < power::operational_static_w(config::energy_model(p.config)));
}
