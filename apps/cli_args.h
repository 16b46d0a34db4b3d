// Minimal, strict argument parsing for the ssdtwin command line: every unknown flag or
// missing value is an error naming the flag.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "config/drive_config.h"
#include "config/layout.h"

namespace ssdtwin::cli {

// Exit statuses (README, "Exit status").
constexpr int kExitMiss = 1;       // validate --strict: a record outside its tolerance
constexpr int kExitInput = 2;      // bad input: profile, job file, trace, lab file, flag
constexpr int kExitIntegrity = 3;  // data integrity: a --verify mismatch, acknowledged writes lost
constexpr int kExitOutput = 4;     // an output could not be written (full disk, missing directory)
constexpr int kExitInternal = 5;   // a bug: please report it

struct Args {
  std::string command;
  std::vector<std::string> positional;
  std::map<std::string, std::string> single;  // --flag value / --flag=value
  std::vector<std::string> sets;              // repeatable --set
  std::vector<std::string> job_sets;          // repeatable --job-set (run)
  std::vector<std::string> fits;              // repeatable --fit (calibrate)
  std::vector<std::string> sbatch_args;       // repeatable --sbatch-arg (sweep --backend slurm)
  std::vector<std::string> bools;             // --flag without value
  bool has(const std::string& flag) const;    // a boolean --flag was given
  // The value of --flag, or "" when it was not given.
  std::string get(const std::string& flag) const {
    const auto it = single.find(flag);
    return it == single.end() ? std::string() : it->second;
  }
};

// flags_with_value / bool_flags name what this command accepts; throws InputError.
Args parse_args(int argc, char** argv, const std::vector<std::string>& flags_with_value,
                const std::vector<std::string>& bool_flags);

// --output-format: one of `allowed` (the first is the default); anything else is an
// InputError listing them.
std::string output_format(const Args& a, const std::vector<std::string>& allowed = {"normal", "json"});

// The items of a comma-separated option value ("a,b" -> a, b; "" -> none; empty items kept
// except a trailing one, as std::getline splits).
std::vector<std::string> split_list(const std::string& v);

// A whole number in lo..hi for `flag`; throws InputError naming the flag and the range.
std::uint32_t parse_uint(const std::string& flag, const std::string& v, std::uint32_t lo, std::uint32_t hi);

// The layout for --scale N, or for the automatic scale (mapping tables within 1 GiB);
// a scale the drive cannot take is an InputError naming --scale.
config::Layout layout_from_args(const config::DriveConfig& cfg, const Args& a);

// A fio-syntax time (250ms, 2s) given to `flag`; anything else (empty included) is an
// InputError naming the flag and the value, with `hint` appended.
TimePs parse_time(const std::string& flag, const std::string& v, const char* hint = "");

// Refuses a run whose tables would not fit in memory, before they are allocated (the
// kernel would otherwise kill the process part-way). Counts L2P + P2L, plus the --verify
// tags (8 B per physical IU, 9 B per LPN) when `verify`. Available memory is /proc/meminfo's
// MemAvailable, or SSDTWIN_MEMORY_LIMIT_MIB when set (a cap on a shared machine).
void check_memory(const config::Layout& l, bool verify);
// Peak memory of one simulation, estimated before anything is allocated: the mapping tables,
// the --verify tags and 128 MiB for the rest (a saved state streams through 1 MiB).
std::uint64_t memory_estimate_bytes(const config::Layout& l, bool verify);
// The stderr line before a run: its scale (why, when chosen automatically) and memory estimate.
std::string scale_note(const config::DriveConfig& cfg, const config::Layout& l, bool automatic,
                       std::uint64_t memory_bytes);
// SSDTWIN_MEMORY_LIMIT_MIB if set (a budget for everything ssdtwin runs), else the
// kernel's MemAvailable; 0 when unknown.
std::uint64_t available_memory_bytes();

}  // namespace ssdtwin::cli
