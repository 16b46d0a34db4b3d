// fio job files: the subset of fio's options that shape a block workload, parsed with fio's
// own rules ([global] sections, key=value, size and time suffixes). Keys that only matter
// to a real host (ioengine, filename, ...) are accepted and listed once as ignored.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/time.h"

namespace ssdtwin::model {

enum class RwMode { Read, Write, RandRead, RandWrite, ReadWrite, RandRW, Trim, RandTrim };

struct SizeSpec {
  std::uint64_t bytes = 0;
  double percent = 0;  // > 0: percentage of the device
  std::uint64_t resolve(std::uint64_t device_bytes) const {
    return percent > 0 ? static_cast<std::uint64_t>(device_bytes * percent / 100.0) : bytes;
  }
};

struct FioJob {
  std::string name;
  int line = 0;  // line of the job's [section] header
  RwMode rw = RwMode::Read;
  std::uint32_t rwmixread = 50;
  std::uint64_t bs = 4096;
  std::uint32_t iodepth = 1;
  std::uint32_t numjobs = 1;
  std::optional<SizeSpec> size, offset;
  TimePs runtime_ps = 0;
  bool time_based = false;
  TimePs ramp_time_ps = 0;
  // After every thinktime_blocks I/Os the job waits for all of them to complete, then
  // idles thinktime before issuing again (fio's thinktime with thinktime_blocks_type=complete).
  TimePs thinktime_ps = 0;
  std::uint32_t thinktime_blocks = 1;
  bool randrepeat = true;
  std::uint64_t randseed = 0;
  bool group_reporting = false;
  bool stonewall = false;

  bool is_random() const {
    return rw == RwMode::RandRead || rw == RwMode::RandWrite || rw == RwMode::RandRW || rw == RwMode::RandTrim;
  }
  bool is_trim() const { return rw == RwMode::Trim || rw == RwMode::RandTrim; }
  bool is_mixed() const { return rw == RwMode::ReadWrite || rw == RwMode::RandRW; }
  std::uint32_t read_percent() const {
    if (rw == RwMode::Read || rw == RwMode::RandRead) return 100;
    if (rw == RwMode::Write || rw == RwMode::RandWrite || is_trim()) return 0;
    return rwmixread;
  }
};

struct FioJobFile {
  std::string path;
  std::vector<FioJob> jobs;
  std::vector<std::string> ignored_keys;  // accepted, no meaning for a model
};

// Throws InputError naming file, line and key.
FioJobFile parse_fio_job_text(const std::string& text, const std::string& path);
FioJobFile parse_fio_job_file(const std::string& path);

// fio value syntax, exposed for tests and --set.
std::uint64_t parse_fio_size(const std::string& v);  // throws std::invalid_argument
TimePs parse_fio_time(const std::string& v, double default_unit_ps = 1e12);  // a bare number is in that unit

const char* rw_name(RwMode m);

}  // namespace ssdtwin::model
