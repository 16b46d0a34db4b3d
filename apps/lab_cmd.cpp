#include "config/input_file.h"
#include "apps/lab_cmd.h"

#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>

#include "apps/cli_args.h"
#include "config/config_loader.h"
#include "workload/fio_job.h"
#include "config/input_error.h"
#include "config/output_file.h"
#include "lab/lab.h"

namespace ssdtwin::apps {
namespace {

namespace fs = std::filesystem;

std::string toml_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}

// fio's JSON result, checked for the sections an import needs.
nlohmann::json read_fio_result(const std::string& result_path) {
  const std::string text = config::read_input_file(result_path, "fio result", config::kMaxFioResultBytes);
  nlohmann::json res;
  try {
    res = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw config::InputError(
        fmt::format("{}: not JSON ({}); run fio with --output-format=json", result_path, e.what()));
  }
  if (!res.contains("jobs") || !res["jobs"].is_array() || res["jobs"].empty() || !res["jobs"][0].contains("read"))
    throw config::InputError(
        fmt::format("{}: no 'jobs' with 'read'/'write' sections; is it fio --output-format=json?", result_path));
  return res;
}

// The result must be a measurement of this job file: every fio job finished without error,
// in one group (stonewall groups ran one after another: their rates do not add up), and
// its jobs are the job file's (same names, same iodepth where fio lists it).
void check_result_matches_job(const nlohmann::json& res, const workload::FioJobFile& jf, const std::string& result_path,
                              const std::string& job_path) {
  std::set<std::string> names;
  for (const auto& j : jf.jobs) names.insert(j.name);
  std::set<long long> groups;
  for (const auto& j : res["jobs"]) {
    const std::string name = j.value("jobname", std::string("?"));
    if (j.contains("error") && j["error"].is_number() && j["error"].get<long long>() != 0)
      throw config::InputError(fmt::format("{}: job '{}' ended with error={} (a failed fio run is not a measurement)",
                                           result_path, name, j["error"].get<long long>()));
    if (!names.count(name))
      throw config::InputError(fmt::format("{}: job '{}' is not a job of {} (its jobs: {}); give the job file fio ran",
                                           result_path, name, job_path, fmt::join(names, ", ")));
    if (j.contains("groupid") && j["groupid"].is_number()) groups.insert(j["groupid"].get<long long>());
    const auto opts = j.find("job options");
    if (opts != j.end() && opts->is_object() && opts->contains("iodepth") && (*opts)["iodepth"].is_string()) {
      const std::string qd = (*opts)["iodepth"].get<std::string>();
      for (const auto& fj : jf.jobs)
        if (fj.name == name && qd != std::to_string(fj.iodepth))
          throw config::InputError(fmt::format("{}: job '{}' ran at iodepth={}, but {} gives iodepth={}", result_path,
                                               name, qd, job_path, fj.iodepth));
    }
  }
  if (groups.size() > 1)
    throw config::InputError(fmt::format(
        "{}: the result has {} reporting groups (stonewall): they ran one after another, so their rates do not add up "
        "to one record; split the job file, one group per file, and import each result",
        result_path, groups.size()));
}

}  // namespace

int cmd_lab(int argc, char** argv) {
  if (argc < 3 || std::string(argv[2]) != "import-fio")
    throw config::InputError(
        "lab: use 'ssdtwin lab import-fio RESULT.json --job JOB.fio --drive PROFILE.toml "
        "[--precondition seq2x] [--power-state N] [--output LAB.toml]'");
  const cli::Args a =
      cli::parse_args(argc - 1, argv + 1, {"--job", "--drive", "--precondition", "--power-state", "--output"}, {});
  if (a.positional.size() != 1)
    throw config::InputError("lab import-fio: exactly one fio JSON result file is required");
  if (!a.single.count("--job"))
    throw config::InputError("lab import-fio: --job JOB.fio (the job file fio ran) is required");
  if (!a.single.count("--drive")) throw config::InputError("lab import-fio: --drive PROFILE.toml is required");
  const std::string result_path = a.positional[0], job_path = a.single.at("--job"), drive_path = a.single.at("--drive");
  const std::string precondition = a.single.count("--precondition") ? a.single.at("--precondition") : "seq2x";
  // The model must be able to run it: fail now, naming file and line.
  const workload::FioJobFile jf = workload::parse_fio_job_file(job_path);
  const config::LoadedProfile profile = config::load_profile(drive_path);

  const nlohmann::json res = read_fio_result(result_path);

  const fs::path out_path = a.single.count("--output") ? fs::path(a.single.at("--output")) : fs::path();
  const fs::path out_dir =
      out_path.empty() || out_path.parent_path().empty() ? fs::current_path() : fs::absolute(out_path.parent_path());
  auto rel = [&](const std::string& p) { return fs::relative(fs::absolute(p), out_dir).string(); };
  const std::string stem = fs::path(job_path).stem().string();
  const std::string version = res.value("fio version", std::string("fio"));
  std::string text = fmt::format(
      "# Imported by `ssdtwin lab import-fio` from {} ({}, timestamp {}).\n# Job file: {}. Tolerances are defaults: "
      "10% bandwidth, 15% IOPS, 20% latency.\n\n[lab]\ndrive = {}\ndrive_profile = {}\nprecondition = {}\nsource = "
      "{}\n",
      result_path, version, res.value("timestamp", 0), job_path, toml_string(profile.config.name),
      toml_string(rel(drive_path)), toml_string(precondition),
      toml_string(fmt::format("{} JSON {}", version, result_path)));
  std::size_t n = 0;
  auto field = [&](const std::string& m) {  // errors name the result file
    try {
      return lab::metric_from_fio_json(res, m);
    } catch (const config::InputError& e) {
      throw config::InputError(fmt::format("{}: {}", result_path, e.what()));
    }
  };
  for (const std::string dir : {"read", "write"}) {
    const double ios = field(dir + ".ios");
    if (ios <= 0) continue;
    for (const auto& [metric, unit, tol] :
         {std::tuple{"bw_mbps", "MB/s", 10}, std::tuple{"iops", "IOPS", 15}, std::tuple{"lat_mean_us", "us", 20}}) {
      const std::string m = dir + "." + metric;
      const double v = field(m);
      text += fmt::format(
          "\n[[record]]\nid = {}\njob = {}\nmetric = {}\nmeasured = {}\nunit = {}\ntolerance_pct = {}\n"
          "kind = \"measured\"\nsource = {}\n",
          toml_string(stem + "-" + dir + "-" + metric), toml_string(rel(job_path)), toml_string(m), v,
          toml_string(unit), tol, toml_string(fmt::format("{} {}: {} over {} I/Os", version, result_path, m, ios)));
      if (a.single.count("--power-state"))
        text +=
            fmt::format("power_state = {}\n", cli::parse_uint("--power-state", a.single.at("--power-state"), 0, 31));
      ++n;
    }
  }
  check_result_matches_job(res, jf, result_path, job_path);  // after the shape checks of the fields read above
  if (n == 0) throw config::InputError(fmt::format("{}: the result has no completed reads or writes", result_path));
  if (out_path.empty()) {
    config::write_stdout(text);
  } else {
    config::write_file("option '--output'", out_path.string(), text);
    std::cerr << fmt::format("ssdtwin: wrote {} records to {}\n", n, out_path.string());
  }
  return 0;
}

}  // namespace ssdtwin::apps
