// fio job files: the subset of fio's options that shape a block workload, parsed with fio's
// own rules ([global] sections, key=value, size and time suffixes). Keys that only matter
// to a real host (ioengine, filename, ...) are accepted and listed once as ignored.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "workload/fio_logs.h"
#include "workload/trace.h"
#include "sim/time.h"

namespace ssdtwin::workload {

enum class RwMode { Read, Write, RandRead, RandWrite, ReadWrite, RandRW, Trim, RandTrim };

struct SizeSpec {
  std::uint64_t bytes = 0;
  double percent = 0;  // > 0: percentage of the device
  std::uint64_t resolve(std::uint64_t device_bytes) const {
    return percent > 0 ? static_cast<std::uint64_t>(device_bytes * percent / 100.0) : bytes;
  }
};

// Direction index for fio's comma-separated per-direction values (bs=8k,32k: reads, writes, trims).
enum Dir : std::uint32_t { kDirRead = 0, kDirWrite = 1, kDirTrim = 2 };

// Block sizes of one direction: bs (one entry), bssplit (weighted entries) or bsrange
// (range_lo..range_hi in multiples of range_lo, uniformly, as fio without bs_unaligned).
struct BlockSizes {
  struct Weight {
    std::uint64_t bytes = 0;
    double percent = 0;
  };
  std::vector<Weight> split = {{4096, 100.0}};
  std::uint64_t range_lo = 0, range_hi = 0;  // range_hi > 0: bsrange
  bool is_range() const { return range_hi > 0; }
  std::uint64_t min() const;
  std::uint64_t max() const;
};

// fio's random_distribution. Zipf and pareto scatter their hot blocks over the region (fio
// hashes them; ssdtwin uses a bijective multiplicative permutation) unless center >= 0
// places the hottest block there; normal is centred at `center` (default 0.5) with its
// standard deviation `param` percent of the region; zoned/zoned_abs draw a zone by its
// access share, then a block uniformly inside it.
enum class RandDist { Uniform, Zipf, Pareto, Normal, Zoned, ZonedAbs };
struct RandomDistribution {
  struct Zone {
    double access_pct = 0;
    double size_pct = 0;           // zoned
    std::uint64_t size_bytes = 0;  // zoned_abs
  };
  RandDist kind = RandDist::Uniform;
  double param = 0;    // zipf theta, pareto power, normal deviation (percent)
  double center = -1;  // 0..1, or < 0: fio's default (random for zipf/pareto, 0.5 for normal)
  std::vector<Zone> zones;
};

struct FioJob {
  std::string name;
  int line = 0;  // line of the job's [section] header
  RwMode rw = RwMode::Read;
  std::uint32_t rwmixread = 50;
  BlockSizes bs[3];  // per Dir
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
  RandomDistribution random_distribution;
  std::uint32_t percentage_random = 100;  // of a random job's I/Os; the rest continue sequentially
  // fio rate/rate_iops per direction (reads, writes): each direction's issues are spaced so
  // its average does not exceed the cap. 0: no cap.
  double rate_bytes_per_s[2] = {0, 0};
  double rate_iops[2] = {0, 0};
  std::uint64_t number_ios = 0;     // per clone; 0: no limit (not scaled with --scale: a count)
  std::optional<SizeSpec> io_size;  // per clone: bytes to transfer (scaled like size)
  std::uint32_t loops = 1;          // size-based jobs repeat the region this many times
  LogSettings logs;                 // write_bw_log, write_iops_log, write_lat_log, log_avg_msec, ...
  // read_iolog: replay this trace instead of generating I/O. Open loop (the trace's times,
  // scaled by replay_time_scale %) unless replay_no_stall or the trace has no times.
  std::shared_ptr<const Trace> trace;
  // zonemode=strided: I/O stays in one zone of zonerange bytes until zonesize bytes have
  // moved, then skips zoneskip bytes to the next zone (all divided by --scale, like size).
  bool zone_strided = false;
  std::uint64_t zonerange = 0, zonesize = 0, zoneskip = 0;  // zonerange 0: = zonesize
  bool replay_no_stall = false;
  std::uint32_t replay_time_scale = 100;

  bool uses_dir(std::uint32_t d) const {
    if (is_trim()) return d == kDirTrim;
    return d == kDirRead ? read_percent() > 0 : d == kDirWrite && read_percent() < 100;
  }
  // Block-size bounds over the directions the job issues.
  std::uint64_t min_bs() const;
  std::uint64_t max_bs() const;

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
// KEY=VALUE fio options applied to every job of `f` (ssdtwin run --job-set; sweep's job
// keys), as if each job section ended with them. Throws InputError naming the option.
void apply_job_overrides(FioJobFile& f, const std::vector<std::string>& options);

// fio value syntax, exposed for tests and --set.
std::uint64_t parse_fio_size(const std::string& v);  // throws std::invalid_argument
// A time past what a run may plan (TimePs holds 213 days; a run plans at most 10^6 s).
struct TimeOutOfRange : std::invalid_argument {
  TimeOutOfRange()
      : std::invalid_argument("at or past 1000000 s (11.6 days): a run plans less simulated time than that") {}
};
// A bare number is in default_unit_ps; throws TimeOutOfRange or std::invalid_argument.
TimePs parse_fio_time(const std::string& v, double default_unit_ps = 1e12);

const char* rw_name(RwMode m);

// "FILE:LINE: job 'NAME'": how errors about one job name it.
std::string job_where(const std::string& path, const FioJob& j);

}  // namespace ssdtwin::workload
