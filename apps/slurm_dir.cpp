#include "apps/slurm_dir.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fmt/format.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "apps/process_pool.h"
#include "config/config_loader.h"
#include "config/input_error.h"
#include "config/input_file.h"
#include "config/output_file.h"

namespace ssdtwin::apps {
namespace fs = std::filesystem;

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

std::string point_id(std::size_t i) { return fmt::format("{:04d}", i); }

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

void create_sweep_dir(const SweepDir& s) {
  fs::create_directories(s.dir / "points");
  fs::create_directories(s.dir / "logs");
  write_atomic("sweep description", s.dir / "sweep.json", s.desc.dump(1) + "\n");
  std::string manifest;
  for (std::size_t i = 0; i < s.plan.specs.size(); ++i) {
    manifest += point_id(i) + "\t" + s.plan.specs[i].label + "\t";
    for (std::size_t k = 0; k < s.plan.specs[i].args.size(); ++k)
      manifest += (k ? " " : "") + sh_quote(s.plan.specs[i].args[k]);
    manifest += "\n";
  }
  config::write_file("sweep manifest", (s.dir / "manifest").string(), manifest);
}

// The memory one array task asks for: the largest point's mapping tables (its profile,
// with the point's --set values, at the scale it runs at) and a half again for everything
// else, plus 256 MiB for the executable and the simulation's working set (docs/cluster.md).
std::uint64_t task_mem_mib(const std::vector<lab::SimulationSpec>& specs) {
  std::uint64_t worst = 0;
  for (const auto& sp : specs) {
    cli::Args a;
    std::string drive, host;
    std::vector<std::string> sets;
    for (std::size_t k = 0; k + 1 < sp.args.size(); ++k) {
      const std::string& f = sp.args[k];
      if (f == "--drive") drive = sp.args[k + 1];
      if (f == "--host") host = sp.args[k + 1];
      if (f == "--set") sets.push_back(sp.args[k + 1]);
      if (f == "--scale") a.single["--scale"] = sp.args[k + 1];
    }
    if (drive.empty()) continue;
    const config::LoadedProfile prof = config::load_profile(drive, sets, host);
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
  if (d.contains("chdir")) txt += fmt::format("#SBATCH --chdir={}\n", d.at("chdir").get<std::string>());
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
std::string submit_batch(const SweepDir& s, const std::vector<std::size_t>& ids, std::size_t k, bool dry) {
  const bool with_gather = s.desc.value("gather", true);
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
                    s.dir.string(), b, ids.size(), k, script, s.dir.string(), b, with_gather ? gather : "(none)\n"));
    return "";
  }
  const fs::path sb = s.dir / fmt::format("batch-{}.sbatch", b), gb = s.dir / fmt::format("batch-{}-gather.sbatch", b);
  config::write_file("sweep batch script", sb.string(), script);
  if (with_gather) config::write_file("sweep gather script", gb.string(), gather);
  write_atomic("sweep batch", s.dir / fmt::format("batch-{}.txt", b), lines);
  const std::string array = sbatch({}, sb);
  const std::string gjob = with_gather ? sbatch({"--dependency=afterany:" + array}, gb) : "none";
  config::write_file("sweep submissions", (s.dir / "submissions").string(),
                     fmt::format("batch {} array {} gather {} points {} tasks {} at {}\n", b, array, gjob, ids.size(),
                                 tasks, utc_now()),
                     true);
  std::fprintf(stderr, "ssdtwin sweep: batch %zu: %zu points in %zu array tasks: job %s, gather job %s (%s)\n", b,
               ids.size(), tasks, array.c_str(), gjob.c_str(), s.dir.c_str());
  return array;
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
      if (job != "none") jobs.push_back(job);
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

}  // namespace ssdtwin::apps
