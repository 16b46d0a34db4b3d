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

#include "apps/process_pool.h"
#include "apps/sweep_plan.h"
#include "config/config_loader.h"
#include "config/input_error.h"
#include "config/input_file.h"
#include "config/output_file.h"

namespace ssdtwin::apps {
namespace fs = std::filesystem;
namespace {

constexpr std::uint64_t kMaxSweepFileBytes = 64ull << 20;  // sweep.json of ~100k points

// Quoted for sh: 'a'\''b'.
std::string sh_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

std::string env_or(const char* name, const std::string& fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::string(v) : fallback;
}

// A point's id: its index in the plan, zero-padded so that ids sort as numbers.
std::string point_id(std::size_t i) { return fmt::format("{:04d}", i); }

// Written under a temporary name and renamed, so a reader never sees half a file.
void write_atomic(const std::string& what, const fs::path& path, const std::string& text) {
  const fs::path tmp = path.string() + fmt::format(".tmp-{}", getpid());
  config::write_file(what, tmp.string(), text);
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec)
    throw config::OutputError(
        fmt::format("{}: cannot rename {} to {}: {}", what, tmp.string(), path.string(), ec.message()));
}

nlohmann::json read_json(const fs::path& path, const std::string& what) {
  const std::string text = config::read_input_file(path.string(), what, kMaxSweepFileBytes);
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw config::InputError(fmt::format("{}: {} is not valid JSON: {}", path.string(), what, e.what()));
  }
}

// A sweep directory as the Slurm backend left it.
struct SweepDir {
  fs::path dir;
  nlohmann::json desc;  // sweep.json
  SweepPlan plan;
  fs::path result(std::size_t i) const { return dir / "points" / (point_id(i) + ".json"); }
  fs::path status(std::size_t i) const { return dir / "points" / (point_id(i) + ".status"); }
  std::size_t batches() const {
    std::size_t b = 0;
    while (fs::exists(dir / fmt::format("batch-{}.txt", b))) ++b;
    return b;
  }
};

SweepDir open_sweep_dir(const std::string& d) {
  SweepDir s;
  s.dir = fs::absolute(d).lexically_normal();
  if (!fs::exists(s.dir / "sweep.json"))
    throw config::InputError(
        fmt::format("{}: not a Slurm sweep directory (no sweep.json; made by `ssdtwin sweep "
                    "--backend slurm --dir {}`)",
                    d, d));
  s.desc = read_json(s.dir / "sweep.json", "sweep description");
  try {
    s.plan = plan_from_json(s.desc.at("plan"));
  } catch (const std::exception& e) {
    throw config::InputError(
        fmt::format("{}: a damaged sweep description: {}", (s.dir / "sweep.json").string(), e.what()));
  }
  return s;
}

// The memory one array task asks for: the largest point's mapping tables (the profile at
// the scale it runs at) and a half again for everything else, plus 256 MiB for the
// executable and the simulation's working set (docs/cluster.md).
std::uint64_t task_mem_mib(const SweepPlan& p, const cli::Args& a) {
  std::uint64_t worst = 0;
  for (const auto& pt : p.points) {
    std::string drive = p.drives.size() == 1 ? p.drives[0] : "";
    std::vector<std::string> sets;
    for (std::size_t k = 0; k < p.axes.size(); ++k) {
      const std::string& v = p.axes[k].values[pt[k]];
      if (p.axes[k].kind == Axis::Drive) drive = v;
      if (p.axes[k].kind == Axis::Profile) sets.push_back(p.axes[k].key + "=" + v);
    }
    const config::LoadedProfile prof = config::load_profile(drive, sets, a.get("--host"));
    worst = std::max(worst, cli::layout_from_args(prof.config, a).map_bytes());
  }
  return (worst + worst / 2) / (1u << 20) + 256;
}

std::string batch_script(const SweepDir& s, std::size_t batch, std::size_t tasks) {
  const nlohmann::json& d = s.desc;
  const std::string dir = s.dir.string();
  std::string txt = "#!/bin/sh\n";
  txt += fmt::format("#SBATCH --job-name=ssdtwin-sweep-{}\n", s.dir.filename().string());
  txt += fmt::format("#SBATCH --array=0-{}", tasks - 1);
  if (d.at("max_running").get<int>() > 0) txt += fmt::format("%{}", d.at("max_running").get<int>());
  txt += "\n#SBATCH --cpus-per-task=1\n";
  txt += fmt::format("#SBATCH --mem={}M\n", d.at("mem_mib").get<std::uint64_t>());
  txt += fmt::format("#SBATCH --output={}/logs/batch-{}-task-%a.out\n", dir, batch);
  if (!d.at("partition").get<std::string>().empty())
    txt += fmt::format("#SBATCH --partition={}\n", d.at("partition").get<std::string>());
  for (const auto& x : d.at("sbatch_args")) txt += "#SBATCH " + x.get<std::string>() + "\n";
  txt +=
      fmt::format("# ssdtwin sweep --backend slurm: task T runs the points on line T of {}/batch-{}.txt\n", dir, batch);
  txt += fmt::format("exec {} sweep task {} --batch {} \"$SLURM_ARRAY_TASK_ID\"\n",
                     sh_quote(d.at("exe").get<std::string>()), sh_quote(dir), batch);
  return txt;
}

std::string gather_script(const SweepDir& s, std::size_t batch) {
  const std::string dir = s.dir.string();
  std::string txt = "#!/bin/sh\n";
  txt += fmt::format("#SBATCH --job-name=ssdtwin-gather-{}\n", s.dir.filename().string());
  txt += "#SBATCH --cpus-per-task=1\n#SBATCH --mem=1024M\n";
  txt += fmt::format("#SBATCH --output={}/logs/batch-{}-gather.out\n", dir, batch);
  if (!s.desc.at("partition").get<std::string>().empty())
    txt += fmt::format("#SBATCH --partition={}\n", s.desc.at("partition").get<std::string>());
  txt += fmt::format("exec {} sweep gather {}\n", sh_quote(s.desc.at("exe").get<std::string>()), sh_quote(dir));
  return txt;
}

// `sbatch --parsable ARGS SCRIPT` -> the job id.
std::string sbatch(const std::vector<std::string>& args, const fs::path& script) {
  std::vector<std::string> argv = {"sbatch", "--parsable"};
  argv.insert(argv.end(), args.begin(), args.end());
  argv.push_back(script.string());
  std::string out;
  const int rc = run_program(argv, out);
  if (rc == -1) throw std::runtime_error("cannot run sbatch: is Slurm installed and in PATH?");
  if (rc != 0) throw std::runtime_error(fmt::format("sbatch {} failed ({}): {}", script.string(), rc, out));
  const std::string id = out.substr(0, out.find_first_of(";\n"));
  if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos)
    throw std::runtime_error(fmt::format("sbatch {}: unexpected reply '{}'", script.string(), out));
  return id;
}

// Packs `ids` K per task into batch B, writes its scripts and (unless dry) submits the
// array and its afterany gather job; the submission is logged in D/submissions.
void submit_batch(const SweepDir& s, const std::vector<std::size_t>& ids, std::size_t k, bool dry) {
  const std::size_t b = s.batches();
  std::string lines;
  std::size_t tasks = 0;
  for (std::size_t i = 0; i < ids.size(); i += k, ++tasks) {
    for (std::size_t j = i; j < std::min(ids.size(), i + k); ++j) lines += (j == i ? "" : " ") + point_id(ids[j]);
    lines += "\n";
  }
  const std::string script = batch_script(s, b, tasks), gather = gather_script(s, b);
  if (dry) {
    config::write_stdout(
        fmt::format("# {}/batch-{}.sbatch ({} points, {} per task)\n{}\n# {}/batch-{}-gather.sbatch "
                    "(submitted with --dependency=afterany:ARRAY_JOB)\n{}",
                    s.dir.string(), b, ids.size(), k, script, s.dir.string(), b, gather));
    return;
  }
  const fs::path sb = s.dir / fmt::format("batch-{}.sbatch", b), gb = s.dir / fmt::format("batch-{}-gather.sbatch", b);
  config::write_file("sweep batch script", sb.string(), script);
  config::write_file("sweep gather script", gb.string(), gather);
  write_atomic("sweep batch", s.dir / fmt::format("batch-{}.txt", b), lines);
  const std::string array = sbatch({}, sb);
  const std::string gjob = sbatch({"--dependency=afterany:" + array}, gb);
  config::write_file("sweep submissions", (s.dir / "submissions").string(),
                     fmt::format("batch {} array {} gather {} points {} tasks {} at {}\n", b, array, gjob, ids.size(),
                                 tasks, utc_now()),
                     true);
  std::fprintf(stderr, "ssdtwin sweep: batch %zu: %zu points in %zu array tasks: job %s, gather job %s (%s)\n", b,
               ids.size(), tasks, array.c_str(), gjob.c_str(), s.dir.c_str());
}

// The jobs of D's submissions still queued or running (squeue), as "JOBID STATE" lines.
std::vector<std::string> live_jobs(const SweepDir& s) {
  std::vector<std::string> jobs, live;
  const std::string text =
      fs::exists(s.dir / "submissions")
          ? config::read_input_file((s.dir / "submissions").string(), "sweep submissions", kMaxSweepFileBytes)
          : "";
  std::istringstream in(text);
  std::string w, job;
  while (in >> w)
    if (w == "array" || w == "gather") {
      in >> job;
      jobs.push_back(job);
    }
  for (const std::string& j : jobs) {  // one at a time: squeue refuses a list naming a purged job
    std::string out;
    const int rc = run_program({"squeue", "-h", "-t", "PD,R,CF,CG,S", "-j", j, "-o", "%i %T"}, out);
    if (rc != 0 && out.find("Invalid job id") == std::string::npos)
      throw std::runtime_error(fmt::format("squeue -j {} failed ({}): {}", j, rc, out));
    std::istringstream lines(out);
    for (std::string l; std::getline(lines, l);)
      if (!l.empty() && l.find("Invalid") == std::string::npos) live.push_back(l);
  }
  return live;
}

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
            {"mem_mib", task_mem_mib(p, a)},
            {"points_per_task", flag_count(a, "--points-per-task", 1, 1)},
            {"max_running", flag_count(a, "--max-running", 1, 0)},
            {"partition", a.get("--partition")},
            {"sbatch_args", a.sbatch_args},
            {"plan", plan_to_json(p)}};
  std::vector<std::size_t> ids(p.specs.size());
  for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = i;
  const bool dry = a.has("--dry-run");
  if (!dry) {
    fs::create_directories(s.dir / "points");
    fs::create_directories(s.dir / "logs");
    write_atomic("sweep description", s.dir / "sweep.json", s.desc.dump(1) + "\n");
    std::string manifest;
    for (std::size_t i = 0; i < p.specs.size(); ++i) {
      manifest += point_id(i) + "\t" + p.specs[i].label + "\t";
      for (std::size_t k = 0; k < p.specs[i].args.size(); ++k)
        manifest += (k ? " " : "") + sh_quote(p.specs[i].args[k]);
      manifest += "\n";
    }
    config::write_file("sweep manifest", (s.dir / "manifest").string(), manifest);
  }
  submit_batch(s, ids, s.desc.at("points_per_task").get<std::size_t>(), dry);
  return 0;
}

namespace {

// One point, run here: its output renamed into place on success, its status recorded.
bool run_point(const SweepDir& s, std::size_t i, std::size_t batch) {
  const fs::path status_path = s.status(i);
  int attempt = 1;
  if (fs::exists(status_path)) attempt = read_json(status_path, "point status").value("attempt", 0) + 1;
  char host[256] = "";
  gethostname(host, sizeof host - 1);
  nlohmann::ordered_json st = {{"point", point_id(i)},
                               {"label", s.plan.specs[i].label},
                               {"state", "running"},
                               {"attempt", attempt},
                               {"batch", batch},
                               {"job", env_or("SLURM_JOB_ID", "")},
                               {"array_job", env_or("SLURM_ARRAY_JOB_ID", "")},
                               {"array_task", env_or("SLURM_ARRAY_TASK_ID", "")},
                               {"host", host},
                               {"node", env_or("SLURMD_NODENAME", "")},
                               {"start", utc_now()}};
  write_atomic("point status", status_path, st.dump(1) + "\n");
  const fs::path tmp = s.result(i).string() + fmt::format(".tmp-{}", getpid());
  const fs::path err = s.dir / "points" / (point_id(i) + ".err");
  const auto t0 = std::chrono::steady_clock::now();
  const int ws = run_simulation_to(s.plan.specs[i].args, tmp.string(), err.string());
  st["end"] = utc_now();
  st["seconds"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const bool ok = WIFEXITED(ws) && WEXITSTATUS(ws) == 0;
  if (WIFEXITED(ws)) st["exit_status"] = WEXITSTATUS(ws);
  if (WIFSIGNALED(ws)) st["signal"] = WTERMSIG(ws);
  std::error_code ec;
  if (ok) fs::rename(tmp, s.result(i), ec);
  if (!ok || ec) fs::remove(tmp, ec);
  st["state"] = ok ? "done" : "failed";
  write_atomic("point status", status_path, st.dump(1) + "\n");
  std::fprintf(stderr, "ssdtwin sweep task: point %s (%s) %s\n", point_id(i).c_str(), s.plan.specs[i].label.c_str(),
               ok                ? "done"
               : WIFSIGNALED(ws) ? fmt::format("killed by signal {}", WTERMSIG(ws)).c_str()
                                 : fmt::format("failed, exit status {}", WEXITSTATUS(ws)).c_str());
  return ok;
}

int cmd_task(const cli::Args& a) {
  if (a.positional.size() != 2) throw config::InputError("usage: ssdtwin sweep task D --batch B TASK");
  const SweepDir s = open_sweep_dir(a.positional[0]);
  const std::size_t batch = cli::parse_uint("--batch", a.get("--batch"), 0, 100000);
  const std::size_t task = cli::parse_uint("TASK", a.positional[1], 0, 10000000);
  const fs::path bf = s.dir / fmt::format("batch-{}.txt", batch);
  std::istringstream in(config::read_input_file(bf.string(), "sweep batch", kMaxSweepFileBytes));
  std::string line;
  for (std::size_t t = 0; t <= task; ++t)
    if (!std::getline(in, line)) throw config::InputError(fmt::format("{}: has no task {}", bf.string(), task));
  // Slurm's memory limit becomes ssdtwin's memory guard: a point too big for it is
  // refused with a message instead of being killed by the kernel part-way.
  if (!std::getenv("SSDTWIN_MEMORY_LIMIT_MIB") && std::getenv("SLURM_MEM_PER_NODE"))
    setenv("SSDTWIN_MEMORY_LIMIT_MIB", std::getenv("SLURM_MEM_PER_NODE"), 1);
  std::istringstream ids(line);
  int failed = 0;
  for (std::string id; ids >> id;) {
    const std::size_t i = cli::parse_uint("point id", id, 0, std::uint32_t(s.plan.specs.size() - 1));
    if (fs::exists(s.result(i))) continue;  // done by an earlier attempt
    failed += !run_point(s, i, batch);
  }
  return failed ? 1 : 0;
}

enum class PointState { Done, Failed, Running, NotRun };

PointState point_state(const SweepDir& s, std::size_t i) {
  if (fs::exists(s.result(i))) return PointState::Done;
  if (!fs::exists(s.status(i))) return PointState::NotRun;
  const std::string st = read_json(s.status(i), "point status").value("state", "");
  return st == "failed" ? PointState::Failed : st == "running" ? PointState::Running : PointState::NotRun;
}

std::string id_list(const std::vector<std::size_t>& ids) {
  std::string s;
  for (std::size_t i : ids) s += (s.empty() ? "" : ",") + point_id(i);
  return s;
}

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
