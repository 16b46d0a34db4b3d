// The drive statistics of a run, declared once: where each sits in the JSON report
// ("ssdtwin.<path>"), its unit, what it means and how it is read from the run's counters.
// Components bump plain counters on the hot path (nand::FlashStats, ftl::FtlCounters,
// ftl::MappingCounters, ftl::RaCounters, host_if::ControllerStats); this table is the one
// place that names them for users. Reporters walk it, so a statistic added here reaches the
// JSON without touching a reporter (tests: unit.run_statistics).
#pragma once
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "config/drive_config.h"
#include "model/simulation.h"

namespace ssdtwin::model {

using StatValue = std::variant<std::uint64_t, double, std::vector<std::uint64_t>>;

struct Statistic {
  const char* path;         // dot-separated under "ssdtwin" in the JSON, e.g. "nand.reads"
  const char* unit;         // "operations", "IUs", "bytes", "fraction", ...
  const char* description;  // one line
  StatValue (*value)(const RunResult& r, const config::DriveConfig& cfg);
};

// In report order: the JSON groups appear in the order their first statistic does.
const std::vector<Statistic>& run_statistics();

// Busy time as a fraction of `span`: the mean over components (dies, channels), the busiest.
double mean_fraction(const std::vector<TimePs>& busy, TimePs span);
double max_fraction(const std::vector<TimePs>& busy, TimePs span);
// One busy total (a link direction; core time, divided by the core count by the caller).
double span_fraction(TimePs busy, TimePs span);

}  // namespace ssdtwin::model
