#include "apps/sweep_slurm.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "apps/slurm_dir.h"
#include "apps/sweep_plan.h"
#include "config/config_loader.h"
#include "config/input_error.h"
#include "config/input_file.h"
#include "config/output_file.h"

namespace ssdtwin::apps {
namespace fs = std::filesystem;
namespace {

std::size_t flag_count(const cli::Args& a, const char* flag, std::size_t lo, std::size_t fallback) {
  return a.single.count(flag) ? cli::parse_uint(flag, a.single.at(flag), std::uint32_t(lo), 100000) : fallback;
}

}  // namespace

std::vector<std::string> sweep_flags() {
  return {
      "--drive",       "--host",      "--job",           "--set",  "--jobs",    "--precondition", "--scale",
      "--seed",        "--output",    "--output-format", "--plot", "--backend", "--dir",          "--points-per-task",
      "--max-running", "--partition", "--sbatch-arg"};
}

int submit_slurm_sweep(const cli::Args& a) {
  if (a.single.count("--jobs"))
    throw config::InputError("option '--jobs' is for the local backend; with --backend slurm use --max-running N");
  if (!a.single.count("--dir"))
    throw config::InputError("sweep --backend slurm: --dir D (a shared directory) is required");
  const std::string dir = fs::absolute(a.single.at("--dir")).lexically_normal().string();
  if (dir.find_first_of(" \t\n'\"\\$`") != std::string::npos)
    throw config::InputError(
        fmt::format("option '--dir': '{}' has a space, quote or shell character; sbatch "
                    "directives cannot carry it",
                    dir));
  if (fs::exists(fs::path(dir) / "sweep.json"))
    throw config::InputError(
        fmt::format("option '--dir': {} already holds a sweep; use `ssdtwin sweep resubmit {}` or "
                    "another directory",
                    dir, dir));
  SweepPlan p = plan_sweep(a, true);
  // The gather job runs in another directory: its outputs are named absolutely.
  if (!p.output.empty()) p.output = fs::absolute(p.output).lexically_normal().string();
  if (!p.plot.empty()) p.plot = fs::absolute(p.plot).lexically_normal().string();
  SweepDir s;
  s.dir = dir;
  s.plan = p;
  s.desc = {{"version", 1},
            {"exe", fs::read_symlink("/proc/self/exe").string()},
            {"mem_mib", task_mem_mib(p.specs)},
            {"points_per_task", flag_count(a, "--points-per-task", 1, 1)},
            {"max_running", flag_count(a, "--max-running", 1, 0)},
            {"partition", a.get("--partition")},
            {"sbatch_args", a.sbatch_args},
            {"plan", plan_to_json(p)}};
  std::vector<std::size_t> ids(p.specs.size());
  for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = i;
  const bool dry = a.has("--dry-run");
  if (!dry) create_sweep_dir(s);
  submit_batch(s, ids, s.desc.at("points_per_task").get<std::size_t>(), dry);
  return 0;
}

namespace {

int cmd_gather(const cli::Args& a) {
  if (a.positional.size() != 1) throw config::InputError("usage: ssdtwin sweep gather D");
  SweepDir s = open_sweep_dir(a.positional[0]);
  std::vector<std::size_t> missing, failed;
  std::vector<nlohmann::json> outputs(s.plan.specs.size());
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    const PointState st = point_state(s, i);
    if (st == PointState::Done)
      outputs[i] = read_json(s.result(i), "point result");
    else
      (st == PointState::Failed ? failed : missing).push_back(i);
  }
  if (!failed.empty() || !missing.empty()) {
    std::fprintf(stderr,
                 "ssdtwin sweep gather: %s: %zu of %zu points have no result (failed: %s; not run or interrupted: %s); "
                 "see `ssdtwin sweep status %s`, then `ssdtwin sweep resubmit %s --failed` or `--missing`\n",
                 s.dir.c_str(), failed.size() + missing.size(), outputs.size(),
                 failed.empty() ? "none" : id_list(failed).c_str(), missing.empty() ? "none" : id_list(missing).c_str(),
                 s.dir.c_str(), s.dir.c_str());
    return 1;
  }
  config::write_file("sweep table", (s.dir / ("table." + s.plan.format)).string(), sweep_text(s.plan, outputs));
  if (!s.plan.output.empty() || !s.plan.plot.empty()) {
    if (s.plan.output.empty()) s.plan.output = (s.dir / ("table." + s.plan.format)).string();
    write_sweep(s.plan, outputs);
  }
  std::fprintf(stderr, "ssdtwin sweep gather: %zu points: %s\n", outputs.size(),
               (s.dir / ("table." + s.plan.format)).c_str());
  return 0;
}

int cmd_status(const cli::Args& a) {
  if (a.positional.size() != 1) throw config::InputError("usage: ssdtwin sweep status D");
  const SweepDir s = open_sweep_dir(a.positional[0]);
  std::map<PointState, std::vector<std::size_t>> by;
  for (std::size_t i = 0; i < s.plan.specs.size(); ++i) by[point_state(s, i)].push_back(i);
  std::string out = fmt::format("{}: {} points: {} done, {} failed, {} running, {} not run\n", s.dir.string(),
                                s.plan.specs.size(), by[PointState::Done].size(), by[PointState::Failed].size(),
                                by[PointState::Running].size(), by[PointState::NotRun].size());
  for (const auto& [st, name] : {std::pair{PointState::Failed, "failed"}, std::pair{PointState::Running, "running"},
                                 std::pair{PointState::NotRun, "not run"}})
    if (!by[st].empty()) out += fmt::format("{}: {}\n", name, id_list(by[st]));
  try {
    for (const std::string& j : live_jobs(s)) out += "queued or running job: " + j + "\n";
  } catch (const std::runtime_error& e) {
    out += fmt::format("(the queue is not known: {})\n", e.what());
  }
  config::write_stdout(out);
  return 0;
}

int cmd_resubmit(const cli::Args& a) {
  if (a.positional.size() != 1) throw config::InputError("usage: ssdtwin sweep resubmit D --failed|--missing");
  const bool failed = a.has("--failed"), missing = a.has("--missing");
  if (!failed && !missing) throw config::InputError("sweep resubmit: say which points: --failed, --missing or both");
  SweepDir s = open_sweep_dir(a.positional[0]);
  // A point of a job still queued or running would run twice.
  const std::vector<std::string> live = live_jobs(s);
  if (!live.empty())
    throw config::InputError(
        fmt::format("sweep resubmit: {}: job {} of this sweep is still queued or running; wait for "
                    "it or scancel it first",
                    s.dir.string(), live.front()));
  std::vector<std::size_t> ids;
  for (std::size_t i = 0; i < s.plan.specs.size(); ++i) {
    const PointState st = point_state(s, i);
    if ((failed && st == PointState::Failed) || (missing && (st == PointState::NotRun || st == PointState::Running)))
      ids.push_back(i);
  }
  if (ids.empty()) {
    std::fprintf(stderr, "ssdtwin sweep resubmit: %s: no such points; nothing submitted\n", s.dir.c_str());
    return 0;
  }
  if (a.single.count("--max-running")) s.desc["max_running"] = flag_count(a, "--max-running", 1, 0);
  submit_batch(s, ids, flag_count(a, "--points-per-task", 1, s.desc.at("points_per_task").get<std::size_t>()),
               a.has("--dry-run"));
  return 0;
}

}  // namespace

int cmd_sweep_slurm(int argc, char** argv) {
  const std::string sub = argv[2];
  // parse_args reads from argv[2]: the subcommand is skipped as the command.
  std::vector<char*> rest = {argv[0], argv[1]};
  for (int i = 3; i < argc; ++i) rest.push_back(argv[i]);
  std::vector<std::string> values, bools;
  if (sub == "task") values = {"--batch"};
  if (sub == "resubmit")
    values = {"--points-per-task", "--max-running"}, bools = {"--failed", "--missing", "--dry-run"};
  cli::Args a = cli::parse_args(int(rest.size()), rest.data(), values, bools);
  a.command = "sweep " + sub;
  if (sub == "task") return cmd_task(a);
  if (sub == "gather") return cmd_gather(a);
  if (sub == "status") return cmd_status(a);
  return cmd_resubmit(a);
}

}  // namespace ssdtwin::apps
