// What bound a run: the busy share of each resource the drive has, over the simulated run
// (ramp and drain included), and the busiest of them. Firmware cores count host commands and
// GC relocation together (their GC share is listed apart); dies and channels are the mean
// over all of them (a single hot one is listed apart, not a candidate: it bounds throughput
// only under skew); the power budget is the average power over the MP of the power states
// the run spent its time in.
#pragma once
#include <string>
#include <vector>

#include "config/drive_config.h"
#include "model/simulation.h"

namespace ssdtwin::model {

struct ResourceUse {
  std::string name;  // "firmware_cores", "dies", "channels", "pcie_up", "pcie_down", "power_budget"
  double fraction;   // busy time (or power) over the run's span (or the MP cap)
  bool candidate;    // may be named the bottleneck
};

// `average_w`: the run's average power (report::run_power_summary); < 0 leaves the budget out.
std::vector<ResourceUse> resource_use(const RunResult& r, const config::DriveConfig& cfg, double average_w);
// The candidate with the highest fraction if it is saturated (>= kSaturated); else
// "latency": no resource is, so the host's queue depth times the command latency bound the
// run (Little's law: a QD1 job, a closed loop too shallow for the drive). Its fraction is
// the busiest candidate's.
constexpr double kSaturated = 0.9;
ResourceUse bottleneck(const std::vector<ResourceUse>& use);

}  // namespace ssdtwin::model
