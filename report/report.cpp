#include "report/report.h"

#include <algorithm>
#include <fmt/format.h>
#include <map>
#include <numeric>

#include "config/config_report.h"
#include "config/energy_model.h"
#include "config/input_error.h"
#include "model/run_statistics.h"
#include "model/utilisation.h"
#include "report/event_json.h"
#include "report/run_findings.h"

namespace ssdtwin::report {
namespace {

using json = nlohmann::ordered_json;

double seconds(TimePs ps) { return s_from_ps(ps); }

json lat_json(const workload::LatencyHistogram& h, double shift_ns, bool with_percentiles, bool with_bins = false) {
  json j;
  const double n = double(h.count());
  j["min"] = n ? std::max(0.0, double(h.min()) - shift_ns) : 0.0;
  j["max"] = n ? std::max(0.0, double(h.max()) - shift_ns) : 0.0;
  j["mean"] = n ? h.mean() - shift_ns : 0.0;
  j["stddev"] = h.stddev();
  j["N"] = h.count();
  if (with_percentiles && h.count()) {
    json p;
    for (double q : fio_percentiles()) p[fmt::format("{:.6f}", q)] = std::max(0.0, double(h.percentile(q)) - shift_ns);
    j["percentile"] = p;
  }
  if (with_bins && h.count()) {
    // fio json+: latency value in ns -> number of I/Os, one entry per non-empty bucket of
    // the model's log-linear histogram (128 sub-buckets per power of two; fio uses 64).
    std::map<std::uint64_t, std::uint64_t> bins;
    h.for_each_bucket(
        [&](std::uint64_t mid, std::uint64_t n) { bins[std::uint64_t(std::max(0.0, double(mid) - shift_ns))] += n; });
    json b = json::object();
    for (const auto& [ns, n] : bins) b[std::to_string(ns)] = n;
    j["bins"] = b;
  }
  return j;
}

json dir_json(const workload::DirectionStats& d, TimePs runtime_ps, double slat_ns, bool bins) {
  const double rt = seconds(runtime_ps);
  json j;
  j["io_bytes"] = d.bytes;
  j["io_kbytes"] = d.bytes / 1024;
  j["bw_bytes"] = rt > 0 ? std::uint64_t(double(d.bytes) / rt) : 0;
  j["bw"] = rt > 0 ? std::uint64_t(double(d.bytes) / 1024.0 / rt) : 0;
  j["iops"] = rt > 0 ? double(d.ios) / rt : 0.0;
  j["runtime"] = std::uint64_t(runtime_ps / kPsPerMs);
  j["total_ios"] = d.ios;
  j["short_ios"] = 0;
  j["drop_ios"] = 0;
  // slat is the host's submission overhead (constant in the model); clat = lat - slat.
  json slat;
  slat["min"] = d.ios ? slat_ns : 0.0;
  slat["max"] = d.ios ? slat_ns : 0.0;
  slat["mean"] = d.ios ? slat_ns : 0.0;
  slat["stddev"] = 0.0;
  slat["N"] = d.ios;
  j["slat_ns"] = slat;
  j["clat_ns"] = lat_json(d.lat_ns, slat_ns, true, bins);
  j["lat_ns"] = lat_json(d.lat_ns, 0.0, false);
  return j;
}

std::string num2str(double v) {
  if (v < 1000) return fmt::format("{:.0f}", v);
  if (v < 1e6) return fmt::format("{:.{}f}k", v / 1e3, v < 1e4 ? 2 : v < 1e5 ? 1 : 0);
  return fmt::format("{:.{}f}M", v / 1e6, v < 1e7 ? 2 : v < 1e8 ? 1 : 0);
}
std::string bw_str(double bytes_per_s) {
  const double mib = bytes_per_s / 1048576.0;
  const std::string bin = mib >= 1024 ? fmt::format("{:.1f}GiB/s", mib / 1024) : fmt::format("{:.0f}MiB/s", mib);
  const double mb = bytes_per_s / 1e6;
  const std::string dec = mb >= 1000 ? fmt::format("{:.1f}GB/s", mb / 1000) : fmt::format("{:.0f}MB/s", mb);
  return bin + " (" + dec + ")";
}

void normal_dir(std::string& out, const char* label, const workload::DirectionStats& d, TimePs runtime_ps,
                double slat_ns) {
  if (!d.ios) return;
  const double rt = seconds(runtime_ps);
  out += fmt::format("  {}: IOPS={}, BW={}({:.0f}MiB/{:.0f}msec)\n", label, num2str(double(d.ios) / rt),
                     bw_str(double(d.bytes) / rt), double(d.bytes) / 1048576.0, rt * 1e3);
  const workload::LatencyHistogram& h = d.lat_ns;
  out += fmt::format("    slat (nsec): min={:.0f}, max={:.0f}, avg={:.2f}, stdev=0.00\n", slat_ns, slat_ns, slat_ns);
  out += fmt::format("    clat (usec): min={:.2f}, max={:.2f}, avg={:.2f}, stdev={:.2f}\n",
                     (double(h.min()) - slat_ns) / 1e3, (double(h.max()) - slat_ns) / 1e3, (h.mean() - slat_ns) / 1e3,
                     h.stddev() / 1e3);
  out += fmt::format("     lat (usec): min={:.2f}, max={:.2f}, avg={:.2f}, stdev={:.2f}\n", double(h.min()) / 1e3,
                     double(h.max()) / 1e3, h.mean() / 1e3, h.stddev() / 1e3);
  out += "    clat percentiles (usec):\n";
  const auto& ps = fio_percentiles();
  for (std::size_t i = 0; i < ps.size(); ++i) {
    if (i % 4 == 0) out += "     |";
    out += fmt::format(" {:5.2f}th=[{:7.1f}]", ps[i], (double(h.percentile(ps[i])) - slat_ns) / 1e3);
    out += (i % 4 == 3 || i + 1 == ps.size()) ? "\n" : ",";
  }
}

// The run statistics (model/run_statistics.h) whose top-level group is one of `groups`, at
// their dotted paths under `s`, in declaration order.
void add_statistics(json& s, const model::RunResult& r, const config::DriveConfig& cfg,
                    std::initializer_list<std::string_view> groups) {
  for (const model::Statistic& st : model::run_statistics()) {
    const std::string_view path = st.path;
    if (std::find(groups.begin(), groups.end(), path.substr(0, path.find('.'))) == groups.end()) continue;
    json* node = &s;
    std::size_t from = 0;
    for (std::size_t dot; (dot = path.find('.', from)) != std::string_view::npos; from = dot + 1)
      node = &(*node)[std::string(path.substr(from, dot - from))];
    std::visit([&](const auto& v) { (*node)[std::string(path.substr(from))] = v; }, st.value(r, cfg));
  }
}

}  // namespace

const std::vector<double>& fio_percentiles() {
  static const std::vector<double> p = {1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99};
  return p;
}

std::vector<ReportEntry> report_entries(const workload::FioJobFile& jf, const model::RunResult& r) {
  std::vector<ReportEntry> out;
  for (const workload::JobStats& s : r.jobs) {
    const workload::FioJob& j = jf.jobs[s.job_index];
    if (j.group_reporting) {
      // fio merges every job of a group under group_reporting, named after the first.
      auto it =
          std::find_if(out.begin(), out.end(), [&](const ReportEntry& e) { return e.grouped && e.group == s.group; });
      if (it != out.end()) {
        it->read.merge(s.read);
        it->write.merge(s.write);
        it->trim.merge(s.trim);
        it->runtime_ps = std::max(it->runtime_ps, s.runtime_ps());
        it->issued_ios += s.issued_ios;
        it->drained_ios += s.drained_ios;
        it->drain_ps = std::max(it->drain_ps, s.drain_ps);
        it->window_from_ps = std::min(it->window_from_ps, s.start_ps);
        it->window_to_ps = std::max(it->window_to_ps, s.end_ps - std::min(s.drain_ps, s.end_ps));
        ++it->jobs;
        continue;
      }
    }
    ReportEntry e;
    e.name = s.name;
    e.group = s.group;
    e.jobs = 1;
    e.grouped = j.group_reporting;
    e.runtime_ps = s.runtime_ps();
    e.issued_ios = s.issued_ios;
    e.drained_ios = s.drained_ios;
    e.drain_ps = s.drain_ps;
    e.window_from_ps = s.start_ps;
    e.window_to_ps = s.end_ps - std::min(s.drain_ps, s.end_ps);
    e.read = s.read;
    e.write = s.write;
    e.trim = s.trim;
    out.push_back(e);
  }
  return out;
}

json power_states_json(const ReportInput& in);
power::PowerSummary run_power_summary(const ReportInput& in, const model::SeriesTable& series);

// Whole-run power, its peak taken from the power series (column 1 = power_w).
power::PowerSummary run_power_summary(const ReportInput& in, const model::SeriesTable& series) {
  std::vector<double> interval_w;
  for (const auto& row : series.rows) interval_w.push_back(row[1]);
  return power::summarize_power(config::energy_model(in.profile.config, in.layout), in.result.activity, interval_w);
}

// fio's "jobs" array: one entry per clone, or per group under group_reporting.
json jobs_json(const ReportInput& in, bool latency_bins) {
  const double slat_ns = double(in.profile.host.submit_overhead_ps) / kPsPerNs;
  json jobs = json::array();
  for (const ReportEntry& e : report_entries(in.jobs, in.result)) {
    json j;
    j["jobname"] = e.name;
    j["groupid"] = e.group;
    j["error"] = 0;
    j["job_runtime"] = std::uint64_t(e.runtime_ps / kPsPerMs);
    j["read"] = dir_json(e.read, e.runtime_ps, slat_ns, latency_bins);
    j["write"] = dir_json(e.write, e.runtime_ps, slat_ns, latency_bins);
    j["trim"] = dir_json(e.trim, e.runtime_ps, slat_ns, latency_bins);
    // Not in fio: what the drive still held when the runtime ended (counted above, as fio does).
    const auto [watts, mbps_per_w] = entry_power(in, e);
    j["ssdtwin"] = {{"issued_ios", e.issued_ios},
                    {"drained_ios", e.drained_ios},
                    {"drain_ms", double(e.drain_ps) / kPsPerMs},
                    {"average_w", watts},
                    {"mb_per_s_per_w", mbps_per_w}};
    jobs.push_back(j);
  }
  return jobs;
}

// Whole-run power, its breakdown, the power states and the power series.
json power_json(const ReportInput& in) {
  const model::RunResult& r = in.result;
  const model::SeriesTable pt = model::power_series_table(r.timeseries, in.profile.config, in.layout);
  const power::PowerSummary p = run_power_summary(in, pt);
  json breakdown = json::object();
  for (const auto& [name, j] : p.energy.parts()) breakdown[name] = p.seconds > 0 ? j / p.seconds : 0.0;
  return {{"average_w", p.average_w},        {"peak_w", p.peak_w},
          {"energy_j", p.energy_j},          {"mb_per_s_per_w", p.mb_per_s_per_w},
          {"iops_per_w", p.iops_per_w},      {"uj_per_io", p.uj_per_io},
          {"breakdown_w", breakdown},        {"window", "whole simulated time, ramp included"},
          {"states", power_states_json(in)}, {"series", {{"columns", pt.columns}, {"rows", pt.rows}}}};
}

json report_json(const ReportInput& in, bool latency_bins) {
  const model::RunResult& r = in.result;
  const model::DriveResults& d = r.drive;
  json root;
  root["fio version"] = "ssdtwin-0.1 (simulated)";
  root["timestamp"] = 0;
  root["time"] = "simulated";
  root["global options"] = json::object();
  root["jobs"] = jobs_json(in, latency_bins);

  json s;
  s["profile"] = config::profile_json(in.profile);
  s["layout"] = {{"scale", in.layout.scale},
                 {"dies", in.layout.geo.dies},
                 {"block_groups_per_die", in.layout.geo.bgs_per_die},
                 {"program_units_per_block_group", in.layout.geo.units_per_bg},
                 {"user_bytes_simulated", in.layout.user_bytes()},
                 {"physical_ius", in.layout.geo.physical_ius},
                 {"map_bytes", in.layout.map_bytes()}};
  s["precondition"] = {{"sequential_passes", in.options.precondition_passes},
                       {"random", in.options.precondition_random},
                       {"random_round_waf", r.precondition.random_round_waf},
                       {"random_steady_state", r.precondition.random_steady},
                       {"random_steady_state_round", r.precondition.random_steady_round},
                       {"random_range_bytes_simulated", r.precondition.random_range_bytes}};
  if (const model::SteadyRoundsReport& ss = r.steady_rounds; ss.max_rounds)
    s["steady_state"] = {
        {"tracked", "iops"},
        {"rule", "SNIA PTS: 5-round window, range <= 20% and least-squares excursion <= 10% of the mean"},
        {"round_s", ss.round_s},
        {"max_rounds", ss.max_rounds},
        {"round_iops", ss.round_iops},
        {"round_mbps", ss.round_mbps},
        {"steady", ss.steady},
        {"steady_round", ss.steady_round},
        {"window_iops", ss.window_iops},
        {"window_mbps", ss.window_mbps}};
  s["seed"] = in.options.seed;
  s["ignored_job_keys"] = in.jobs.ignored_keys;
  const TimePs span = r.sim_end_ps;
  s["sim_time_s"] = seconds(span);
  add_statistics(s, r, in.profile.config, {"nand", "ftl", "write_amplification"});
  if (d.invariants_checked) s["invariants"] = d.invariant_violation.empty() ? "ok" : d.invariant_violation;
  if (!r.traces.empty()) {
    json t = json::array();
    for (const auto& f : r.traces)
      t.push_back({{"job", f.job}, {"path", f.path}, {"ios", f.ios}, {"folded_beyond_region", f.folded}});
    s["traces"] = t;
  }
  if (r.power_losses_planned) s["power_loss"] = power_loss_json(r);
  if (d.verified) s["verify"] = verify_json(d);
  add_statistics(s, r, in.profile.config, {"pcie", "controller"});
  s["power"] = power_json(in);
  const model::MeasurementWindow w = model::measurement_window(r);
  const std::vector<model::ResourceUse> use = run_resource_use(in, w);
  json u = json::object();
  for (const model::ResourceUse& x : use) u[x.name] = x.fraction;
  s["utilisation"] = u;
  s["warnings"] = run_warnings(in);
  const model::ResourceUse b = model::bottleneck(use);
  s["bottleneck"] = {{"resource", b.name},
                     {"utilisation", b.fraction},
                     {"window", window_text(w)},
                     {"window_from_s", s_from_ps(w.from_ps)},
                     {"window_to_s", s_from_ps(w.to_ps)}};
  if (in.options.timeseries_interval_ps && !r.timeseries.empty()) {
    const model::SeriesTable t = model::time_series_table(r.timeseries, in.profile.config, in.layout);
    s["timeseries"] = {
        {"interval_s", in.options.timeseries_interval_ps * 1e-12}, {"columns", t.columns}, {"rows", t.rows}};
  }
  const double wall = r.wall_simulation_s;
  s["wallclock"] = {{"precondition_s", r.wall_precondition_s},
                    {"precondition_source", r.precondition_source},
                    {"simulation_s", wall},
                    {"simulated_ios_per_s", wall > 0 ? double(r.total_ios) / wall : 0.0},
                    {"kernel_wakeups", r.kernel_wakeups},
                    {"domain_handlers", r.domain_handlers}};
  root["ssdtwin"] = s;
  return root;
}

// The Identify Controller power-state table as configured, and what the run did with it.
json power_states_json(const ReportInput& in) {
  const power::PowerConfig& pc = in.profile.config.power;
  const model::RunResult& r = in.result;
  json table = json::array();
  for (std::size_t i = 0; i < pc.states.size(); ++i) {
    const power::PowerStateDesc& d = pc.states[i];
    table.push_back({{"ps", i},
                     {"mp_w", d.mp_w},
                     {"nops", d.non_operational},
                     {"enlat_us", double(d.enlat_ps) / kPsPerUs},
                     {"exlat_us", double(d.exlat_ps) / kPsPerUs},
                     {"rrt", d.rrt},
                     {"rrl", d.rrl},
                     {"rwt", d.rwt},
                     {"rwl", d.rwl},
                     {"idlp_w", d.idlp_w},
                     {"actp_w", d.actp_w}});
  }
  std::vector<double> residency;
  for (TimePs t : r.power_states.time_in_state_ps) residency.push_back(seconds(t));
  json timeline = json::array();
  for (const auto& e : in.options.power.timeline) timeline.push_back({{"at_s", seconds(e.at_ps)}, {"ps", e.state}});
  return {{"descriptors", table},
          {"initial_ps", in.options.power.initial_state},
          {"timeline", timeline},
          {"apst", in.options.power.apst},
          {"time_in_state_s", residency},
          {"apst_entries", r.power_states.apst_entries},
          {"wakeups", r.power_states.wakeups},
          {"exit_latency_charged_s", seconds(r.power_states.exit_latency_charged_ps)},
          {"thermal",
           {{"start_c", r.power_states.start_temp_c},
            {"max_c", r.power_states.max_temp_c},
            {"end_c", r.power_states.end_temp_c},
            {"above_warning_s", seconds(r.power_states.above_warning_ps)},
            {"above_critical_s", seconds(r.power_states.above_critical_ps)},
            {"hctm_light_s", seconds(r.power_states.hctm_light_ps)},
            {"hctm_heavy_s", seconds(r.power_states.hctm_heavy_ps)},
            {"hctm_transitions", r.power_states.hctm_transitions}}},
          {"cap_throttled_ops", r.power_throttled_ops},
          {"cap_throttle_delay_s", seconds(r.power_throttle_delay_ps)}};
}

// One line per power cut: the hold-up, the flush and what the recovery scan found.
std::string power_loss_text(const model::PowerLossEvent& e) {
  std::string out;
  out += fmt::format(
      "  power loss at {:.6f} s: {}, {} buffered IUs, {} commands aborted; ", s_from_ps(e.cut_ps),
      e.plp ? fmt::format("PLP {:.2f} J / {:.1f} ms hold-up", e.energy_available_j, double(e.hold_up_ps) / kPsPerMs)
            : std::string("no PLP"),
      e.buffered_ius_at_cut, e.aborted_commands);
  if (e.clean)
    out += fmt::format("flushed in {:.1f} us ({:.3f} J); ", double(e.flushed_after_ps) / kPsPerUs, e.energy_used_j);
  else
    out += "volatile data left when the drive went dark; ";
  out += fmt::format("scan: {} lost writes ({} acknowledged), {} unflushed, lost {} unflushed, {} durable mismatches",
                     e.scan.lost_writes, e.scan.lost_acknowledged, e.scan.unflushed_lpns,
                     e.scan.lost_equals_unflushed ? "==" : "!=", e.scan.durable_mismatches);
  if (e.scan.resurrected_trims) out += fmt::format(", {} deallocated LPNs come back", e.scan.resurrected_trims);
  out += fmt::format("; recovery {:.3f} s ({})\n", e.recovery.seconds, e.recovery.basis);
  return out;
}

// Power, its breakdown, the time in each power state and the thermal model.
std::string power_text(const ReportInput& in, const power::PowerSummary& p) {
  const model::RunResult& r = in.result;
  std::string out;
  std::string parts;
  for (const auto& [name, j] : p.energy.parts())
    parts += fmt::format("{}{} {:.2f}", parts.empty() ? "" : ", ", name, p.seconds > 0 ? j / p.seconds : 0.0);
  out += fmt::format("  power: average {:.2f} W, peak {:.2f} W, {:.1f} MB/s/W, {:.0f} IOPS/W, {:.1f} uJ/IO\n",
                     p.average_w, p.peak_w, p.mb_per_s_per_w, p.iops_per_w, p.uj_per_io);
  out += fmt::format("  power breakdown (W): {}\n", parts);
  const auto& st = in.profile.config.power.states;
  std::string res;
  for (std::size_t i = 0; i < r.power_states.time_in_state_ps.size(); ++i)
    if (r.power_states.time_in_state_ps[i])
      res += fmt::format("{}PS{} ({:.0f} W{}) {:.3f} s", res.empty() ? "" : ", ", i, st[i].mp_w,
                         st[i].non_operational ? ", non-operational" : "", seconds(r.power_states.time_in_state_ps[i]));
  out += fmt::format(
      "  power states: {}; MP cap held back {} operations ({:.3f} ms in total){}\n", res, r.power_throttled_ops,
      seconds(r.power_throttle_delay_ps) * 1e3,
      r.power_states.apst_entries
          ? fmt::format("; APST entries {}, wake-ups {} (exit latency {:.3f} ms charged)", r.power_states.apst_entries,
                        r.power_states.wakeups, seconds(r.power_states.exit_latency_charged_ps) * 1e3)
          : "");
  const auto& ps = r.power_states;
  out += fmt::format(
      "  thermal: composite {:.1f} -> {:.1f} C (max {:.1f} C); above warning {:.3f} s, critical {:.3f} s; "
      "HCTM light {:.3f} s, heavy {:.3f} s\n",
      ps.start_temp_c, ps.end_temp_c, ps.max_temp_c, seconds(ps.above_warning_ps), seconds(ps.above_critical_ps),
      seconds(ps.hctm_light_ps), seconds(ps.hctm_heavy_ps));
  return out;
}

std::string report_normal(const ReportInput& in) {
  const model::RunResult& r = in.result;
  const double slat_ns = double(in.profile.host.submit_overhead_ps) / kPsPerNs;
  std::string out;
  for (const ReportEntry& e : report_entries(in.jobs, r)) {
    out += fmt::format("{}: (groupid={}, jobs={}): err= 0: pid=0: simulated\n", e.name, e.group, e.jobs);
    normal_dir(out, "read", e.read, e.runtime_ps, slat_ns);
    normal_dir(out, "write", e.write, e.runtime_ps, slat_ns);
    normal_dir(out, "trim", e.trim, e.runtime_ps, slat_ns);
    // A drain longer than any healthy command's latency means the drive held commands back.
    if (e.drain_ps >= kPsPerMs)
      out += fmt::format(
          "  drain: {} commands still in flight when the runtime ended took {:.3f} ms more to complete "
          "(counted, as fio does)\n",
          e.drained_ios, double(e.drain_ps) / kPsPerMs);
    const auto [watts, mbps_per_w] = entry_power(in, e);
    out += fmt::format("  power: {:.2f} W (the drive's average over this job's window), {:.1f} MB/s per W\n", watts,
                       mbps_per_w);
  }
  const model::DriveResults& d = r.drive;
  out += fmt::format("\nssdtwin: drive '{}' at scale {} ({} dies, {} block groups per die), {:.3f} s simulated\n",
                     in.profile.config.name, in.layout.scale, in.layout.geo.dies, in.layout.geo.bgs_per_die,
                     seconds(r.sim_end_ps));
  out += fmt::format(
      "  nand: reads={}, programs={}, erases={}, suspends={}/{} (program/erase), die util={:.1f}%, "
      "channel util={:.1f}%\n",
      d.flash.reads, d.flash.programs, d.flash.erases, d.flash.program_suspends, d.flash.erase_suspends,
      model::mean_fraction(d.flash.die_busy_ps, r.sim_end_ps) * 100,
      model::mean_fraction(d.flash.channel_busy_ps, r.sim_end_ps) * 100);
  out += fmt::format("  ftl: host IUs written={}, GC relocated IUs={}, write amplification={:.3f}\n",
                     d.ftl.host_written_ius, d.mapping.gc_ius_programmed, d.waf);
  if (d.read_ahead.nand_reads)
    out += fmt::format("  read-ahead: {} page reads, host IUs served from it {} (+{} joined in flight), unused {}\n",
                       d.read_ahead.nand_reads, d.read_ahead.hit_ius, d.read_ahead.joined_ius, d.read_ahead.unused_ius);
  for (const model::PowerLossEvent& e : r.power_losses) out += power_loss_text(e);
  if (r.ended_by_power_loss)
    out += "  the run ended at the last power loss (torn state: the model does not resume from it)\n";
  if (d.verified)
    out += fmt::format("  verify: {} checks ({} host reads, {} relocations, {} read-back), {} mismatches\n",
                       d.verify.checked, d.verify.host_read_checks, d.verify.relocation_checks,
                       d.verify.readback_checks, d.verify.mismatches);
  if (const model::SteadyRoundsReport& ss = r.steady_rounds; ss.max_rounds) {
    if (ss.steady)
      out += fmt::format(
          "  steady state (SNIA, IOPS over 5 rounds of {:.3g} s): reached at round {}; window {:.0f} IOPS, "
          "{:.1f} MB/s\n",
          ss.round_s, ss.steady_round, ss.window_iops, ss.window_mbps);
    else
      out += fmt::format("  steady state (SNIA, IOPS over 5 rounds of {:.3g} s): NOT reached in {} rounds\n",
                         ss.round_s, ss.round_iops.size());
  }
  const power::PowerSummary p =
      run_power_summary(in, model::power_series_table(r.timeseries, in.profile.config, in.layout));
  out += power_text(in, p);
  const model::MeasurementWindow w = model::measurement_window(r);
  const std::vector<model::ResourceUse> use = run_resource_use(in, w);
  const model::ResourceUse b = model::bottleneck(use);
  std::string others;
  for (const model::ResourceUse& x : use)
    if (x.name != b.name) others += fmt::format("{}{} {:.1f}%", others.empty() ? "" : ", ", x.name, x.fraction * 100);
  out +=
      b.name == "latency"
          ? fmt::format("  bottleneck: latency (no resource {:.0f}% busy: queue depth x latency bound the run; {})\n",
                        model::kSaturated * 100, others)
          : fmt::format("  bottleneck: {} {:.1f}% busy over the {} ({})\n", b.name, b.fraction * 100,
                        w.whole_run ? "run" : "measurement window", others);
  out += fmt::format("  pcie: payload ceiling {:.2f} GB/s per direction\n", d.link_payload_ceiling_bytes_per_s / 1e9);
  for (const std::string& x : run_warnings(in)) out += "  warning: " + x + "\n";
  if (!in.jobs.ignored_keys.empty()) {
    std::string keys;
    for (const auto& k : in.jobs.ignored_keys) keys += (keys.empty() ? "" : ", ") + k;
    out += fmt::format("  note: host-only job keys ignored: {}\n", keys);
  }
  return out;
}

}  // namespace ssdtwin::report
