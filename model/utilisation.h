// What bound a run: the busy share of each resource the drive has over the measurement
// window (from the first job's end of ramp to the last job's end of runtime, drain
// excluded), and the busiest of them. Firmware cores count host commands and GC relocation
// together (their GC share is listed apart); dies and channels are the mean over all of
// them (the busiest die, over the whole run, is listed apart and is not a candidate: it
// bounds throughput only under skew); the power budget is the window's average power over
// the MP of the power states the run spent its time in; the write buffer's share is the
// time some host write waited for buffer space.
#pragma once
#include <string>
#include <vector>

#include "config/drive_config.h"
#include "model/simulation.h"

namespace ssdtwin::model {

struct ResourceUse {
  std::string name;  // "firmware_cores", "dies", "channels", "pcie_up", "pcie_down", "power_budget", "write_buffer"
  double fraction;   // busy time (or power) over the window (or the MP cap)
  bool candidate;    // may be named the bottleneck
};

// The window the shares are taken over, and the resources' cumulative counters at its two
// ends, interpolated linearly between the run's time-series samples. The whole run when no
// job measured anything (or the samples do not cover it).
struct MeasurementWindow {
  TimePs from_ps = 0, to_ps = 0;
  BusyCounters from, to;
  power::ActivityCounters activity_from, activity_to;  // for the window's average power
  bool whole_run = true;
};
MeasurementWindow measurement_window(const RunResult& r);
// One job's own window (its end of ramp to its end of runtime): the drive's state while that
// job measured, e.g. for its watts in a file of stonewall groups.
MeasurementWindow job_window(const RunResult& r, const workload::JobStats& j);
MeasurementWindow window_between(const RunResult& r, TimePs from, TimePs to);

// `average_w`: the window's average power; < 0 leaves the budget out.
std::vector<ResourceUse> resource_use(const RunResult& r, const config::DriveConfig& cfg, const MeasurementWindow& w,
                                      double average_w);
// The candidate with the highest fraction if it is saturated (>= kSaturated); else
// "latency": no resource is, so the host's queue depth times the command latency bound the
// run (Little's law: a QD1 job, a closed loop too shallow for the drive). Its fraction is
// the busiest candidate's. The write buffer is named only when nothing downstream of it is
// saturated: a full buffer is otherwise the back-pressure of the saturated resource, not
// the cause; alone it means too few bytes in flight to keep the dies busy.
constexpr double kSaturated = 0.9;
ResourceUse bottleneck(const std::vector<ResourceUse>& use);

}  // namespace ssdtwin::model
