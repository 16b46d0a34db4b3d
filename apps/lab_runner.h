// Runs the distinct jobs of a lab file through the model, each in its own `ssdtwin run`
// process (SystemC elaborates once per process), up to `parallel` at a time. Shared by
// `compare` and `calibrate`.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lab/lab.h"

namespace ssdtwin::apps {

struct LabRun {
  std::map<std::string, nlohmann::json> outputs;  // LabRecord::run_key() -> ssdtwin run JSON
  std::size_t simulations = 0;
  double wall_s = 0;
};

// Throws std::runtime_error (with the failing simulation's stderr) if any run fails.
// `drive`: a profile to use instead of each record's own ("" keeps the records').
LabRun run_lab_jobs(const std::vector<const lab::LabRecord*>& records, const std::string& drive,
                    const std::vector<std::string>& sets, int parallel);

// One record's prediction from a finished run: the value, its signed error against the
// measurement and whether that is within the record's tolerance.
struct RecordResult {
  double predicted = 0, error_pct = 0;
  double scored_error_pct = 0;  // what statistics count: error_pct, or for a lower bound its shortfall (<= 0)
  bool within = false;
};
RecordResult evaluate_record(const lab::LabRecord& r, const LabRun& run);
// "prediction" or "fitted", with ", minimum" for a lower bound.
std::string record_role(const lab::LabRecord& r);
// --records ID,ID,...: the records of `all` with those ids, in `all`'s order ("" keeps all).
// Throws InputError for an id that names none; `where` says what was searched.
std::vector<const lab::LabRecord*> select_records(const std::vector<const lab::LabRecord*>& all,
                                                    const std::string& ids, const std::string& where);
// --tag T,T,...: the records of `all` that carry every one of the tags ("" keeps all).
// Throws InputError when none does, listing the tags the records carry.
std::vector<const lab::LabRecord*> select_by_tags(const std::vector<const lab::LabRecord*>& all,
                                                    const std::string& tags, const std::string& where);
// The record and its result as compare and validate report them.
nlohmann::ordered_json record_json(const lab::LabRecord& r, const std::string& drive, const RecordResult& res);

// --jobs N: 1..256; default 2.
int parse_parallel(const std::map<std::string, std::string>& single);

}  // namespace ssdtwin::apps
