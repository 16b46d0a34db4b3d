// NVMe power states at run time: the current state, Set Features (Power Management) from a
// timeline, the sustained-power cap of operational states, and autonomous power state
// transitions (APST) into non-operational states when the host is idle.
//
// Cap: in an operational state with maximum power MP, the dynamic energy the drive spends
// (NAND operations, channel transfers, command processing) is limited to the rate
// MP - P_idle, where P_idle is the drive's idle operational power, via the shared
// EnergyBudget; the flash array and controller wait for the budget, so throughput falls.
//
// APST (Linux rule, drivers/nvme/host/core.c): a non-operational state whose
// ENLAT + EXLAT <= 100 ms is entered after the host has been idle 50 x (ENLAT + EXLAT);
// deeper states follow at their own idle times. The first command afterwards waits EXLAT
// and the drive returns to the last operational state.
#pragma once
#include <systemc>
#include <vector>

#include "power/power_config.h"
#include "sim/energy_budget.h"
#include "sim/sc_wakeup.h"

namespace ssdtwin::power {

struct PowerTimelineEntry {
  TimePs at_ps = 0;
  std::uint32_t state = 0;
};

struct PowerRunOptions {
  std::uint32_t initial_state = 0;
  std::vector<PowerTimelineEntry> timeline;  // Set Features (Power Management) at given times
  bool apst = false;
};

struct PowerStateResidency {
  std::vector<TimePs> time_in_state_ps;
  std::uint32_t apst_entries = 0, wakeups = 0;
  TimePs exit_latency_charged_ps = 0;
  // Thermal: composite temperature and host-controlled thermal management.
  double start_temp_c = 0, max_temp_c = 0, end_temp_c = 0;
  TimePs above_warning_ps = 0, above_critical_ps = 0;
  TimePs hctm_light_ps = 0, hctm_heavy_ps = 0;  // time held to the TMT1 / TMT2 limit
  std::uint32_t hctm_transitions = 0;
};

class PowerManager : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(PowerManager);
  PowerManager(sc_core::sc_module_name name, const PowerConfig& cfg, double idle_operational_w,
               double idle_non_operational_w, const PowerRunOptions& run);

  EnergyBudget& budget() { return budget_; }
  // APST, Set Features and thermal-tick wake-ups run in `d` (sim/lookahead.h).
  void join(LookaheadDomain& d) {
    wake_.join(d, [this] { on_wake(); });
  }
  std::uint32_t state() const { return state_; }
  bool non_operational() const { return cfg_.states[state_].non_operational; }
  // Host interface hooks: the first command after idle (returns the exit latency to charge)
  // and the moment no command is outstanding any more.
  TimePs on_host_busy(TimePs now);
  void on_host_idle(TimePs now);
  // Time in operational / non-operational states up to now (for the energy model).
  double operational_s(TimePs now) const;
  double non_operational_s(TimePs now) const;
  PowerStateResidency residency(TimePs now) const;
  double temperature_c() const { return temp_c_; }
  std::uint32_t hctm_level() const { return hctm_level_; }  // 0 none, 1 light (TMT1), 2 heavy (TMT2)

 private:
  enum class Kind : std::uint8_t { Timeline, Apst, ThermalTick };
  struct Wake {
    Kind kind;
    std::uint32_t state;
    std::uint64_t idle_gen;
  };
  void on_wake();
  void on_thermal_tick();
  void thermal_advance(TimePs now);
  void apply_cap();
  void enter(std::uint32_t state, TimePs now);
  void arm_apst(TimePs idle_since);
  static TimePs apst_idle_ps(const PowerStateDesc& d) { return 50 * (d.enlat_ps + d.exlat_ps); }

  PowerConfig cfg_;
  double idle_w_;
  bool apst_;
  std::vector<PowerTimelineEntry> timeline_;
  std::uint32_t state_ = 0, last_operational_ = 0;
  TimePs since_ps_ = 0;  // entry time of the current state
  PowerStateResidency res_;
  TimePs op_ps_ = 0, nonop_ps_ = 0;  // closed intervals
  std::uint64_t idle_gen_ = 0;
  TimePs idle_since_ps_ = 0;
  bool idle_ = true;
  EnergyBudget budget_;
  ScWakeups<Wake> wake_;
  // Thermal state: advanced every kThermalStep while energy is being spent, and over any
  // gap in one exact step (constant idle power).
  double idle_nonop_w_;
  double temp_c_ = 0, last_spent_j_ = 0;
  TimePs thermal_at_ps_ = 0;
  std::uint32_t hctm_level_ = 0, quiet_ticks_ = 0;
  bool ticking_ = false;
};

}  // namespace ssdtwin::power
