// Shared set-ups of the data-integrity and power-loss simulations.
#pragma once
#include <regex>

#include "sim_support.h"

namespace ssdtwin::test {

// tests/data/verify-soak.fio on the tiny drive under --verify, with power-state changes
// (PS1 and its cap, non-operational PS2, back to PS0) and static wear levelling at a
// 3 P/E spread; `runtime` replaces the file's 11 s.
inline SimRun run_verify_soak(const std::string& runtime, const std::vector<TimePs>& power_cuts = {}) {
  model::RunOptions opt;
  opt.precondition_passes = 1;
  opt.verify = true;
  opt.check_invariants = true;
  opt.power.timeline = {{1 * kPsPerS, 1}, {2 * kPsPerS, 0}, {2500 * kPsPerMs, 2}, {3500 * kPsPerMs, 0}};
  opt.power_loss.at_ps = power_cuts;
  const std::string job = std::regex_replace(read_text(source_path("tests/data/verify-soak.fio")),
                                             std::regex("runtime=11s"), "runtime=" + runtime);
  return simulate_with(tiny_drive(), job, 1, opt, {"ftl.static_wl_spread_pe=3"});
}

// A 4 s hot/cold write-heavy mix without deallocates on the tiny drive, cut once at 2 s.
inline SimRun run_one_cut(const std::vector<std::string>& sets) {
  model::RunOptions opt;
  opt.precondition_passes = 1;
  opt.power_loss.at_ps = {2 * kPsPerS};
  const std::string job =
      "[global]\ntime_based\nruntime=4s\nrandom_distribution=zoned:95/5:5/95\n"
      "[mix]\nrw=randrw\nrwmixread=40\nbs=4k\niodepth=16\n[big]\nrw=randwrite\nbs=64k\niodepth=4\n"
      "[sub]\nrw=randrw\nbs=512\niodepth=2\n";
  return simulate_with(tiny_drive(), job, 1, opt, sets);
}

}  // namespace ssdtwin::test
