// The progress line of long commands, on a terminal only (the caller checks isatty).
#pragma once
#include <chrono>
#include <cstdio>
#include <fmt/format.h>
#include <string>

#include "model/simulation.h"

namespace ssdtwin::apps {

// Progress on a terminal only, once a run has taken 2 s of wall time, at most 4 times a
// second: the preconditioning's passes and rounds, then the timed run's simulated time and
// ETA (from the timed run's own pace: preconditioning time is not counted in it).
struct ProgressLine {
  using Clock = std::chrono::steady_clock;
  Clock::time_point wall0 = Clock::now();
  double last_wall = 0, sim_wall0 = -1;
  bool shown = false;

  double wall() const { return std::chrono::duration<double>(Clock::now() - wall0).count(); }
  bool due(bool always = false) {
    const double w = wall();
    if (w < 2.0 || (!always && w - last_wall < 0.25)) return false;
    last_wall = w;
    shown = true;
    return true;
  }
  // A phase of functional writing is done (preconditioning, endurance rounds).
  void phase(const char* what, const std::string& done) {
    if (!due(true)) return;
    std::fprintf(stderr, "\r%s: %s done (%.0f s)%20s", what, done.c_str(), wall(), "");
    std::fflush(stderr);
  }
  void install(model::RunOptions& opt) {
    opt.precondition_progress = [this](const std::string& done) { phase("preconditioning", done); };
    opt.progress = [this](double sim_s, double planned_s, std::uint64_t ios) {
      if (sim_wall0 < 0) sim_wall0 = wall();
      if (!due()) return;
      const double w = wall() - sim_wall0;
      std::string bar, eta;
      if (planned_s > 0) {
        const double f = std::min(1.0, sim_s / planned_s);
        const int n = int(f * 30);
        bar = "[" + std::string(std::size_t(n), '=') + std::string(std::size_t(30 - n), ' ') + "] ";
        if (f > 0.01) eta = fmt::format(", ETA {:.0f} s", w / f - w);
      }
      std::fprintf(stderr, "\r%s%.3f%s s simulated, %.2fM I/Os%s   ", bar.c_str(), sim_s,
                   planned_s > 0 ? fmt::format("/{:.3f}", planned_s).c_str() : "", double(ios) / 1e6, eta.c_str());
      std::fflush(stderr);
    };
  }
  void clear() const {
    if (shown) std::fprintf(stderr, "\r%80s\r", "");
  }
};

// Without a terminal (a log file, a batch job): one line, once the timed run has gone on for
// 10 s of wall time, when it will take over a minute more at its pace so far.
struct WallEstimate {
  using Clock = std::chrono::steady_clock;
  double sim_wall0 = -1;
  bool said = false;
  Clock::time_point wall0 = Clock::now();

  void install(model::RunOptions& opt) {
    opt.progress = [this](double sim_s, double planned_s, std::uint64_t) {
      const double now = std::chrono::duration<double>(Clock::now() - wall0).count();
      if (sim_wall0 < 0) sim_wall0 = now;
      const double w = now - sim_wall0, f = planned_s > 0 ? sim_s / planned_s : 0;
      if (said || w < 10 || f <= 0 || f >= 1) return;
      said = true;
      const double left = w / f - w;
      if (left > 60)
        std::fprintf(stderr,
                     "ssdtwin: at its pace so far (%.3f of %.3f s simulated in %.0f s) this run needs about %.1f h "
                     "more; a shorter runtime or a larger --scale shortens it\n",
                     sim_s, planned_s, w, left / 3600);
    };
  }
};

}  // namespace ssdtwin::apps
