#include "apps/process_pool.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <csignal>
#include <sys/prctl.h>
#include <sstream>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "apps/cli_args.h"
#include "config/input_error.h"

namespace ssdtwin::apps {
namespace {

struct Child {
  pid_t pid = 0;
  std::size_t index = 0;
  std::string out_path, err_path;
};

// `launched`: argv[0] is a launcher found in PATH (srun), told to stop by SIGTERM, which it
// forwards to its task; otherwise argv is this executable's.
pid_t spawn(const std::vector<std::string>& argv, const std::string& err_path, bool launched = false) {
  std::vector<char*> args;
  for (const auto& s : argv) args.push_back(const_cast<char*>(s.c_str()));
  args.push_back(nullptr);
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) {
    // The child dies with its parent (a killed sweep or calibration leaves no simulations
    // running), and runs the parent's image even if its file was rebuilt or removed since
    // it started; argv[0] keeps the file's name. Only async-signal-safe calls until exec.
    prctl(PR_SET_PDEATHSIG, launched ? SIGTERM : SIGKILL);
    if (getppid() != parent) _exit(127);  // the parent died before prctl took effect
    const int fd = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 2);
      close(fd);
    }
    if (launched)
      execvp(args[0], args.data());
    else
      execv("/proc/self/exe", args.data());
    _exit(127);
  }
  if (pid < 0) throw std::runtime_error(fmt::format("cannot start {}: {}", argv[0], std::strerror(errno)));
  return pid;
}

// Run directories of processes that no longer exist (a parent killed by SIGKILL, which no
// handler sees) are removed by the next run.
void remove_stale_run_dirs(const std::filesystem::path& tmp_root) {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(tmp_root, ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("ssdtwin-runs-", 0) != 0) continue;
    const pid_t pid = pid_t(std::atol(name.c_str() + 13));
    if (pid > 0 && pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH) std::filesystem::remove_all(e.path(), ec);
  }
}

// SIGINT, SIGTERM and SIGHUP interrupt the wait for children instead of killing this process
// at once, so it can stop them and remove its run directory, then die of the same signal.
volatile std::sig_atomic_t g_signal = 0;
extern "C" void note_signal(int sig) { g_signal = sig; }

class InterruptGuard {
 public:
  InterruptGuard() {
    struct sigaction sa {};
    sa.sa_handler = note_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;  // no SA_RESTART: waitpid returns EINTR
    for (int i = 0; i < 3; ++i) sigaction(kSignals[i], &sa, &old_[i]);
  }
  ~InterruptGuard() {
    for (int i = 0; i < 3; ++i) sigaction(kSignals[i], &old_[i], nullptr);
  }
  [[noreturn]] static void die_of(int sig) {
    signal(sig, SIG_DFL);
    raise(sig);
    _exit(128 + sig);
  }

 private:
  static constexpr int kSignals[3] = {SIGINT, SIGTERM, SIGHUP};
  struct sigaction old_[3];
};

// A child may start while the memory it will need is available: the peak RSS of the
// children finished so far (none yet: no limit beyond --jobs).
bool memory_allows_another(std::uint64_t peak_child_bytes, std::size_t running) {
  if (running == 0 || peak_child_bytes == 0) return true;
  const std::uint64_t avail = cli::available_memory_bytes();
  if (avail == 0) return true;
  // A budget (SSDTWIN_MEMORY_LIMIT_MIB) covers every child; MemAvailable already counts
  // the running ones, so it need only hold one more (with a quarter to spare).
  if (std::getenv("SSDTWIN_MEMORY_LIMIT_MIB")) return (running + 1) * peak_child_bytes <= avail;
  return avail >= peak_child_bytes + peak_child_bytes / 4;
}

}  // namespace

// One directory of saved drive states per process (run --state-cache), shared by all its
// batches (a calibration's evaluations reuse the first one's preconditioning); removed at
// exit, or by a later run when this process was killed.
std::string state_cache_dir() {
  static const std::string dir = [] {
    const auto d = std::filesystem::temp_directory_path() / fmt::format("ssdtwin-runs-{}-states", getpid());
    std::filesystem::create_directories(d);
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(
          std::filesystem::temp_directory_path() / fmt::format("ssdtwin-runs-{}-states", getpid()), ec);
    });
    return d.string();
  }();
  return dir;
}

namespace {

// The saved states of a launched run's children, in the shared work directory (every node
// reads what one preconditioned); removed at exit, or by a later run when this one was killed.
std::string shared_state_dir(const std::filesystem::path& root) {
  static std::string dir;
  if (dir.empty()) {
    dir = (root / fmt::format("ssdtwin-runs-{}-states", getpid())).string();
    std::filesystem::create_directories(dir);
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(dir, ec);
    });
  }
  return dir;
}

}  // namespace

int run_simulation_to(const std::vector<std::string>& args, const std::string& out_path, const std::string& err_path) {
  std::vector<std::string> argv = {std::filesystem::read_symlink("/proc/self/exe").string(), "run"};
  argv.insert(argv.end(), args.begin(), args.end());
  argv.insert(argv.end(), {"--output-format=json", "--output", out_path, "--state-cache", state_cache_dir()});
  InterruptGuard guard;
  const pid_t pid = spawn(argv, err_path);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) throw std::runtime_error(fmt::format("waiting for a simulation: {}", std::strerror(errno)));
    if (g_signal) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
      std::error_code ec;
      std::filesystem::remove_all(state_cache_dir(), ec);
      InterruptGuard::die_of(g_signal);
    }
  }
  return status;
}

int run_program(const std::vector<std::string>& argv, std::string& output) {
  int fds[2];
  if (pipe(fds) != 0) return -1;
  std::vector<char*> args;
  for (const auto& s : argv) args.push_back(const_cast<char*>(s.c_str()));
  args.push_back(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], 1);
    dup2(fds[1], 2);
    close(fds[0]);
    close(fds[1]);
    execvp(args[0], args.data());
    _exit(127);
  }
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    return -1;
  }
  output.clear();
  char buf[4096];
  for (;;) {
    const ssize_t n = read(fds[0], buf, sizeof buf);
    if (n > 0) {
      if (output.size() < (1u << 20)) output.append(buf, std::size_t(n));  // bounded: a message, not data
    } else if (n == 0 || errno != EINTR) {
      break;
    }
  }
  close(fds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status) == 127 ? -1 : WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}

std::vector<nlohmann::json> run_simulations(const std::vector<SimulationSpec>& specs, int parallel,
                                            const Launch& launch) {
  static int batch = 0;
  const bool launched = !launch.prefix.empty();
  const std::filesystem::path root =
      launch.work_dir.empty() ? std::filesystem::temp_directory_path() : std::filesystem::path(launch.work_dir);
  // (In a shared directory a pid may be another host's: only $TMPDIR is cleaned of stale runs.)
  if (launch.work_dir.empty()) remove_stale_run_dirs(root);
  const std::string states = launch.work_dir.empty() ? state_cache_dir() : shared_state_dir(root);
  const auto tmp = root / fmt::format("ssdtwin-runs-{}-{}", getpid(), batch++);
  std::filesystem::create_directories(tmp);
  InterruptGuard guard;
  std::uint64_t peak_child_bytes = 0;
  const std::string exe = std::filesystem::read_symlink("/proc/self/exe").string();
  std::vector<nlohmann::json> out(specs.size());
  std::vector<Child> running;
  std::size_t next = 0;
  std::string failure;
  bool input_failure = false;
  while (next < specs.size() || !running.empty()) {
    while (failure.empty() && next < specs.size() && int(running.size()) < parallel &&
           memory_allows_another(peak_child_bytes, running.size())) {
      Child c;
      c.index = next;
      c.out_path = (tmp / fmt::format("{}.json", next)).string();
      c.err_path = (tmp / fmt::format("{}.err", next)).string();
      std::vector<std::string> argv = launch.prefix;
      argv.insert(argv.end(), {exe, "run"});
      argv.insert(argv.end(), specs[next].args.begin(), specs[next].args.end());
      argv.insert(argv.end(), {"--output-format=json", "--output", c.out_path, "--state-cache", states});
      c.pid = spawn(argv, c.err_path, launched);
      running.push_back(c);
      ++next;
    }
    if (running.empty()) break;
    int status = 0;
    struct rusage ru {};
    const pid_t pid = wait4(-1, &status, 0, &ru);
    if (pid < 0 && errno == EINTR && g_signal) {
      for (const Child& c : running) kill(c.pid, launched ? SIGTERM : SIGKILL);
      for (const Child& c : running) waitpid(c.pid, nullptr, 0);
      std::error_code ec;
      std::filesystem::remove_all(tmp, ec);
      std::filesystem::remove_all(states, ec);
      InterruptGuard::die_of(g_signal);
    }
    if (pid > 0) peak_child_bytes = std::max<std::uint64_t>(peak_child_bytes, std::uint64_t(ru.ru_maxrss) * 1024);
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
