#include "lab/validate.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>
#include <map>

#include "config/input_error.h"

namespace ssdtwin::lab {
namespace {

using json = nlohmann::ordered_json;

struct Stats {
  std::vector<double> abs_err;
  json to_json() const {
    if (abs_err.empty()) return {{"records", 0}};
    std::vector<double> v = abs_err;
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    const double median = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    return {{"records", n}, {"median_abs_error_pct", median}, {"max_abs_error_pct", v.back()}};
  }
};

std::string summary_line(const std::string& who, const json& tp, const json& lat) {
  auto part = [](const json& s) {
    return s["records"].get<std::size_t>() == 0
               ? std::string("none")
               : fmt::format("{} records, median {:.1f}%, max {:.1f}%", s["records"].get<std::size_t>(),
                             s["median_abs_error_pct"].get<double>(), s["max_abs_error_pct"].get<double>());
  };
  return fmt::format("{:<28} throughput/IOPS: {};  latency: {}\n", who, part(tp), part(lat));
}

// One queue-depth curve as validate reports it: its points (one simulation each, placed by
// I/Os outstanding) and the lab records drawn on it. Appends the text table to `text`.
json curve_report(const LabCurve& c, const LabFile& lab, const std::vector<LabRecord>& points, const LabRun& run,
                  std::string& text) {
  json cj = {{"id", c.id},
             {"drive", lab.drive},
             {"workload", c.job},
             {"key", c.key},
             {"x", "I/Os outstanding (iodepth x numjobs)"},
             {"throughput_metric", c.throughput_metric},
             {"latency_metric", c.latency_metric},
             {"points", json::array()},
             {"records", json::array()}};
  text += fmt::format("\ncurve {} ({}, {} over {})\n{:>8} {:>18} {:>18}\n", c.id, lab.drive, c.job, c.key, "I/Os",
                      c.throughput_metric, c.latency_metric);
  for (const auto& p : points) {
    const nlohmann::json& o = run.outputs.at(p.run_key());
    const double thr = metric_from_fio_json(o, c.throughput_metric);
    const double lat = metric_from_fio_json(o, c.latency_metric);
    const std::uint64_t x = job_outstanding(p.job, p.job_sets);
    cj["points"].push_back({{"x", x}, {"throughput", thr}, {"latency_us", lat}});
    text += fmt::format("{:>8} {:>18.1f} {:>18.1f}\n", x, thr, lat);
  }
  for (const auto& id : c.record_ids)
    for (const auto& r : lab.records)
      if (r.id == id) {
        const RecordResult res = evaluate_record(r, run);
        cj["records"].push_back({{"id", r.id},
                                 {"x", job_outstanding(r.job, r.job_sets)},
                                 {"metric", r.metric},
                                 {"measured", r.measured},
                                 {"predicted", res.predicted}});
      }
  return cj;
}

// The records the options select, and the lab file each comes from.
struct Selection {
  std::vector<const LabRecord*> records;
  std::map<const LabRecord*, const LabFile*> lab_of;
};

bool drive_selected(const LabFile& lab, const ValidateOptions& opt) {
  return opt.drive_name.empty() || lab.drive.find(opt.drive_name) != std::string::npos;
}

Selection select(const std::vector<LabFile>& labs, const ValidateOptions& opt) {
  Selection s;
  for (const auto& lab : labs) {
    if (!drive_selected(lab, opt)) continue;
    for (const auto& r : lab.records) {
      s.records.push_back(&r);
      s.lab_of[&r] = &lab;
    }
  }
  if (!opt.records.empty()) s.records = select_records(s.records, opt.records, "the selected lab files");
  if (!opt.tags.empty()) s.records = select_by_tags(s.records, opt.tags, "the selected lab files");
  if (s.records.empty()) throw config::InputError("validate: no lab records selected");
  return s;
}

// Queue-depth curves: the lab files' [[curve]] tables whose records are among those
// selected (or that name none), one simulation per point, run with the records.
struct CurvePlan {
  std::vector<std::pair<const LabCurve*, const LabFile*>> curves;
  std::vector<std::vector<LabRecord>> points;
};

CurvePlan plan_curves(const std::vector<LabFile>& labs, const ValidateOptions& opt, const Selection& sel,
                      std::vector<const LabRecord*>& to_run) {
  CurvePlan plan;
  for (const auto& lab : labs)
    for (const auto& c : lab.curves) {
      const bool shown = c.record_ids.empty() ||
                         std::any_of(sel.records.begin(), sel.records.end(),
                                     [&](const auto* r) { return sel.lab_of.at(r) == &lab && c.shows(r->id); });
      if (!shown || !drive_selected(lab, opt)) continue;
      plan.curves.emplace_back(&c, &lab);
      plan.points.emplace_back();
      for (std::uint32_t v : c.values) plan.points.back().push_back(c.point(v));
      for (const auto& r : lab.records)  // the curve's records, selected or not
        if (c.shows(r.id) && std::find(to_run.begin(), to_run.end(), &r) == to_run.end()) to_run.push_back(&r);
    }
  for (const auto& ps : plan.points)
    for (const auto& p : ps) to_run.push_back(&p);
  return plan;
}

// Scores every selected record: the table rows (text and Markdown), the misses with their
// causes, and the error statistics.
struct Scores {
  json records = json::array();
  std::map<std::string, std::pair<Stats, Stats>> per_drive;  // throughput, latency
  std::pair<Stats, Stats> overall, predictions;              // predictions: records no parameter was fitted to
  std::size_t excluded = 0, misses = 0;
  std::string table, md_rows, miss_text, md_misses, stale_text, excluded_text;
};

void score(Scores& s, const LabRecord& r, const std::string& drive, const LabRun& run) {
  const RecordResult res = evaluate_record(r, run);
  const double predicted = res.predicted, err = res.error_pct, scored = res.scored_error_pct;
  const bool ok = res.within;
  const bool counted = r.excluded.empty();
  const std::string verdict = !counted ? "excluded" : ok ? "yes" : "NO";
  const std::string role = record_role(r);
  if (counted && !ok) {
    const std::string cause = r.miss_cause.empty() ? "no cause recorded (miss_cause)" : r.miss_cause;
    s.miss_text += fmt::format("  miss {} ({}, {:+.1f}%): {}\n", r.id, drive, err, cause);
    s.md_misses += fmt::format("- **{}** ({}, {:+.1f}%): {}\n", r.id, drive, err, cause);
  } else if (!r.miss_cause.empty()) {
    s.stale_text += fmt::format("  note: {} ({}) is {}; its miss_cause is out of date\n", r.id, drive,
                                counted ? "within tolerance" : "excluded");
  }
  if (counted) {
    s.misses += !ok;
    auto& [tp, lat] = s.per_drive[drive];
    const bool latency = is_latency_metric(r.metric);
    (latency ? lat : tp).abs_err.push_back(std::fabs(scored));
    (latency ? s.overall.second : s.overall.first).abs_err.push_back(std::fabs(scored));
    if (!r.calibration) (latency ? s.predictions.second : s.predictions.first).abs_err.push_back(std::fabs(scored));
  } else {
    ++s.excluded;
    s.excluded_text += fmt::format("  excluded {} ({}): {}\n", r.id, drive, r.excluded);
  }
  s.table += fmt::format("{:<24} {:<34} {:<18} {:>12.1f} {:>12.1f} {:>+7.1f}% {:>4.0f}%  {:<8} {:<20} {}\n",
                         drive.substr(0, 24), r.id, r.metric, r.measured, predicted, err, r.tolerance_pct, verdict,
                         role, bound_by_text(res));
  s.md_rows += fmt::format("| {} | {} | {} | {:.4g} | {:.4g} | {:+.1f}% | {:.0f}% | {} | {} | {} | {} |\n", drive, r.id,
                           r.metric, r.measured, predicted, err, r.tolerance_pct,
                           !counted ? "excluded"
                           : ok     ? "yes"
                                    : "**no**",
                           role, bound_by_text(res), r.source + (counted ? "" : " **Excluded:** " + r.excluded));
  json rec = record_json(r, drive, res);
  rec["precondition"] = r.precondition;
  rec["power_state"] = r.power_state;
  if (!counted) rec["excluded"] = r.excluded;
  if (!r.miss_cause.empty()) rec["miss_cause"] = r.miss_cause;
  s.records.push_back(rec);
}

// The summary JSON and its text lines.
json summarise(const Scores& s, std::size_t records, std::size_t simulations, std::string& sum_text) {
  json summary;
  sum_text = "\n";
  for (const auto& [drive, st] : s.per_drive) {
    summary["per_drive"][drive] = {{"throughput", st.first.to_json()}, {"latency", st.second.to_json()}};
    sum_text += summary_line(drive, summary["per_drive"][drive]["throughput"], summary["per_drive"][drive]["latency"]);
  }
  summary["overall"] = {{"throughput", s.overall.first.to_json()}, {"latency", s.overall.second.to_json()}};
  summary["predictions_only"] = {{"throughput", s.predictions.first.to_json()},
                                 {"latency", s.predictions.second.to_json()}};
  summary["records"] = records;
  summary["excluded"] = s.excluded;
  summary["outside_tolerance"] = s.misses;
  summary["simulations"] = simulations;
  sum_text += summary_line("overall", summary["overall"]["throughput"], summary["overall"]["latency"]);
  sum_text += summary_line("overall, predictions only", summary["predictions_only"]["throughput"],
                           summary["predictions_only"]["latency"]);
  if (!s.excluded_text.empty()) sum_text += "\n" + s.excluded_text;
  if (!s.stale_text.empty()) sum_text += "\n" + s.stale_text;
  return summary;
}

}  // namespace

ValidateReport validate(const std::vector<LabFile>& labs, const ValidateOptions& opt, const Simulator& simulate) {
  const Selection sel = select(labs, opt);
  std::vector<const LabRecord*> to_run = sel.records;
  CurvePlan plan;
  if (opt.curves) plan = plan_curves(labs, opt, sel, to_run);
  const LabRun run = run_lab_jobs(to_run, "", opt.sets, simulate);

  Scores s;
  s.table = fmt::format("{:<24} {:<34} {:<18} {:>12} {:>12} {:>8} {:>5}  {:<8} {:<20} {}\n", "drive", "record",
                        "metric", "measured", "predicted", "error", "tol", "within", "role", "bound by");
  for (const auto* r : sel.records) score(s, *r, sel.lab_of.at(r)->drive, run);
  std::string sum_text;
  ValidateReport rep;
  rep.json["records"] = s.records;
  rep.json["summary"] = summarise(s, sel.records.size(), run.simulations, sum_text);
  rep.counted = sel.records.size() - s.excluded;
  rep.misses = s.misses;
  rep.excluded = s.excluded;
  rep.simulations = run.simulations;
  const std::string count = fmt::format("{} of {} counted records within tolerance ({} excluded)",
                                        rep.counted - s.misses, rep.counted, s.excluded);
  std::string curve_text;
  if (opt.curves) {
    rep.json["curves"] = json::array();
    for (std::size_t i = 0; i < plan.curves.size(); ++i)
      rep.json["curves"].push_back(
          curve_report(*plan.curves[i].first, *plan.curves[i].second, plan.points[i], run, curve_text));
  }
  rep.json["wallclock"] = {{"seconds", run.wall_s}};
  rep.markdown =
      "| drive | record | metric | measured | predicted | error | tolerance | within | role | bound by | source |\n"
      "|---|---|---|---|---|---|---|---|---|---|---|\n" +
      s.md_rows;
  if (!s.md_misses.empty())
    rep.markdown +=
        "\nRecords outside tolerance, with the cause recorded in their lab file (`miss_cause`):\n\n" + s.md_misses;
  rep.markdown += "\n```" + sum_text + "\n" + count + "\n```\n";
  rep.text = s.table + sum_text + (s.miss_text.empty() ? "" : "\n" + s.miss_text) + curve_text +
             fmt::format("\n{}; {} simulations in {:.1f} s wall\n", count, run.simulations, run.wall_s);
  return rep;
}

}  // namespace ssdtwin::lab
