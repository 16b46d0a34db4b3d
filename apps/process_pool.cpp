#include "apps/process_pool.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <csignal>
#include <sys/prctl.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "config/input_error.h"

namespace ssdtwin::apps {
namespace {

struct Child {
  pid_t pid = 0;
  std::size_t index = 0;
  std::string out_path, err_path;
};

pid_t spawn(const std::vector<std::string>& argv, const std::string& err_path) {
  std::vector<char*> args;
  for (const auto& s : argv) args.push_back(const_cast<char*>(s.c_str()));
  args.push_back(nullptr);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) {
    // The child dies with its parent (a killed sweep or calibration leaves no simulations
    // running), and runs the parent's image even if its file was rebuilt or removed since
    // it started; argv[0] keeps the file's name. Only async-signal-safe calls until exec.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);  // the parent died before prctl took effect
    const int fd = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 2);
      close(fd);
    }
    execv("/proc/self/exe", args.data());
    _exit(127);
  }
  if (pid < 0) throw std::runtime_error(fmt::format("cannot start {}: {}", argv[0], std::strerror(errno)));
  return pid;
}

}  // namespace

std::vector<nlohmann::json> run_simulations(const std::vector<SimulationSpec>& specs, int parallel) {
  static int batch = 0;
  const auto tmp = std::filesystem::temp_directory_path() / fmt::format("ssdtwin-runs-{}-{}", getpid(), batch++);
  std::filesystem::create_directories(tmp);
  const std::string exe = std::filesystem::read_symlink("/proc/self/exe").string();
  std::vector<nlohmann::json> out(specs.size());
  std::vector<Child> running;
  std::size_t next = 0;
  std::string failure;
  bool input_failure = false;
  while (next < specs.size() || !running.empty()) {
    while (failure.empty() && next < specs.size() && int(running.size()) < parallel) {
      Child c;
      c.index = next;
      c.out_path = (tmp / fmt::format("{}.json", next)).string();
      c.err_path = (tmp / fmt::format("{}.err", next)).string();
      std::vector<std::string> argv = {exe, "run"};
      argv.insert(argv.end(), specs[next].args.begin(), specs[next].args.end());
      argv.insert(argv.end(), {"--output-format=json", "--output", c.out_path});
      c.pid = spawn(argv, c.err_path);
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
      out[it->index] = nlohmann::json::parse(f);
    } else if (failure.empty()) {
      std::ifstream f(it->err_path);
      std::stringstream err;
      err << f.rdbuf();
      failure = fmt::format("simulation of {} failed: {}", specs[it->index].label, err.str());
      // Exit status 2 is the child's bad-input status (e.g. a --set value the profile refuses).
      input_failure = WIFEXITED(status) && WEXITSTATUS(status) == 2;
    }
    running.erase(it);
  }
  std::filesystem::remove_all(tmp);
  if (!failure.empty()) {
    while (!failure.empty() && failure.back() == '\n') failure.pop_back();
    if (input_failure) throw config::InputError(failure);
    throw std::runtime_error(failure);
  }
  return out;
}

}  // namespace ssdtwin::apps
