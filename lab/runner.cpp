#include "lab/runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <set>
#include <sstream>

#include "config/input_error.h"
#include "lab/run_summary.h"

namespace ssdtwin::lab {
namespace {

std::vector<std::string> split_list(const std::string& v) {
  std::vector<std::string> items;
  std::stringstream ss(v);
  for (std::string item; std::getline(ss, item, ',');) items.push_back(item);
  return items;
}

}  // namespace

RecordResult evaluate_record(const LabRecord& r, const LabRun& run) {
  RecordResult res;
  const nlohmann::json& out = run.outputs.at(r.run_key());
  res.predicted = metric_from_fio_json(out, r.metric);
  const RunSummary run_facts = run_summary(out);
  res.bound_by = run_facts.bottleneck;
  res.bound_by_share = run_facts.bottleneck_share;
  res.average_w = run_facts.average_w;
  res.mb_per_s_per_w = run_facts.mb_per_s_per_w;
  res.user_bytes = run_facts.user_bytes;
  res.error_pct = (res.predicted - r.measured) / r.measured * 100.0;
  res.scored_error_pct = r.lower_bound ? std::min(res.error_pct, 0.0) : res.error_pct;
  res.within = std::fabs(res.scored_error_pct) <= r.tolerance_pct;
  return res;
}

std::string bound_by_text(const RecordResult& res) {
  if (res.bound_by.empty()) return "-";
  if (res.bound_by == "latency") return fmt::format("latency (max {:.0f}%)", res.bound_by_share * 100);
  return fmt::format("{} {:.0f}%", res.bound_by, res.bound_by_share * 100);
}

std::string record_role(const LabRecord& r) {
  return std::string(r.calibration ? "fitted" : "prediction") + (r.lower_bound ? ", minimum" : "");
}

std::vector<const LabRecord*> select_records(const std::vector<const LabRecord*>& all, const std::string& ids,
                                             const std::string& where) {
  if (ids.empty()) return all;
  const std::vector<std::string> wanted = split_list(ids);
  for (const auto& id : wanted)
    if (std::none_of(all.begin(), all.end(), [&](const auto* r) { return r->id == id; }))
      throw config::InputError(fmt::format("option '--records': no record '{}' in {}", id, where));
  std::vector<const LabRecord*> chosen;
  for (const auto* r : all)
    if (std::find(wanted.begin(), wanted.end(), r->id) != wanted.end()) chosen.push_back(r);
  return chosen;
}

std::vector<const LabRecord*> select_by_tags(const std::vector<const LabRecord*>& all, const std::string& tags,
                                             const std::string& where) {
  if (tags.empty()) return all;
  const std::vector<std::string> wanted = split_list(tags);
  std::vector<const LabRecord*> chosen;
  for (const auto* r : all)
    if (std::all_of(wanted.begin(), wanted.end(), [&](const std::string& t) {
          return std::find(r->tags.begin(), r->tags.end(), t) != r->tags.end();
        }))
      chosen.push_back(r);
  if (chosen.empty()) {
    std::set<std::string> known;
    for (const auto* r : all) known.insert(r->tags.begin(), r->tags.end());
    throw config::InputError(fmt::format("option '--tag': no record in {} carries every tag of '{}'; their tags: {}",
                                         where, tags, fmt::join(known, ", ")));
  }
  return chosen;
}

nlohmann::ordered_json record_json(const LabRecord& r, const std::string& drive, const RecordResult& res) {
  return {{"id", r.id},
          {"drive", drive},
          {"workload", r.job},
          {"metric", r.metric},
          {"unit", r.unit},
          {"measured", r.measured},
          {"predicted", res.predicted},
          {"error_pct", res.error_pct},
          {"tolerance_pct", r.tolerance_pct},
          {"within_tolerance", res.within},
          {"scored_error_pct", res.scored_error_pct},
          {"lower_bound", r.lower_bound},
          {"kind", r.kind},
          {"role", record_role(r)},
          {"bottleneck", res.bound_by.empty()
                             ? nlohmann::ordered_json(nullptr)
                             : nlohmann::ordered_json{{"resource", res.bound_by}, {"utilisation", res.bound_by_share}}},
          {"average_w", res.average_w},
          {"mb_per_s_per_w", res.mb_per_s_per_w},
          {"user_bytes", res.user_bytes},
          {"tags", r.tags},
          {"source", r.source}};
}

SimulationSpec simulation_spec(const LabRecord& r, const std::string& drive, const std::vector<std::string>& sets) {
  SimulationSpec sp;
  sp.label = r.job;
  sp.args = {"--drive", drive.empty() ? r.drive_profile : drive, r.job, "--precondition", r.precondition};
  if (!r.host_profile.empty()) sp.args.insert(sp.args.end(), {"--host", r.host_profile});
  if (r.power_state >= 0) sp.args.insert(sp.args.end(), {"--power-state", std::to_string(r.power_state)});
  // The lab's host conditions first, so the caller's --set (a fitted value) wins.
  for (const auto& s : r.host_sets) sp.args.insert(sp.args.end(), {"--set", s});
  for (const auto& s : sets) sp.args.insert(sp.args.end(), {"--set", s});
  for (const auto& j : r.job_sets) sp.args.insert(sp.args.end(), {"--job-set", j});
  return sp;
}

LabRun run_lab_jobs(const std::vector<const LabRecord*>& records, const std::string& drive,
                    const std::vector<std::string>& sets, const Simulator& simulate) {
  std::vector<const LabRecord*> jobs;  // one simulation per distinct run key
  for (const auto* r : records)
    if (std::none_of(jobs.begin(), jobs.end(), [&](const auto* j) { return j->run_key() == r->run_key(); }))
      jobs.push_back(r);
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<SimulationSpec> specs;
  specs.reserve(jobs.size());
  specs.reserve(jobs.size());
  for (const auto* r : jobs) specs.push_back(simulation_spec(*r, drive, sets));
  const std::vector<nlohmann::json> outputs = simulate(specs);
  LabRun run;
  for (std::size_t i = 0; i < jobs.size(); ++i) run.outputs[jobs[i]->run_key()] = outputs.at(i);
  run.simulations = jobs.size();
  run.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return run;
}

}  // namespace ssdtwin::lab
