#include <boost/test/unit_test.hpp>
#include <algorithm>

#include "config/config_loader.h"
#include "config/energy_model.h"
#include "nand/nand_energy.h"
#include "sim/energy_budget.h"
#include "test_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_SUITE(power)

BOOST_AUTO_TEST_CASE(energy_per_program_matches_vit) {
  const auto p = config::load_profile(test::max9550());
  const nand::NandConfig& n = p.config.nand;
  // 3.3 V x 30 mA x 1.8 ms = 178.2 uJ per one-shot program of a wordline on all planes.
  BOOST_TEST(nand::program_energy_j(n) == n.vcc_v * n.program_ma * 1e-3 * s_from_ps(n.tPROG_ps),
             boost::test_tools::tolerance(1e-12));
  BOOST_TEST(nand::program_energy_j(n) == 178.2e-6, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(nand::read_energy_j(n) == 3.3 * 0.025 * 45e-6, boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(energy_breakdown_adds_each_activity_to_its_component) {
  const auto p = config::load_profile(test::max9550());
  const auto layout = config::make_layout(p.config, 32);
  const auto& c = p.config;
  ssdtwin::power::ActivityCounters a, b;
  b.t_s = b.operational_s = 2.0;
  b.nand_programs = 1000;
  b.nand_erases = 10;
  // Reads draw their current while they sense: the energy follows the summed tR, whatever
  // mix of page types (fast lower pages, slow upper pages) made it up.
  b.nand_reads = 500;
  b.nand_read_sense_ps = 500 * c.nand.tR_ps + 7 * kPsPerUs;
  b.nand_bus_bytes = 1'000'000;
  b.core_busy_s = 0.5;
  b.host_bytes = 2'000'000'000;
  const auto e = ssdtwin::power::energy_between(ssdtwin::config::energy_model(c, layout), a, b);
  BOOST_TEST(e.nand_array_j == 1000 * nand::program_energy_j(c.nand) +
                                   10 * nand::erase_energy_j(c.nand, layout.tBERS_ps) +
                                   c.nand.vcc_v * c.nand.read_ma * 1e-3 * (500 * s_from_ps(c.nand.tR_ps) + 7e-6),
             boost::test_tools::tolerance(1e-9));
  BOOST_TEST(e.nand_io_j == 1e6 * c.nand.io_pj_per_byte * 1e-12, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(e.pcie_j == 2.0 * c.power.pcie_l0_w, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(e.controller_j == 2.0 * c.power.controller_idle_w + 0.5 * c.power.fe_core_busy_w +
                                   2e9 * c.power.datapath_pj_per_byte * 1e-12,
             boost::test_tools::tolerance(1e-9));
  BOOST_TEST(e.dram_j == 2.0 * c.power.dram_w + 2e9 * c.power.dram_pj_per_byte * 1e-12,
             boost::test_tools::tolerance(1e-9));
  // A non-operational second: PCIe in L1 and the controller's non-operational power instead.
  ssdtwin::power::ActivityCounters n = b;
  n.t_s += 1.0;
  n.non_operational_s += 1.0;
  const auto idle = ssdtwin::power::energy_between(ssdtwin::config::energy_model(c, layout), b, n);
  BOOST_TEST(idle.pcie_j == c.power.pcie_l1_w, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(idle.controller_j == c.power.nonop_controller_w, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(idle.nand_array_j == 0.0);
}

// The budget's grant window: a saturated budget admits, per check, the expenses that conform
// within the window (not only the one due now), none earlier than one window ahead of its
// exact conforming time, and the long-run rate stays the budget's rate.
BOOST_AUTO_TEST_CASE(grant_window_batches_admissions_without_raising_the_rate) {
  constexpr TimePs kTol = 2 * kPsPerMs, kWindow = kPsPerUs;
  constexpr double kWatts = 10.0, kJoules = 1e-6;  // 100 ns of budget time each
  for (const TimePs window : {TimePs(0), kWindow}) {
    EnergyBudget b;
    b.set_rate(kWatts, kTol);
    b.set_grant_window(window);
    // Checks at the times a waiter would be woken: the exact conforming time of the next one.
    TimePs now = 0;
    std::uint64_t admitted = 0, checks = 0;
    TimePs tat = 0;  // the test's own GCRA, to know each expense's exact conforming time
    while (now < 10 * kPsPerMs) {
      ++checks;
      while (b.grants(now)) {
        const TimePs exact = tat > kTol ? tat - kTol : 0;
        BOOST_REQUIRE(now + window >= exact);  // never more than a window early
        b.spend(now, kJoules);
        tat = std::max(tat, now) + TimePs(kJoules / kWatts * 1e12);
        ++admitted;
      }
      now = b.earliest(now);
    }
    // 2 ms of tolerance plus 10 ms at 10 W: 120 mJ, 120,000 expenses (+ one window's worth).
    const double expected = (s_from_ps(kTol) + s_from_ps(now)) * kWatts / kJoules;
    BOOST_TEST(double(admitted) >= expected - 1);
    BOOST_TEST(double(admitted) <= expected + double(window) / 1e5 + 1);
    // Saturated: one check per expense without a window, one per ~10 with a 1 us window.
    if (window == 0)
      BOOST_TEST(checks >= admitted - 20000 - 1);
    else
      BOOST_TEST(checks * 8 <= admitted);
  }
}

BOOST_AUTO_TEST_SUITE_END()
