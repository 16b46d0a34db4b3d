#include "model/utilisation.h"

#include "model/run_statistics.h"

namespace ssdtwin::model {

std::vector<ResourceUse> resource_use(const RunResult& r, const config::DriveConfig& cfg, double average_w) {
  const DriveResults& d = r.drive;
  const TimePs span = r.sim_end_ps;
  const double cores = cfg.controller.fe_cores;
  std::vector<ResourceUse> u;
  u.push_back({"firmware_cores", span_fraction(d.controller.core_busy_ps, span) / cores, true});
  u.push_back({"firmware_cores_gc", span_fraction(d.controller.gc_fw_busy_ps, span) / cores, false});
  u.push_back({"dies", mean_fraction(d.flash.die_busy_ps, span), true});
  u.push_back({"dies_busiest", max_fraction(d.flash.die_busy_ps, span), false});
  u.push_back({"channels", mean_fraction(d.flash.channel_busy_ps, span), true});
  u.push_back({"pcie_up", span_fraction(d.link_up_busy_ps, span), true});
  u.push_back({"pcie_down", span_fraction(d.link_down_busy_ps, span), true});
  if (average_w >= 0) {
    // The MP cap the run lived under: operational states weighted by their time.
    double cap_ws = 0, t = 0;
    const auto& in_state = r.power_states.time_in_state_ps;
    for (std::size_t i = 0; i < in_state.size() && i < cfg.power.states.size(); ++i)
      if (!cfg.power.states[i].non_operational) {
        cap_ws += double(in_state[i]) * cfg.power.states[i].mp_w;
        t += double(in_state[i]);
      }
    if (t > 0 && cap_ws > 0) u.push_back({"power_budget", average_w / (cap_ws / t), true});
  }
  return u;
}

ResourceUse bottleneck(const std::vector<ResourceUse>& use) {
  const ResourceUse* best = &use.front();
  for (const ResourceUse& x : use)
    if (x.candidate && (!best->candidate || x.fraction > best->fraction)) best = &x;
  if (best->fraction < kSaturated) return {"latency", best->fraction, true};
  return *best;
}

}  // namespace ssdtwin::model
