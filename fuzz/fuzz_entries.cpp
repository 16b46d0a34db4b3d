#include "fuzz/fuzz_entries.h"

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include "config/config_loader.h"
#include "workload/fio_job.h"
#include "config/input_error.h"
#include "lab/lab.h"
#include "workload/trace.h"

namespace ssdtwin::fuzz {
namespace fs = std::filesystem;
namespace {

// The loaders take paths (profiles name their NAND part and base profile, lab files their
// jobs and profiles, relative to themselves): inputs go to files in a private folder.
const fs::path& work_dir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("ssdtwin-fuzz-" + std::to_string(getpid()));
    fs::create_directories(d / "lab");
    return d;
  }();
  return dir;
}

fs::path put(const std::string& name, const std::uint8_t* data, std::size_t size) {
  const fs::path p = work_dir() / name;
  std::ofstream(p, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), std::streamsize(size));
  return p;
}

// A valid NAND part and drive next to the fuzzed file, so a fuzzed drive can name a real
// part and a fuzzed part can be loaded through a real drive.
void put_fixed_profiles() {
  static bool done = false;
  if (done) return;
  done = true;
  const std::string nand =
      "[nand]\nname = \"fuzz part\"\n[geometry]\ndie_capacity_gbit = 1\nplanes_per_die = 2\nblocks_per_plane = 64\n"
      "pages_per_block = 96\npage_bytes = 16384\nspare_bytes = 2048\nbits_per_cell = 3\n[timing]\ntR_us = 45.0\n"
      "tPROG_us = 1800.0\ntBERS_us = 5000.0\necc_decode_us = 2.0\ncmd_overhead_ns = 300.0\n[bus]\nrate_mts = 2400\n"
      "width_bits = 8\n[endurance]\npe_cycles = 3000\n";
  std::ofstream(work_dir() / "tiny-nand.toml") << nand;
  std::ofstream(work_dir() / "fixed-drive.toml")
      << "[drive]\nname = \"fuzz drive\"\nnand_profile = \"fuzzed-nand.toml\"\n[capacity]\nuser_bytes = 75_497_472\n"
         "raw_bytes_nominal = 100_663_296\n[topology]\nchannels = 2\ndies_per_channel = 2\n";
}

}  // namespace

const std::vector<TargetInfo>& targets() {
  static const std::vector<TargetInfo> t = {
      {Target::DriveProfile,
       "drive_profile",
       {"scenarios/drives", "scenarios/drives/base", "tests/data/tiny-drive.toml", "tests/data/scale-drive.toml",
        "tests/data/waf-drive.toml"}},
      {Target::NandProfile,
       "nand_profile",
       {"scenarios/nand", "tests/data/tiny-nand.toml", "tests/data/scale-nand.toml", "tests/data/waf-nand.toml"}},
      {Target::FioJob,
       "fio_job",
       {"scenarios/jobs", "scenarios/jobs/vdbench", "scenarios/jobs/gdsio", "scenarios/workloads", "tests/cli/data"}},
      {Target::Trace, "trace", {"tests/data/traces", "tests/cli/data/bad-trace.iolog", "tests/cli/data/unknown.trace"}},
      {Target::LabFile, "lab_file", {"scenarios/lab"}},
      {Target::FioResult, "fio_result", {"fuzz/seeds/fio_result"}},
  };
  return t;
}

void run_one(Target t, const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    switch (t) {
      case Target::DriveProfile:
        put_fixed_profiles();
        config::load_profile(put("fuzzed-drive.toml", data, size).string());
        break;
      case Target::NandProfile:
        put_fixed_profiles();
        put("fuzzed-nand.toml", data, size);
        config::load_profile((work_dir() / "fixed-drive.toml").string());
        break;
      case Target::FioJob:
        workload::parse_fio_job_text(text, (work_dir() / "fuzzed.fio").string());
        break;
      case Target::Trace:
        workload::parse_trace_text(text, "fuzzed.trace");
        break;
      case Target::LabFile:
        lab::load_lab_file(put("lab/fuzzed-lab.toml", data, size).string());
        break;
      case Target::FioResult: {
        // What `lab import-fio` does with a result file: parse, then read every metric.
        nlohmann::json j;
        try {
          j = nlohmann::json::parse(text);
        } catch (const nlohmann::json::exception&) {
          return;  // import-fio reports "not JSON (...)" with the file name, as for any parse failure
        }
        for (const std::string& m : lab::lab_metrics()) lab::metric_from_fio_json(j, m);
        break;
      }
    }
  } catch (const config::InputError&) {
    // Rejected with a message naming file, line and key: the wanted outcome for bad input.
  }
}

}  // namespace ssdtwin::fuzz
