// validate: every selected lab record run through the model and scored against its
// tolerance, with error statistics per drive, over all records and over predictions only
// (records no parameter was fitted to), each miss with its recorded cause, and optionally
// the queue-depth curves. The command line prints the report; tests inject simulations.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lab/lab.h"
#include "lab/runner.h"

namespace ssdtwin::lab {

struct ValidateOptions {
  std::string drive_name;         // keep lab files whose drive contains this text ("": all)
  std::string records, tags;      // comma lists as --records / --tag take them ("": all)
  bool curves = false;            // also simulate and report the files' [[curve]] tables
  std::vector<std::string> sets;  // profile overrides for every simulation
};

struct ValidateReport {
  nlohmann::ordered_json json;  // records, summary, curves (when asked), wallclock
  std::string text;             // the table, summaries, misses and curves as printed
  std::string markdown;         // the table for docs/validation.md, misses and summary
  std::size_t counted = 0, misses = 0, excluded = 0, simulations = 0;
};

// Throws InputError when the options select no record.
ValidateReport validate(const std::vector<LabFile>& labs, const ValidateOptions& opt, const Simulator& simulate);

}  // namespace ssdtwin::lab
