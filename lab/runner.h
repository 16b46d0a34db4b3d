// Running lab records through the model and scoring them. The simulations themselves are
// injected (a Simulator): the command line runs each in its own `ssdtwin run` process
// (apps/process_pool.h, since SystemC elaborates once per process); tests pass canned fio
// JSON, so selection, scoring, validate and calibrate are tested without a process.
#pragma once
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lab/lab.h"

namespace ssdtwin::lab {

struct SimulationSpec {
  std::string label;              // names the simulation in an error
  std::vector<std::string> args;  // after `ssdtwin run`: --drive, the job file, --precondition, --set ...
};
// The fio JSON output of each spec, in order. Throws std::runtime_error naming the failing one.
using Simulator = std::function<std::vector<nlohmann::json>(const std::vector<SimulationSpec>&)>;

struct LabRun {
  std::map<std::string, nlohmann::json> outputs;  // LabRecord::run_key() -> ssdtwin run JSON
  std::size_t simulations = 0;
  double wall_s = 0;
};

// The `ssdtwin run` arguments of a record's simulation. `drive`: a profile to use instead of
// the record's own ("" keeps the record's); `sets`: profile overrides for every record.
SimulationSpec simulation_spec(const LabRecord& r, const std::string& drive, const std::vector<std::string>& sets);
// One simulation per distinct run key among `records`.
LabRun run_lab_jobs(const std::vector<const LabRecord*>& records, const std::string& drive,
                    const std::vector<std::string>& sets, const Simulator& simulate);

// One record's prediction from a finished run: the value, its signed error against the
// measurement and whether that is within the record's tolerance.
struct RecordResult {
  double predicted = 0, error_pct = 0;
  double scored_error_pct = 0;  // what statistics count: error_pct, or for a lower bound its shortfall (<= 0)
  bool within = false;
  std::string bound_by;       // the run's busiest resource (ssdtwin.bottleneck), "" if not reported
  double bound_by_share = 0;  // its busy share over the run
  double average_w = 0;       // the run's average drive power (ssdtwin.power), 0 if not reported
  double mb_per_s_per_w = 0;  // its host MB/s (reads and writes) per average W
  double user_bytes = 0;      // the simulated drive's user capacity (its profile), 0 if not reported
};
RecordResult evaluate_record(const LabRecord& r, const LabRun& run);
// "pcie_up 99.9%": what bound the record's run, for tables ("-" when not reported).
std::string bound_by_text(const RecordResult& res);
// "prediction" or "fitted", with ", minimum" for a lower bound.
std::string record_role(const LabRecord& r);
// --records ID,ID,...: the records of `all` with those ids, in `all`'s order ("" keeps all).
// Throws InputError for an id that names none; `where` says what was searched.
std::vector<const LabRecord*> select_records(const std::vector<const LabRecord*>& all, const std::string& ids,
                                             const std::string& where);
// --tag T,T,...: the records of `all` that carry every one of the tags ("" keeps all).
// Throws InputError when none does, listing the tags the records carry.
std::vector<const LabRecord*> select_by_tags(const std::vector<const LabRecord*>& all, const std::string& tags,
                                             const std::string& where);
// The record and its result as compare and validate report them.
nlohmann::ordered_json record_json(const LabRecord& r, const std::string& drive, const RecordResult& res);

}  // namespace ssdtwin::lab
