#include "report/run_findings.h"

#include <fmt/format.h>

#include "config/energy_model.h"

namespace ssdtwin::report {

double window_average_w(const ReportInput& in, const model::MeasurementWindow& w) {
  const double s = s_from_ps(w.to_ps - w.from_ps);
  return s > 0
             ? power::energy_between(config::energy_model(in.profile.config, in.layout), w.activity_from, w.activity_to)
                       .total_j() /
                   s
             : 0.0;
}

std::vector<model::ResourceUse> run_resource_use(const ReportInput& in, const model::MeasurementWindow& w) {
  return model::resource_use(in.result, in.profile.config, w, window_average_w(in, w));
}

// The drive's average power over one report entry's window, and its MB/s per W.
std::pair<double, double> entry_power(const ReportInput& in, const ReportEntry& e) {
  const double w = window_average_w(in, model::window_between(in.result, e.window_from_ps, e.window_to_ps));
  const double s = s_from_ps(e.runtime_ps);
  const double mbps = s > 0 ? double(e.read.bytes + e.write.bytes) / 1e6 / s : 0.0;
  return {w, w > 0 ? mbps / w : 0.0};
}

// What a user should know before trusting the figures; in the text summary and the JSON.
std::vector<std::string> run_warnings(const ReportInput& in) {
  std::vector<std::string> w;
  const ftl::FtlCounters& f = in.result.drive.ftl;
  // Reads of LBAs never written are served without NAND (as real drives do), so a random
  // read of a fresh drive measures the controller, not the NAND.
  if (f.host_read_ius && f.read_unmapped * 100 >= f.host_read_ius)
    w.push_back(
        fmt::format("{:.1f}% of host reads hit LBAs never written (or trimmed): served without NAND "
                    "reads; precondition the drive (--precondition seq2x) to measure the NAND",
                    100.0 * double(f.read_unmapped) / double(f.host_read_ius)));
  // Scaling shortens block groups; below kMinSafeUnitsPerBg, WAF and GC latency move with it.
  if (const config::Layout& l = in.layout; l.scale > 1 && l.geo.units_per_bg < config::kMinSafeUnitsPerBg)
    w.push_back(
        fmt::format("scale {} leaves {} program units per block group, fewer than the {} where WAF and GC "
                    "results do not move with the scale; use a smaller --scale",
                    l.scale, l.geo.units_per_bg, config::kMinSafeUnitsPerBg));
  return w;
}

std::string window_text(const model::MeasurementWindow& w) {
  return w.whole_run ? "whole simulated time, ramp and drain included"
                     : fmt::format("measurement window {:.3f}-{:.3f} s (ramp and drain excluded)", s_from_ps(w.from_ps),
                                   s_from_ps(w.to_ps));
}

}  // namespace ssdtwin::report
