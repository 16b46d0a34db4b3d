#include "apps/slurm_simulator.h"

#include <csignal>
#include <cstdlib>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <stdexcept>
#include <unistd.h>

#include "apps/lab_runner.h"
#include "apps/process_pool.h"
#include "apps/slurm_dir.h"
#include "config/input_error.h"
#include "config/input_file.h"

namespace ssdtwin::apps {
namespace fs = std::filesystem;
namespace {

volatile std::sig_atomic_t g_stop = 0;
extern "C" void note_stop(int sig) { g_stop = sig; }

struct SlurmOptions {
  std::string dir, partition;
  std::size_t points_per_task = 1;
  int max_running = 0;
  std::vector<std::string> sbatch_args;
};

// A free run directory D/run-N (an earlier validate's stay for inspection).
fs::path next_run_dir(const fs::path& d) {
  for (std::size_t n = 0;; ++n)
    if (!fs::exists(d / fmt::format("run-{}", n))) return d / fmt::format("run-{}", n);
}

// Waits until every point has a result or no job of the directory is queued or running.
// SIGINT, SIGTERM or SIGHUP cancel the array (scancel) and this process dies of the signal.
void wait_for(const SweepDir& s, const std::string& array) {
  struct sigaction sa {
  }, old[3];
  sa.sa_handler = note_stop;
  sigemptyset(&sa.sa_mask);
  const int sigs[3] = {SIGINT, SIGTERM, SIGHUP};
  for (int i = 0; i < 3; ++i) sigaction(sigs[i], &sa, &old[i]);
  std::size_t last = std::size_t(-1);
  for (;;) {
    std::size_t done = 0;
    for (std::size_t i = 0; i < s.plan.specs.size(); ++i) done += fs::exists(s.result(i));
    if (done != last && isatty(2))
      std::fprintf(stderr, "\rssdtwin: %zu of %zu simulations done on Slurm", done, s.plan.specs.size());
    last = done;
    if (done == s.plan.specs.size() || live_jobs(s).empty()) break;
    for (int t = 0; t < 10 && !g_stop; ++t) usleep(100000);
    if (g_stop) {
      std::string out;
      run_program({"scancel", array}, out);
      for (int i = 0; i < 3; ++i) sigaction(sigs[i], &old[i], nullptr);
      std::raise(g_stop);
      _exit(128 + g_stop);
    }
  }
  if (isatty(2)) std::fprintf(stderr, "\n");
  for (int i = 0; i < 3; ++i) sigaction(sigs[i], &old[i], nullptr);
}

std::vector<nlohmann::json> run_on_slurm(const SlurmOptions& o, const std::vector<lab::SimulationSpec>& specs) {
  SweepDir s;
  s.dir = next_run_dir(o.dir);
  s.plan.specs = specs;
  s.plan.points.assign(specs.size(), {});
  s.desc = {{"version", 1},
            {"exe", fs::read_symlink("/proc/self/exe").string()},
            {"chdir", fs::current_path().string()},  // the lab files' relative paths hold there
            {"mem_mib", task_mem_mib(specs)},
            {"points_per_task", o.points_per_task},
            {"max_running", o.max_running},
            {"partition", o.partition},
            {"sbatch_args", o.sbatch_args},
            {"gather", false},
            {"plan", plan_to_json(s.plan)}};
  create_sweep_dir(s);
  std::vector<std::size_t> ids(specs.size());
  for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = i;
  wait_for(s, submit_batch(s, ids, o.points_per_task, false));
  std::vector<nlohmann::json> out(specs.size());
  std::vector<std::size_t> missing;
  for (std::size_t i = 0; i < specs.size(); ++i) {
    if (point_state(s, i) == PointState::Done)
      out[i] = read_json(s.result(i), "simulation result");
    else
      missing.push_back(i);
  }
  if (missing.empty()) return out;
  const std::size_t first = missing.front();
  const fs::path err = s.dir / "points" / (point_id(first) + ".err");
  const std::string why = fs::exists(err) ? config::read_input_file(err.string(), "simulation stderr", 1 << 16) : "";
  const bool input =
      fs::exists(s.status(first)) && read_json(s.status(first), "point status").value("exit_status", 0) == 2;
  const std::string msg = fmt::format("{} of {} simulations on Slurm have no result ({}; {}): {} {}", missing.size(),
                                      specs.size(), id_list(missing), s.dir.string(), specs[first].label, why);
  if (input) throw config::InputError(msg);
  throw std::runtime_error(msg);
}

// --backend srun: inside an allocation (salloc, or an sbatch script), each simulation is a
// job step on one of its CPUs, as many at a time as it has tasks (or --jobs N of them).
lab::Simulator srun_simulator(const cli::Args& a) {
  for (const char* f : {"--points-per-task", "--max-running", "--partition"})
    if (a.single.count(f)) throw config::InputError(fmt::format("option '{}' needs --backend slurm", f));
  if (!a.sbatch_args.empty()) throw config::InputError("option '--sbatch-arg' needs --backend slurm");
  const char* job = std::getenv("SLURM_JOB_ID");
  if (!job || !*job)
    throw config::InputError(
        "--backend srun: not inside a Slurm allocation (no SLURM_JOB_ID); run in `salloc -n N` or an sbatch script "
        "with -n N, or use --backend slurm");
  const char* ntasks = std::getenv("SLURM_NTASKS");
  const std::uint32_t tasks = cli::parse_uint("SLURM_NTASKS", ntasks ? ntasks : "1", 1, 1u << 20);
  const int parallel =
      a.single.count("--jobs") ? int(cli::parse_uint("--jobs", a.single.at("--jobs"), 1, tasks)) : int(tasks);
  if (!a.single.count("--dir"))
    throw config::InputError("--backend srun: --dir D (a directory every node of the allocation sees) is required");
  Launch l;
  // --exact gives each step only its one CPU, so steps run side by side on a node.
  l.prefix = {"srun", "--exact", "-N1", "-n1", "-c1", "--quiet", "--job-name=ssdtwin-run"};
  l.work_dir = fs::absolute(a.single.at("--dir")).lexically_normal().string();
  return [l, parallel](const std::vector<lab::SimulationSpec>& specs) {
    fs::create_directories(l.work_dir);
    return run_simulations(specs, parallel, l);
  };
}

}  // namespace

std::vector<std::string> slurm_lab_flags() {
  return {"--backend", "--dir", "--points-per-task", "--max-running", "--partition", "--sbatch-arg"};
}

lab::Simulator lab_simulator(const cli::Args& a) {
  const std::string backend = a.single.count("--backend") ? a.single.at("--backend") : "local";
  if (backend == "local") {
    for (const char* f : {"--dir", "--points-per-task", "--max-running", "--partition"})
      if (a.single.count(f)) throw config::InputError(fmt::format("option '{}' needs --backend slurm", f));
    if (!a.sbatch_args.empty()) throw config::InputError("option '--sbatch-arg' needs --backend slurm");
    return process_simulator(parse_parallel(a.single));
  }
  if (backend == "srun") return srun_simulator(a);
  if (backend != "slurm")
    throw config::InputError(fmt::format("option '--backend': '{}' is not local, slurm or srun", backend));
  if (a.single.count("--jobs"))
    throw config::InputError("option '--jobs' is for the local backend; with --backend slurm use --max-running N");
  if (!a.single.count("--dir")) throw config::InputError("--backend slurm: --dir D (a shared directory) is required");
  SlurmOptions o;
  o.dir = fs::absolute(a.single.at("--dir")).lexically_normal().string();
  if (o.dir.find_first_of(" \t\n'\"\\$`") != std::string::npos)
    throw config::InputError(
        fmt::format("option '--dir': '{}' has a space, quote or shell character; sbatch "
                    "directives cannot carry it",
                    o.dir));
  if (a.single.count("--points-per-task"))
    o.points_per_task = cli::parse_uint("--points-per-task", a.single.at("--points-per-task"), 1, 100000);
  if (a.single.count("--max-running"))
    o.max_running = int(cli::parse_uint("--max-running", a.single.at("--max-running"), 1, 100000));
  o.partition = a.get("--partition");
  o.sbatch_args = a.sbatch_args;
  return [o](const std::vector<lab::SimulationSpec>& specs) { return run_on_slurm(o, specs); };
}

}  // namespace ssdtwin::apps
