// Reporters: turn a RunResult into fio's normal text or fio-compatible JSON (plus an
// `ssdtwin` object with the drive's internals). The simulation core never formats output.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/config_loader.h"
#include "model/fio_job.h"
#include "model/layout.h"
#include "model/simulation.h"

namespace ssdtwin::model {

struct ReportInput {
  const LoadedProfile& profile;
  const Layout& layout;
  const FioJobFile& jobs;
  const RunOptions& options;
  const RunResult& result;
};

// One reported row: a clone, or a whole group under group_reporting.
struct ReportEntry {
  std::string name;
  std::uint32_t group = 0, jobs = 0;
  bool grouped = false;
  TimePs runtime_ps = 0;
  DirectionStats read, write, trim;
};
std::vector<ReportEntry> report_entries(const FioJobFile& jobs, const RunResult& r);

nlohmann::ordered_json report_json(const ReportInput& in);
std::string report_normal(const ReportInput& in);

// fio's default completion-latency percentiles.
const std::vector<double>& fio_percentiles();

}  // namespace ssdtwin::model
