#include "power/power_manager.h"

#include <algorithm>
#include <cmath>

namespace ssdtwin::power {

namespace {
constexpr TimePs kApstMaxLatencyPs = 100 * kPsPerMs;  // Linux default_ps_max_latency_us
constexpr TimePs kThermalStepPs = 10 * kPsPerMs;
constexpr std::uint32_t kQuietTicksBeforeSleep = 100;
constexpr TimePs kGrantWindowPs = kPsPerUs;
}  // namespace

PowerManager::PowerManager(sc_core::sc_module_name name, const PowerConfig& cfg, double idle_operational_w,
                           double idle_non_operational_w, const PowerRunOptions& run)
    : sc_module(name),
      cfg_(cfg),
      idle_w_(idle_operational_w),
      apst_(run.apst),
      timeline_(run.timeline),
      wake_("power_wake"),
      idle_nonop_w_(idle_non_operational_w) {
  res_.time_in_state_ps.assign(cfg_.states.size(), 0);
  // The drive starts at its idle steady-state temperature.
  temp_c_ = res_.start_temp_c = res_.max_temp_c = cfg_.ambient_c + idle_w_ * cfg_.r_th_c_per_w;
  enter(run.initial_state, 0);
  ticking_ = true;
  wake_.at(kThermalStepPs, Wake{Kind::ThermalTick, 0, 0});
  for (const PowerTimelineEntry& e : timeline_) wake_.at(e.at_ps, Wake{Kind::Timeline, e.state, 0});
  SC_METHOD(on_wake);
  sensitive << wake_.event();
  dont_initialize();
  arm_apst(0);  // the drive is idle until the first command
}

void PowerManager::enter(std::uint32_t state, TimePs now) {
  thermal_advance(now);  // the interval so far at the old state's idle power
  const TimePs spent = now - since_ps_;
  res_.time_in_state_ps[state_] += spent;
  (cfg_.states[state_].non_operational ? nonop_ps_ : op_ps_) += spent;
  state_ = state;
  since_ps_ = now;
  if (cfg_.states[state].non_operational) return;
  last_operational_ = state;
  apply_cap();
}

// The sustained-power limit is the state's MP, or the HCTM limit when that is lower.
void PowerManager::apply_cap() {
  double limit = cfg_.states[last_operational_].mp_w;
  if (hctm_level_ == 1 && cfg_.tmt1_limit_w > 0) limit = std::min(limit, cfg_.tmt1_limit_w);
  if (hctm_level_ == 2 && cfg_.tmt2_limit_w > 0) limit = std::min(limit, cfg_.tmt2_limit_w);
  // Tolerance: the longest expense in flight (a program) may overlap a window's edge; the
  // rate is lowered so that even then the window average stays at the limit.
  const TimePs tol = 2 * kPsPerMs;
  const double window = s_from_ps(cfg_.cap_window_ps);
  // Credit is granted per 1 us: a throttled NAND operation may start up to 1 us before its
  // exact conforming time, and one check admits every operation due within it instead of
  // one wake-up each (speed: docs/architecture.md). That microsecond widens the tolerance.
  budget_.set_rate(std::max(limit - idle_w_, 0.01) / (1.0 + s_from_ps(tol + kGrantWindowPs) / window), tol);
  budget_.set_grant_window(kGrantWindowPs);
}

// Composite temperature, first order: C dT/dt = P - (T - T_ambient) / R, solved exactly
// for the interval's average power P.
void PowerManager::thermal_advance(TimePs now) {
  if (now <= thermal_at_ps_) return;
  const double dt = s_from_ps(now - thermal_at_ps_);
  const double idle = non_operational() ? idle_nonop_w_ : idle_w_;
  const double p = idle + (budget_.spent_j() - last_spent_j_) / dt;
  const double t_inf = cfg_.ambient_c + p * cfg_.r_th_c_per_w;
  const double before = temp_c_;
  temp_c_ = t_inf + (temp_c_ - t_inf) * std::exp(-dt / (cfg_.r_th_c_per_w * cfg_.c_th_j_per_c));
  const TimePs span = now - thermal_at_ps_;
  if (std::max(before, temp_c_) >= cfg_.warning_c && cfg_.warning_c > 0) res_.above_warning_ps += span;
  if (std::max(before, temp_c_) >= cfg_.critical_c && cfg_.critical_c > 0) res_.above_critical_ps += span;
  if (hctm_level_ == 1) res_.hctm_light_ps += span;
  if (hctm_level_ == 2) res_.hctm_heavy_ps += span;
  res_.max_temp_c = std::max(res_.max_temp_c, temp_c_);
  last_spent_j_ = budget_.spent_j();
  thermal_at_ps_ = now;
  const std::uint32_t level = cfg_.tmt2_c > 0 && temp_c_ >= cfg_.tmt2_c   ? 2
                              : cfg_.tmt1_c > 0 && temp_c_ >= cfg_.tmt1_c ? 1
                                                                          : 0;
  if (level != hctm_level_) {
    hctm_level_ = level;
    ++res_.hctm_transitions;
    if (!non_operational()) apply_cap();
  }
}

void PowerManager::on_thermal_tick() {
  // With nothing spent for a while the tick sleeps (so a stalled model still runs out of
  // events); the next command wakes it and the gap is advanced in one exact step.
  quiet_ticks_ = budget_.spent_j() == last_spent_j_ ? quiet_ticks_ + 1 : 0;
  const TimePs now = sc_now_ps();
  thermal_advance(now);
  if (quiet_ticks_ < kQuietTicksBeforeSleep)
    wake_.at(now + kThermalStepPs, Wake{Kind::ThermalTick, 0, 0});
  else
    ticking_ = false;
}

TimePs PowerManager::on_host_busy(TimePs now) {
  idle_ = false;
  if (!ticking_) {
    thermal_advance(now);
    ticking_ = true;
    quiet_ticks_ = 0;
    wake_.at(now + kThermalStepPs, Wake{Kind::ThermalTick, 0, 0});
  }
  ++idle_gen_;
  if (!non_operational()) return 0;
  const TimePs exit = cfg_.states[state_].exlat_ps;
  ++res_.wakeups;
  res_.exit_latency_charged_ps += exit;
  enter(last_operational_, now);
  return exit;
}

void PowerManager::on_host_idle(TimePs now) {
  idle_ = true;
  ++idle_gen_;
  idle_since_ps_ = now;
  arm_apst(now);
}

// Books the idle time at which the next deeper eligible non-operational state is due.
void PowerManager::arm_apst(TimePs idle_since) {
  if (!apst_) return;
  for (std::uint32_t i = state_ + 1; i < cfg_.states.size(); ++i) {
    const PowerStateDesc& d = cfg_.states[i];
    if (!d.non_operational || d.enlat_ps + d.exlat_ps > kApstMaxLatencyPs) continue;
    wake_.at(idle_since + apst_idle_ps(d), Wake{Kind::Apst, i, idle_gen_});
    return;
  }
}

void PowerManager::on_wake() {
  wake_.drain([this](Wake w) {
    const TimePs now = sc_now_ps();
    if (w.kind == Kind::ThermalTick) {
      on_thermal_tick();
      return;
    }
    if (w.kind == Kind::Timeline) {
      // Set Features (Power Management) from the host: takes effect at once.
      enter(w.state, now);
      return;
    }
    if (!idle_ || w.idle_gen != idle_gen_) return;  // a command came in meanwhile
    ++res_.apst_entries;
    enter(w.state, now);
    arm_apst(idle_since_ps_);
  });
}

double PowerManager::operational_s(TimePs now) const {
  return s_from_ps(op_ps_ + (non_operational() ? 0 : now - since_ps_));
}
double PowerManager::non_operational_s(TimePs now) const {
  return s_from_ps(nonop_ps_ + (non_operational() ? now - since_ps_ : 0));
}

PowerStateResidency PowerManager::residency(TimePs now) const {
  PowerStateResidency r = res_;
  r.time_in_state_ps[state_] += now - since_ps_;
  r.end_temp_c = temp_c_;
  return r;
}

}  // namespace ssdtwin::power
