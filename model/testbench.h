// The testbench of one run: the drive, one fio initiator per job clone, the stonewall-group
// scheduler and the monitors (time series, steady-state rounds, power cuts), elaborated
// once; then preconditioning, the timed simulation and the collection of plain results.
// run_fio() (model/simulation.h) drives it; SystemC allows one elaboration per process.
#pragma once
#include <memory>
#include <vector>

#include "model/drive.h"
#include "model/simulation.h"
#include "workload/fio_initiator.h"

namespace ssdtwin::ftl {
class FunctionalWriter;
}

namespace ssdtwin::model {

class GroupScheduler;

class Testbench {
 public:
  // Elaborates. Throws InputError for traces the drive cannot replay and for random power
  // cuts without a planned length.
  Testbench(const config::DriveConfig& cfg, const host_if::HostConfig& host, const config::Layout& layout,
            const workload::FioJobFile& jobs, const RunOptions& opt);
  ~Testbench();
  // Functional preconditioning (sequential passes, random rounds over the active range);
  // then the FTL's counters start from zero.
  void precondition();
  // The timed run until every job finished (or a torn power cut). Throws std::runtime_error
  // when the kernel runs out of events with jobs unfinished (a model deadlock).
  void simulate();
  RunResult results();

 private:
  void add_initiators();
  void add_monitors();
  void schedule_power_cuts();
  void precondition_random(ftl::FunctionalWriter& w);
  power::ActivityCounters activity();
  Sample sample();
  BusyCounters busy();
  void collect_drive_results(DriveResults& d);

  const config::DriveConfig& cfg_;
  const host_if::HostConfig& host_;
  const config::Layout& layout_;
  const workload::FioJobFile& jf_;
  const RunOptions& opt_;
  RunResult res_;
  Drive drive_;
  nand::ActivityLog timeline_log_;
  std::unique_ptr<GroupScheduler> sched_;
  workload::HostPath host_path_;
  std::vector<std::unique_ptr<workload::FioInitiator>> inits_;
  // The jobs' active range, for random preconditioning: the span of their (scaled) regions,
  // and whether some job spans the whole drive in the job file's own (unscaled) terms (the
  // scaled regions are rounded down to each job's block size).
  std::uint64_t active_lo_ = 0, active_hi_ = 0;
  bool active_whole_drive_ = false;
  double planned_s_ = 0;
  std::unique_ptr<SteadyRoundsMonitor> rounds_;
  std::unique_ptr<TimeSeriesSampler> sampler_;
  PowerLossOptions losses_;
  std::unique_ptr<PowerLossInjector> injector_;
  double wall_t0_s_ = 0;
};

}  // namespace ssdtwin::model
