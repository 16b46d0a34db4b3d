#include "apps/validate_cmd.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "apps/cli_args.h"
#include "apps/lab_runner.h"
#include "config/input_error.h"
#include "lab/lab.h"

namespace ssdtwin::apps {
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
json curve_report(const lab::LabCurve& c, const lab::LabFile& lab, const std::vector<lab::LabRecord>& points,
                  const LabRun& run, std::string& text) {
  json cj = {{"id", c.id}, {"drive", lab.drive}, {"workload", c.job}, {"key", c.key},
             {"x", "I/Os outstanding (iodepth x numjobs)"}, {"throughput_metric", c.throughput_metric},
             {"latency_metric", c.latency_metric}, {"points", json::array()}, {"records", json::array()}};
  text += fmt::format("\ncurve {} ({}, {} over {})\n{:>8} {:>18} {:>18}\n", c.id, lab.drive, c.job, c.key, "I/Os",
                      c.throughput_metric, c.latency_metric);
  for (const auto& p : points) {
    const nlohmann::json& o = run.outputs.at(p.run_key());
    const double thr = lab::metric_from_fio_json(o, c.throughput_metric);
    const double lat = lab::metric_from_fio_json(o, c.latency_metric);
    const std::uint64_t x = lab::job_outstanding(p.job, p.job_sets);
    cj["points"].push_back({{"x", x}, {"throughput", thr}, {"latency_us", lat}});
    text += fmt::format("{:>8} {:>18.1f} {:>18.1f}\n", x, thr, lat);
  }
  for (const auto& id : c.record_ids)
    for (const auto& r : lab.records)
      if (r.id == id) {
        const RecordResult res = evaluate_record(r, run);
        cj["records"].push_back({{"id", r.id}, {"x", lab::job_outstanding(r.job, r.job_sets)}, {"metric", r.metric},
                                 {"measured", r.measured}, {"predicted", res.predicted}});
      }
  return cj;
}

}  // namespace

int cmd_validate(int argc, char** argv) {
  const cli::Args a = cli::parse_args(argc, argv,
                                      {"--jobs", "--output-format", "--drive-name", "--records", "--tag", "--markdown", "--set"},
                                      {"--strict", "--curves"});
  const std::string format = cli::output_format(a);
  std::vector<std::string> paths = a.positional;
  if (paths.empty()) {
    const std::filesystem::path dir = "scenarios/lab";
    if (!std::filesystem::is_directory(dir))
      throw config::InputError("validate: no lab files given and no scenarios/lab here; run from the repository root "
                              "or name LAB.toml files");
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".toml") paths.push_back(e.path().string());
    std::sort(paths.begin(), paths.end());
  }
  std::vector<lab::LabFile> labs;
  for (const auto& p : paths) {
    labs.push_back(lab::load_lab_file(p));
    lab::add_derived_tags(labs.back());
  }
  const auto drive_selected = [&](const lab::LabFile& lab) {
    return !a.single.count("--drive-name") || lab.drive.find(a.single.at("--drive-name")) != std::string::npos;
  };
  std::vector<const lab::LabRecord*> records;
  std::map<const lab::LabRecord*, const lab::LabFile*> lab_of;
  for (const auto& lab : labs) {
    if (!drive_selected(lab)) continue;
    for (const auto& r : lab.records) {
      records.push_back(&r);
      lab_of[&r] = &lab;
    }
  }
  if (a.single.count("--records")) records = select_records(records, a.single.at("--records"), "the selected lab files");
  if (a.single.count("--tag")) records = select_by_tags(records, a.single.at("--tag"), "the selected lab files");
  if (records.empty()) throw config::InputError("validate: no lab records selected");

  // Queue-depth curves (--curves): the lab files' [[curve]] tables whose records are among
  // those selected (or that name none), one simulation per point, run with the records.
  std::vector<std::pair<const lab::LabCurve*, const lab::LabFile*>> curves;
  std::vector<std::vector<lab::LabRecord>> points;
  std::vector<const lab::LabRecord*> to_run = records;
  if (a.has("--curves")) {
    for (const auto& lab : labs)
      for (const auto& c : lab.curves) {
        const bool shown = c.record_ids.empty() || std::any_of(records.begin(), records.end(), [&](const auto* r) {
                             return lab_of.at(r) == &lab && c.shows(r->id);
                           });
        if (!shown || !drive_selected(lab)) continue;
        curves.emplace_back(&c, &lab);
        points.emplace_back();
        for (std::uint32_t v : c.values) points.back().push_back(c.point(v));
        for (const auto& r : lab.records)  // the curve's records, selected or not
          if (c.shows(r.id) && std::find(to_run.begin(), to_run.end(), &r) == to_run.end())
            to_run.push_back(&r);
      }
    for (const auto& ps : points)
      for (const auto& p : ps) to_run.push_back(&p);
  }
  const LabRun run = run_lab_jobs(to_run, "", a.sets, parse_parallel(a.single));

  json out;
  out["records"] = json::array();
  std::map<std::string, std::pair<Stats, Stats>> per_drive;  // throughput, latency
  std::pair<Stats, Stats> overall, predictions;  // predictions: records no parameter was fitted to
  std::size_t excluded = 0;
  std::string excluded_text;
  std::string table = fmt::format("{:<24} {:<34} {:<18} {:>12} {:>12} {:>8} {:>5}  {}\n", "drive", "record", "metric",
                                  "measured", "predicted", "error", "tol", "within");
  std::size_t misses = 0;
  std::string md_rows;
  std::string miss_text, md_misses, stale_text;  // each miss with its recorded cause
  for (const auto* r : records) {
    const std::string& drive = lab_of.at(r)->drive;
    const RecordResult res = evaluate_record(*r, run);
    const double predicted = res.predicted, err = res.error_pct, scored = res.scored_error_pct;
    const bool ok = res.within;
    const bool counted = r->excluded.empty();
    const std::string verdict = !counted ? "excluded" : ok ? "yes" : "NO";
    const std::string role = record_role(*r);
    if (counted && !ok) {
      const std::string cause = r->miss_cause.empty() ? "no cause recorded (miss_cause)" : r->miss_cause;
      miss_text += fmt::format("  miss {} ({}, {:+.1f}%): {}\n", r->id, drive, err, cause);
      md_misses += fmt::format("- **{}** ({}, {:+.1f}%): {}\n", r->id, drive, err, cause);
    } else if (!r->miss_cause.empty()) {
      stale_text += fmt::format("  note: {} ({}) is {}; its miss_cause is out of date\n", r->id, drive,
                                counted ? "within tolerance" : "excluded");
    }
    if (counted) {
      misses += !ok;
      auto& [tp, lat] = per_drive[drive];
      const bool latency = lab::is_latency_metric(r->metric);
      (latency ? lat : tp).abs_err.push_back(std::fabs(scored));
      (latency ? overall.second : overall.first).abs_err.push_back(std::fabs(scored));
      if (!r->calibration) (latency ? predictions.second : predictions.first).abs_err.push_back(std::fabs(scored));
    } else {
      ++excluded;
      excluded_text += fmt::format("  excluded {} ({}): {}\n", r->id, drive, r->excluded);
    }
    table += fmt::format("{:<24} {:<34} {:<18} {:>12.1f} {:>12.1f} {:>+7.1f}% {:>4.0f}%  {:<8} {}\n", drive.substr(0, 24),
                         r->id, r->metric, r->measured, predicted, err, r->tolerance_pct, verdict, role);
    md_rows += fmt::format("| {} | {} | {} | {:.4g} | {:.4g} | {:+.1f}% | {:.0f}% | {} | {} | {} |\n", drive, r->id,
                           r->metric, r->measured, predicted, err, r->tolerance_pct,
                           !counted ? "excluded" : ok ? "yes" : "**no**", role,
                           r->source + (counted ? "" : " **Excluded:** " + r->excluded));
    json rec = record_json(*r, drive, res);
    rec["precondition"] = r->precondition;
    rec["power_state"] = r->power_state;
    if (!counted) rec["excluded"] = r->excluded;
    if (!r->miss_cause.empty()) rec["miss_cause"] = r->miss_cause;
    out["records"].push_back(rec);
  }
  json summary;
  std::string sum_text = "\n";
  for (const auto& [drive, st] : per_drive) {
    summary["per_drive"][drive] = {{"throughput", st.first.to_json()}, {"latency", st.second.to_json()}};
    sum_text += summary_line(drive, summary["per_drive"][drive]["throughput"], summary["per_drive"][drive]["latency"]);
  }
  summary["overall"] = {{"throughput", overall.first.to_json()}, {"latency", overall.second.to_json()}};
  summary["predictions_only"] = {{"throughput", predictions.first.to_json()}, {"latency", predictions.second.to_json()}};
  summary["records"] = records.size();
  summary["excluded"] = excluded;
  summary["outside_tolerance"] = misses;
  summary["simulations"] = run.simulations;
  sum_text += summary_line("overall", summary["overall"]["throughput"], summary["overall"]["latency"]);
  sum_text += summary_line("overall, predictions only", summary["predictions_only"]["throughput"],
                           summary["predictions_only"]["latency"]);
  if (!excluded_text.empty()) sum_text += "\n" + excluded_text;
  if (!stale_text.empty()) sum_text += "\n" + stale_text;
  const std::size_t counted = records.size() - excluded;
  const std::string count = fmt::format("{} of {} counted records within tolerance ({} excluded)", counted - misses,
                                        counted, excluded);
  out["summary"] = summary;
  std::string curve_text;
  if (a.has("--curves")) {
    out["curves"] = json::array();
    for (std::size_t i = 0; i < curves.size(); ++i)
      out["curves"].push_back(curve_report(*curves[i].first, *curves[i].second, points[i], run, curve_text));
  }
  out["wallclock"] = {{"seconds", run.wall_s}};

  if (a.single.count("--markdown")) {
    std::ofstream md(a.single.at("--markdown"));
    if (!md) throw config::InputError(fmt::format("option '--markdown': cannot write '{}'", a.single.at("--markdown")));
    md << "| drive | record | metric | measured | predicted | error | tolerance | within | role | source |\n"
          "|---|---|---|---|---|---|---|---|---|---|\n"
       << md_rows;
    if (!md_misses.empty()) md << "\nRecords outside tolerance, with the cause recorded in their lab file (`miss_cause`):\n\n" << md_misses;
    md << "\n```" << sum_text << "\n" << count << "\n```\n";
  }
  if (format == "json") std::cout << out.dump(2) << "\n";
  else
    std::cout << table << sum_text << (miss_text.empty() ? "" : "\n" + miss_text) << curve_text
              << fmt::format("\n{}; {} simulations in {:.1f} s wall\n", count, run.simulations, run.wall_s);
  return a.has("--strict") && misses > 0 ? 1 : 0;
}

}  // namespace ssdtwin::apps
