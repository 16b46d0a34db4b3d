#include "apps/compare.h"

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "apps/cli_args.h"
#include "model/input_error.h"
#include "model/lab.h"

extern char** environ;

namespace ssdtwin::apps {
namespace {

struct Child {
  pid_t pid = 0;
  std::string job, out_path, err_path;
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

int cmd_compare(int argc, char** argv) {
  const cli::Args a = cli::parse_args(argc, argv, {"--lab", "--drive", "--jobs", "--output-format", "--set"}, {});
  if (!a.single.count("--lab")) throw model::InputError("compare: --lab LAB.toml is required");
  const model::LabFile lab = model::load_lab_file(a.single.at("--lab"));
  const std::string drive = a.single.count("--drive") ? a.single.at("--drive") : lab.drive_profile;
  const std::string format = a.single.count("--output-format") ? a.single.at("--output-format") : "normal";
  if (format != "normal" && format != "json")
    throw model::InputError(fmt::format("option '--output-format': '{}' is not allowed; use normal or json", format));
  int parallel = 2;
  if (a.single.count("--jobs")) {
    parallel = std::atoi(a.single.at("--jobs").c_str());
    if (parallel < 1 || parallel > 256)
      throw model::InputError(fmt::format("option '--jobs': '{}' is not a whole number in 1..256", a.single.at("--jobs")));
  }

  // One simulation per distinct job file.
  std::vector<std::string> jobs;
  for (const auto& r : lab.records)
    if (std::find(jobs.begin(), jobs.end(), r.job) == jobs.end()) jobs.push_back(r.job);
  const auto tmp = std::filesystem::temp_directory_path() / fmt::format("ssdtwin-compare-{}", getpid());
  std::filesystem::create_directories(tmp);
  const auto t0 = std::chrono::steady_clock::now();
  std::map<std::string, nlohmann::json> outputs;
  std::vector<Child> running;
  std::size_t next = 0;
  bool failed = false;
  while (next < jobs.size() || !running.empty()) {
    while (next < jobs.size() && int(running.size()) < parallel) {
      Child c;
      c.job = jobs[next];
      c.out_path = (tmp / fmt::format("{}.json", next)).string();
      c.err_path = (tmp / fmt::format("{}.err", next)).string();
      std::vector<std::string> args = {self_exe(), "run", "--drive", drive, c.job, "--output-format=json",
                                       "--output", c.out_path, "--precondition", lab.precondition};
      for (const auto& s : a.sets) args.insert(args.end(), {"--set", s});
      c.pid = spawn(args, c.err_path);
      running.push_back(c);
      ++next;
    }
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    auto it = std::find_if(running.begin(), running.end(), [&](const Child& c) { return c.pid == pid; });
    if (it == running.end()) continue;
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
      std::ifstream f(it->out_path);
      outputs[it->job] = nlohmann::json::parse(f);
    } else {
      std::ifstream f(it->err_path);
      std::cerr << "ssdtwin: compare: simulation of " << it->job << " failed:\n" << f.rdbuf() << "\n";
      failed = true;
    }
    running.erase(it);
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::filesystem::remove_all(tmp);
  if (failed) return 1;

  nlohmann::ordered_json out;
  out["records"] = nlohmann::ordered_json::array();
  std::string table = fmt::format("{} on '{}' (lab: {}; precondition {})\n\n", lab.drive, drive, lab.path, lab.precondition);
  table += fmt::format("{:<26} {:<18} {:>12} {:>12} {:>9} {:>6}  {}\n", "record", "metric", "measured", "predicted",
                       "error", "tol", "within");
  std::size_t within = 0;
  for (const auto& r : lab.records) {
    const double predicted = model::metric_from_fio_json(outputs.at(r.job), r.metric);
    const double err = (predicted - r.measured) / r.measured * 100.0;
    const bool ok = std::fabs(err) <= r.tolerance_pct;
    within += ok;
    table += fmt::format("{:<26} {:<18} {:>12.1f} {:>12.1f} {:>+8.1f}% {:>5.0f}%  {}  [{}]\n", r.id, r.metric,
                         r.measured, predicted, err, r.tolerance_pct, ok ? "yes" : "NO ", r.unit);
    out["records"].push_back({{"id", r.id}, {"drive", lab.drive}, {"workload", r.job}, {"metric", r.metric},
                              {"unit", r.unit}, {"measured", r.measured}, {"predicted", predicted},
                              {"error_pct", err}, {"tolerance_pct", r.tolerance_pct}, {"within_tolerance", ok},
                              {"kind", r.kind}, {"source", r.source}});
  }
  table += fmt::format("\n{} of {} records within tolerance; {} simulations in {:.1f} s wall\n", within,
                       lab.records.size(), jobs.size(), wall);
  out["summary"] = {{"records", lab.records.size()}, {"within_tolerance", within}, {"simulations", jobs.size()}};
  out["wallclock"] = {{"seconds", wall}};
  if (format == "json") std::cout << out.dump(2) << "\n";
  else std::cout << table;
  return 0;
}

}  // namespace ssdtwin::apps
