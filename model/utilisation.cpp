#include "model/utilisation.h"

#include <algorithm>

#include "model/run_statistics.h"

namespace ssdtwin::model {

namespace {

// Counters may step back between samples (a suspended program's remaining time is taken
// back until it resumes): interpolate and subtract in doubles, never below zero.
double lerp_d(double a, double b, double f) { return a + (b - a) * f; }
std::uint64_t lerp_u(std::uint64_t a, std::uint64_t b, double f) {
  return std::uint64_t(std::max(0.0, lerp_d(double(a), double(b), f)) + 0.5);
}
TimePs lerp_ps(TimePs a, TimePs b, double f) { return lerp_u(a, b, f); }
TimePs delta(TimePs from, TimePs to) { return to > from ? to - from : 0; }

BusyCounters lerp(const BusyCounters& a, const BusyCounters& b, double f) {
  return {lerp_ps(a.core_ps, b.core_ps, f),
          lerp_ps(a.gc_fw_ps, b.gc_fw_ps, f),
          lerp_ps(a.die_sum_ps, b.die_sum_ps, f),
          lerp_ps(a.channel_sum_ps, b.channel_sum_ps, f),
          lerp_ps(a.link_up_ps, b.link_up_ps, f),
          lerp_ps(a.link_down_ps, b.link_down_ps, f),
          lerp_ps(a.buffer_wait_ps, b.buffer_wait_ps, f)};
}

power::ActivityCounters lerp(const power::ActivityCounters& a, const power::ActivityCounters& b, double f) {
  power::ActivityCounters x;
  x.t_s = lerp_d(a.t_s, b.t_s, f);
  x.nand_reads = lerp_u(a.nand_reads, b.nand_reads, f);
  x.nand_read_sense_ps = lerp_u(a.nand_read_sense_ps, b.nand_read_sense_ps, f);
  x.nand_programs = lerp_u(a.nand_programs, b.nand_programs, f);
  x.nand_erases = lerp_u(a.nand_erases, b.nand_erases, f);
  x.nand_bus_bytes = lerp_u(a.nand_bus_bytes, b.nand_bus_bytes, f);
  x.core_busy_s = lerp_d(a.core_busy_s, b.core_busy_s, f);
  x.host_bytes = lerp_u(a.host_bytes, b.host_bytes, f);
  x.host_ios = lerp_u(a.host_ios, b.host_ios, f);
  x.operational_s = lerp_d(a.operational_s, b.operational_s, f);
  x.non_operational_s = lerp_d(a.non_operational_s, b.non_operational_s, f);
  return x;
}

// The cumulative counters at time t: the samples, then the end of the run.
struct Point {
  TimePs t_ps;
  const BusyCounters* busy;
  const power::ActivityCounters* activity;
};

void at(const std::vector<Point>& pts, TimePs t, BusyCounters& busy, power::ActivityCounters& act) {
  auto it = std::lower_bound(pts.begin(), pts.end(), t, [](const Point& p, TimePs x) { return p.t_ps < x; });
  if (it == pts.end()) --it;
  if (it == pts.begin() || it->t_ps <= t) {
    busy = *it->busy;
    act = *it->activity;
    return;
  }
  const Point& a = *(it - 1);
  const double f = double(t - a.t_ps) / double(it->t_ps - a.t_ps);
  busy = lerp(*a.busy, *it->busy, f);
  act = lerp(*a.activity, *it->activity, f);
}

}  // namespace

MeasurementWindow measurement_window(const RunResult& r) {
  TimePs from = r.sim_end_ps, to = 0;
  for (const auto& j : r.jobs) {
    if (j.read.ios + j.write.ios + j.trim.ios == 0) continue;
    from = std::min(from, j.start_ps);
    to = std::max(to, j.end_ps - std::min(j.drain_ps, j.end_ps));
  }
  return window_between(r, from, to);
}

MeasurementWindow job_window(const RunResult& r, const workload::JobStats& j) {
  return window_between(r, j.start_ps, j.end_ps - std::min(j.drain_ps, j.end_ps));
}

MeasurementWindow window_between(const RunResult& r, TimePs from, TimePs to) {
  MeasurementWindow w;
  w.to_ps = r.sim_end_ps;
  w.to = r.busy_at_end;
  w.activity_to = r.activity;
  if (to <= from || r.timeseries.empty()) return w;
  std::vector<Point> pts;
  pts.push_back({0, &r.timeseries.front().busy, &r.timeseries.front().activity});
  for (const Sample& s : r.timeseries) pts.push_back({ps_from_s(s.t_s), &s.busy, &s.activity});
  if (pts.back().t_ps < r.sim_end_ps) pts.push_back({r.sim_end_ps, &r.busy_at_end, &r.activity});
  // The first sample is taken at time 0 with nothing yet busy; a later first sample (none
  // at 0) leaves the window's start uncovered.
  if (ps_from_s(r.timeseries.front().t_s) > from) return w;
  w.from_ps = from;
  w.to_ps = to;
  at(pts, from, w.from, w.activity_from);
  at(pts, to, w.to, w.activity_to);
  w.whole_run = false;
  return w;
}

std::vector<ResourceUse> resource_use(const RunResult& r, const config::DriveConfig& cfg, const MeasurementWindow& w,
                                      double average_w) {
  const DriveResults& d = r.drive;
  const TimePs span = w.to_ps - w.from_ps;
  const double cores = cfg.controller.fe_cores;
  const double dies = std::max<std::size_t>(1, d.flash.die_busy_ps.size());
  const double channels = std::max<std::size_t>(1, d.flash.channel_busy_ps.size());
  const BusyCounters& a = w.from;
  const BusyCounters& b = w.to;
  std::vector<ResourceUse> u;
  u.push_back({"firmware_cores", span_fraction(delta(a.core_ps, b.core_ps), span) / cores, true});
  u.push_back({"firmware_cores_gc", span_fraction(delta(a.gc_fw_ps, b.gc_fw_ps), span) / cores, false});
  u.push_back({"dies", span_fraction(delta(a.die_sum_ps, b.die_sum_ps), span) / dies, true});
  u.push_back({"dies_busiest", max_fraction(d.flash.die_busy_ps, r.sim_end_ps), false});
  u.push_back({"channels", span_fraction(delta(a.channel_sum_ps, b.channel_sum_ps), span) / channels, true});
  u.push_back({"pcie_up", span_fraction(delta(a.link_up_ps, b.link_up_ps), span), true});
  u.push_back({"pcie_down", span_fraction(delta(a.link_down_ps, b.link_down_ps), span), true});
  u.push_back({"write_buffer", span_fraction(delta(a.buffer_wait_ps, b.buffer_wait_ps), span), true});
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
  const ResourceUse* best = nullptr;
  const ResourceUse* buffer = nullptr;
  for (const ResourceUse& x : use) {
    if (!x.candidate) continue;
    if (x.name == "write_buffer") {
      buffer = &x;
      continue;
    }
    if (!best || x.fraction > best->fraction) best = &x;
  }
  if (best && best->fraction >= kSaturated) return *best;
  if (buffer && buffer->fraction >= kSaturated) return *buffer;
  return {"latency", best ? best->fraction : 0.0, true};
}

}  // namespace ssdtwin::model
