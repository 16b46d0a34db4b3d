// Runs a fio job file against a drive: validates the jobs against the drive, elaborates
// one Drive and one initiator per job clone, preconditions, simulates, and returns plain
// results for the reporters. SystemC allows one elaboration per process: call once.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ftl/ftl.h"
#include "ftl/verify_tags.h"
#include "host_if/controller.h"
#include "power/power_manager.h"
#include "model/steady_rounds.h"
#include "config/drive_config.h"
#include "workload/fio_job.h"
#include "workload/job_stats.h"
#include "config/layout.h"
#include "model/power_loss.h"
#include "model/time_series.h"
#include "nand/activity_log.h"
#include "nand/flash_stats.h"
#include "sim/state_io.h"

namespace ssdtwin::model {

struct RunOptions {
  std::uint32_t precondition_passes = 0;  // sequential fills before the jobs (functional)
  bool precondition_random = false;       // then uniform random 4K writes until WAF is steady
  std::uint64_t seed = 0;                 // mixed into job seeds when randrepeat=0
  bool check_invariants = false;          // run the FTL invariant checker after the jobs
  bool verify = false;                    // data-integrity tags on every IU (ftl/verify_tags.h)
  // false: every wake-up goes through the SystemC kernel (sim/lookahead.h). Same results,
  // slower: for checking that running ahead changes nothing.
  bool lookahead = true;
  // Power cuts (model/power_loss.h): at the given times, and/or `power_loss_random` more
  // drawn uniformly over the middle 80% of the planned run (time-based jobs). Either turns
  // on verify (the recovery scan reads the tags).
  PowerLossOptions power_loss;
  std::uint32_t power_loss_random = 0;
  TimePs timeseries_interval_ps = 0;         // 0: no time series in the report
  TimePs power_interval_ps = 10 * kPsPerMs;  // power series interval when no time series is asked for
  // > 0: each job's runtime is one round; rounds repeat until the SNIA rule holds on the
  // IOPS of the last five (SteadyRoundsMonitor) or this many rounds have run.
  std::uint32_t steady_max_rounds = 0;
  power::PowerRunOptions power;  // initial power state, Set Features timeline, APST
  // Timeline of NAND and channel activity in [timeline_from_ps, + timeline_len_ps) of the
  // timed run (0 length: none).
  TimePs timeline_from_ps = 0, timeline_len_ps = 0;
  // Called every power/time-series sample with simulated seconds so far, the planned
  // simulated length (0 when a job ends by size or trace, so unknown) and I/Os completed.
  // For a progress display; it must not touch the simulation.
  std::function<void(double sim_s, double planned_s, std::uint64_t ios)> progress;
  std::function<void(const std::string& done)> precondition_progress;  // after each pass or round
  // A saved drive state (model/saved_state.h): when `load_state` is set, the preconditioned
  // state is streamed in from it instead of written; when `save_state` is set, the state
  // after preconditioning is streamed out to it. The caller opens and closes the files.
  ByteSource* load_state = nullptr;
  ByteSink* save_state = nullptr;
  // A cache of saved states by fingerprint (run --state-cache): `lookup` returns a source of
  // a state of this fingerprint, or null; `store` is offered one made by this run, its
  // length and a function that streams it into a sink (store may decline, e.g. for space).
  std::function<std::unique_ptr<ByteSource>(std::uint64_t fingerprint)> state_lookup;
  std::function<void(std::uint64_t fingerprint, std::uint64_t bytes, const std::function<void(ByteSink&)>& write)>
      state_store;
};

struct DriveResults {
  nand::FlashStats flash;
  ftl::FtlCounters ftl;
  ftl::RaCounters read_ahead;
  ftl::MappingCounters mapping;
  host_if::ControllerStats controller;
  TimePs link_up_busy_ps = 0, link_down_busy_ps = 0;
  double link_payload_ceiling_bytes_per_s = 0;
  std::uint64_t nand_programmed_ius = 0;
  double waf = 0;                   // NAND IUs programmed / host IUs written, over the timed run
  std::string invariant_violation;  // "" when checked and clean (or not checked)
  bool invariants_checked = false;
  // --verify: counts of checks and mismatches (host reads, relocations, the final read-back
  // of every LPN) and the first mismatches in detail.
  bool verified = false;
  ftl::VerifyCounters verify;
  std::vector<ftl::VerifyMismatch> verify_mismatches;
};

struct PreconditionReport {
  std::vector<double> random_round_waf;  // per round of 25% of capacity
  bool random_steady = false;
  std::uint32_t random_steady_round = 0;
  std::uint64_t random_range_bytes = 0;  // the jobs' active range the random writes covered (scaled)
};

// A replayed trace: how many of its I/Os lay beyond the job's region (after dividing by
// the scale) and were folded into it (docs/workloads.md, "Trace replay").
struct TraceFolding {
  std::string job, path;
  std::uint64_t ios = 0, folded = 0;
};

struct RunResult {
  PreconditionReport precondition;
  SteadyRoundsReport steady_rounds;
  std::vector<Sample> timeseries;    // always sampled (power series); reported when asked for
  power::ActivityCounters activity;  // at the end of the run, for the power report
  BusyCounters busy_at_end;          // the resources' busy time at the end of the run
  power::PowerStateResidency power_states;
  std::uint64_t power_throttled_ops = 0;  // operations the power cap delayed
  TimePs power_throttle_delay_ps = 0;
  std::vector<workload::JobStats> jobs;  // one per clone, in job-file order
  std::vector<TraceFolding> traces;
  std::vector<PowerLossEvent> power_losses;  // cuts that happened, in order
  std::size_t power_losses_planned = 0;
  bool ended_by_power_loss = false;              // a torn cut ended the run (see PowerLossInjector)
  std::vector<nand::ActivityInterval> timeline;  // when RunOptions asks for one
  std::vector<nand::ActivityLog::QueueSample> timeline_queues;
  TimePs timeline_from_ps = 0, timeline_to_ps = 0;
  TimePs timeline_truncated_at_ps = 0;  // the window held too many events: cut here (0: complete)
  DriveResults drive;
  TimePs sim_end_ps = 0;
  double wall_precondition_s = 0, wall_simulation_s = 0;
  // The simulation's cost in kernel steps: times the SystemC kernel woke the lookahead
  // domain, and wake-up handlers the domain ran (sim/lookahead.h). Without lookahead the
  // two are close; with it most handlers run without a kernel wake-up.
  std::uint64_t kernel_wakeups = 0, domain_handlers = 0;
  // How the preconditioned state was obtained: "none", "written" (functional writes),
  // "loaded" (--load-state) or "loaded from the state cache".
  std::string precondition_source = "none";
  std::uint64_t total_ios = 0;
};

// Throws InputError for jobs the drive cannot run (block size, depth, capacity, queues).
void validate_jobs(const config::DriveConfig& cfg, const config::Layout& layout, const workload::FioJobFile& jobs);
// Throws InputError unless the jobs can run in steady-state rounds (one group, time-based,
// one runtime and ramp_time shared by all jobs).
void validate_steady_rounds(const workload::FioJobFile& jobs);
RunResult run_fio(const config::DriveConfig& cfg, const host_if::HostConfig& host, const config::Layout& layout,
                  const workload::FioJobFile& jobs, const RunOptions& opt);

}  // namespace ssdtwin::model
