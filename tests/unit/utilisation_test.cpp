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

}  // namespace

BOOST_AUTO_TEST_SUITE(utilisation)

BOOST_AUTO_TEST_CASE(the_bottleneck_is_the_busiest_resource_the_drive_has) {
  model::RunResult r = run_of_1s();
  r.drive.controller.core_busy_ps = 3 * kPsPerS / 2;  // 2 cores, 0.75 s each
  r.drive.controller.gc_fw_busy_ps = kPsPerS / 2;
  r.drive.link_up_busy_ps = kPsPerS / 5;
  const auto u = model::resource_use(r, drive(), 10.0);
  BOOST_TEST(fraction(u, "firmware_cores") == 0.75);
  BOOST_TEST(fraction(u, "firmware_cores_gc") == 0.25);
  BOOST_TEST(fraction(u, "dies") == 0.375);        // mean of 0.5 and 0.25
  BOOST_TEST(fraction(u, "dies_busiest") == 0.5);  // listed, not a candidate
  BOOST_TEST(fraction(u, "channels") == 0.1);
  BOOST_TEST(fraction(u, "pcie_up") == 0.2);
  BOOST_TEST(fraction(u, "power_budget") == 0.4);  // 10 W of a 25 W cap
  // Nothing saturated (cores 75%): the closed loop's depth and latency bound the run.
  BOOST_TEST(model::bottleneck(u).name == "latency");
  BOOST_TEST(model::bottleneck(u).fraction == 0.75);
  r.drive.controller.core_busy_ps = 19 * kPsPerS / 10;  // 95%
  BOOST_TEST(model::bottleneck(model::resource_use(r, drive(), 10.0)).name == "firmware_cores");
  // The power cap binds when the average power reaches it.
  r.drive.controller.core_busy_ps = 0;
  BOOST_TEST(model::bottleneck(model::resource_use(r, drive(), 24.5)).name == "power_budget");
  // A busiest die alone (skew) is not named; the link is when it is the busiest.
  r.drive.controller.core_busy_ps = 0;
  r.drive.flash.die_busy_ps = {kPsPerS, 0};
  r.drive.link_up_busy_ps = 9 * kPsPerS / 10;
  BOOST_TEST(model::bottleneck(model::resource_use(r, drive(), -1)).name == "pcie_up");
}

BOOST_AUTO_TEST_SUITE_END()
