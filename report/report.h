// Reporters: turn a RunResult into fio's normal text or fio-compatible JSON (plus an
// `ssdtwin` object with the drive's internals). The simulation core never formats output.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "config/config_loader.h"
#include "workload/fio_job.h"
#include "config/layout.h"
#include "model/simulation.h"

namespace ssdtwin::report {

struct ReportInput {
  const config::LoadedProfile& profile;
  const config::Layout& layout;
  const workload::FioJobFile& jobs;
  const model::RunOptions& options;
  const model::RunResult& result;
};

// One reported row: a clone, or a whole group under group_reporting.
struct ReportEntry {
  std::string name;
  std::uint32_t group = 0, jobs = 0;
  bool grouped = false;
  TimePs runtime_ps = 0;
  workload::DirectionStats read, write, trim;
  std::uint64_t issued_ios = 0, drained_ios = 0;  // submitted (ramp included); reaped after the runtime
  TimePs drain_ps = 0;                            // longest drain of the entry's jobs
  // Its measurement window (first end of ramp to last end of runtime): its watts are the
  // drive's average power over it (concurrent jobs share the drive's power).
  TimePs window_from_ps = 0, window_to_ps = 0;
};
std::vector<ReportEntry> report_entries(const workload::FioJobFile& jobs, const model::RunResult& r);

// fio's log files for the jobs that asked for them, in the current directory as fio writes
// them (NAME_bw.X.log, NAME_iops.X.log, NAME_{lat,clat,slat}.X.log; X = 1.. over every job
// clone in file order; no ".X" with per_job_logs=0). Returns the paths written; throws
// InputError naming a file it cannot write.
std::vector<std::string> write_fio_logs(const workload::FioJobFile& jobs, const model::RunResult& r);

// latency_bins: fio's json+ (--output-format=json+): clat_ns.bins per direction.
nlohmann::ordered_json report_json(const ReportInput& in, bool latency_bins = false);
std::string report_normal(const ReportInput& in);

// fio's default completion-latency percentiles.
const std::vector<double>& fio_percentiles();

}  // namespace ssdtwin::report
