#include "apps/lab_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "apps/cli_args.h"
#include "model/input_error.h"

extern char** environ;

namespace ssdtwin::apps {
namespace {

struct Child {
  pid_t pid = 0;
  std::string key, job, out_path, err_path;
};

pid_t spawn(const std::vector<std::string>& argv, const std::string& err_path) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<char*> args;
  for (const auto& s : argv) args.push_back(const_cast<char*>(s.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = posix_spawn(&pid, argv[0].c_str(), &fa, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) throw std::runtime_error(fmt::format("cannot start {}: {}", argv[0], std::strerror(rc)));
  return pid;
}

std::string self_exe() { return std::filesystem::read_symlink("/proc/self/exe").string(); }

}  // namespace

int parse_parallel(const std::map<std::string, std::string>& single) {
  const auto it = single.find("--jobs");
  return it == single.end() ? 2 : int(cli::parse_uint("--jobs", it->second, 1, 256));
}

RecordResult evaluate_record(const model::LabRecord& r, const LabRun& run) {
  RecordResult res;
  res.predicted = model::metric_from_fio_json(run.outputs.at(r.run_key()), r.metric);
  res.error_pct = (res.predicted - r.measured) / r.measured * 100.0;
  res.scored_error_pct = r.lower_bound ? std::min(res.error_pct, 0.0) : res.error_pct;
  res.within = std::fabs(res.scored_error_pct) <= r.tolerance_pct;
  return res;
}

std::string record_role(const model::LabRecord& r) {
  return std::string(r.calibration ? "fitted" : "prediction") + (r.lower_bound ? ", minimum" : "");
}

std::vector<const model::LabRecord*> select_records(const std::vector<const model::LabRecord*>& all,
                                                    const std::string& ids, const std::string& where) {
  if (ids.empty()) return all;
  std::vector<std::string> wanted;
  std::stringstream ss(ids);
  for (std::string id; std::getline(ss, id, ',');) wanted.push_back(id);
  for (const auto& id : wanted)
    if (std::none_of(all.begin(), all.end(), [&](const auto* r) { return r->id == id; }))
      throw model::InputError(fmt::format("option '--records': no record '{}' in {}", id, where));
  std::vector<const model::LabRecord*> chosen;
  for (const auto* r : all)
    if (std::find(wanted.begin(), wanted.end(), r->id) != wanted.end()) chosen.push_back(r);
  return chosen;
}

nlohmann::ordered_json record_json(const model::LabRecord& r, const std::string& drive, const RecordResult& res) {
  return {{"id", r.id},         {"drive", drive},
          {"workload", r.job},  {"metric", r.metric},
          {"unit", r.unit},     {"measured", r.measured},
          {"predicted", res.predicted}, {"error_pct", res.error_pct},
          {"tolerance_pct", r.tolerance_pct}, {"within_tolerance", res.within},
          {"scored_error_pct", res.scored_error_pct}, {"lower_bound", r.lower_bound},
          {"kind", r.kind},     {"role", record_role(r)},
          {"source", r.source}};
}

LabRun run_lab_jobs(const std::vector<const model::LabRecord*>& records, const std::string& drive,
                    const std::vector<std::string>& sets, int parallel) {
  std::vector<const model::LabRecord*> jobs;  // one simulation per distinct run key
  for (const auto* r : records)
    if (std::none_of(jobs.begin(), jobs.end(), [&](const auto* j) { return j->run_key() == r->run_key(); }))
      jobs.push_back(r);
  static int batch = 0;
  const auto tmp = std::filesystem::temp_directory_path() / fmt::format("ssdtwin-lab-{}-{}", getpid(), batch++);
  std::filesystem::create_directories(tmp);
  const auto t0 = std::chrono::steady_clock::now();
  LabRun run;
  std::vector<Child> running;
  std::size_t next = 0;
  std::string failure;
  while (next < jobs.size() || !running.empty()) {
    while (failure.empty() && next < jobs.size() && int(running.size()) < parallel) {
      const model::LabRecord& r = *jobs[next];
      Child c;
      c.key = r.run_key();
      c.job = r.job;
      c.out_path = (tmp / fmt::format("{}.json", next)).string();
      c.err_path = (tmp / fmt::format("{}.err", next)).string();
      std::vector<std::string> args = {self_exe(), "run", "--drive", drive.empty() ? r.drive_profile : drive,
                                       c.job, "--output-format=json", "--output", c.out_path, "--precondition",
                                       r.precondition};
      if (r.power_state >= 0) args.insert(args.end(), {"--power-state", std::to_string(r.power_state)});
      for (const auto& s : sets) args.insert(args.end(), {"--set", s});
      for (const auto& s : r.host_sets) args.insert(args.end(), {"--set", s});
      c.pid = spawn(args, c.err_path);
      running.push_back(c);
      ++next;
    }
    if (running.empty()) break;
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    auto it = std::find_if(running.begin(), running.end(), [&](const Child& c) { return c.pid == pid; });
    if (it == running.end()) continue;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
      std::ifstream f(it->out_path);
      run.outputs[it->key] = nlohmann::json::parse(f);
    } else if (failure.empty()) {
      std::ifstream f(it->err_path);
      std::stringstream err;
      err << f.rdbuf();
      failure = fmt::format("simulation of {} failed: {}", it->job, err.str());
    }
    running.erase(it);
  }
  std::filesystem::remove_all(tmp);
  if (!failure.empty()) throw std::runtime_error(failure);
  run.simulations = jobs.size();
  run.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return run;
}

}  // namespace ssdtwin::apps
