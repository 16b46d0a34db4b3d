#include "host_if/power_manager.h"

namespace ssdtwin::host_if {

namespace {
constexpr TimePs kApstMaxLatencyPs = 100 * kPsPerMs;  // Linux default_ps_max_latency_us
}

PowerManager::PowerManager(sc_core::sc_module_name name, const PowerConfig& cfg, double idle_operational_w,
                           const PowerRunOptions& run)
    : sc_module(name), cfg_(cfg), idle_w_(idle_operational_w), apst_(run.apst), timeline_(run.timeline),
      wake_("power_wake") {
  res_.time_in_state_ps.assign(cfg_.states.size(), 0);
  enter(run.initial_state, 0);
  for (const PowerTimelineEntry& e : timeline_) wake_.at(e.at_ps, Wake{Kind::Timeline, e.state, 0});
  SC_METHOD(on_wake);
  sensitive << wake_.event();
  dont_initialize();
  arm_apst(0);  // the drive is idle until the first command
}

void PowerManager::enter(std::uint32_t state, TimePs now) {
  const TimePs spent = now - since_ps_;
  res_.time_in_state_ps[state_] += spent;
  (cfg_.states[state_].non_operational ? nonop_ps_ : op_ps_) += spent;
  state_ = state;
  since_ps_ = now;
  const PowerStateDesc& d = cfg_.states[state];
  if (d.non_operational) return;
  last_operational_ = state;
  // Tolerance: the longest expense in flight (a program) may overlap a window's edge; the
  // rate is lowered so that even then the window average stays at MP.
  const TimePs tol = 2 * kPsPerMs;
  const double window = s_from_ps(cfg_.cap_window_ps);
  budget_.set_rate((d.mp_w - idle_w_) / (1.0 + s_from_ps(tol) / window), tol);
}

TimePs PowerManager::on_host_busy(TimePs now) {
  idle_ = false;
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
  return r;
}

}  // namespace ssdtwin::host_if
