// The fio job keys the model reads, as a table: names (with fio's aliases) and what each
// sets in a FioJob. Host-only keys (ioengine, filename, verify, ...) are accepted and
// listed as ignored; anything else fails naming the supported keys.
#include <algorithm>
#include <filesystem>
#include <fmt/format.h>
#include <map>

#include "config/path_exists.h"
#include "workload/fio_parser.h"

namespace ssdtwin::workload {
namespace {

using P = FioParser;
using S = const std::string&;

struct FioKey {
  const char* name;  // as the unknown-key message lists it
  std::vector<const char*> aliases;
  void (*apply)(P& p, FioJob& j, S key, S v);
  const char* shown = nullptr;  // listed instead of `name` when set
};

const std::vector<std::string>& ignored_keys() {
  static const std::vector<std::string> k = {
      "ioengine", "filename", "thread", "invalidate", "buffered", "norandommap", "cpus_allowed", "cpus_allowed_policy",
      "numa_cpu_nodes", "numa_mem_policy", "gtod_reduce", "refill_buffers", "zero_buffers",
      "buffer_compress_percentage", "allow_mounted_write", "exitall", "iodepth_batch", "iodepth_batch_submit",
      "iodepth_batch_complete", "iodepth_batch_complete_min", "iodepth_batch_complete_max", "iodepth_low",
      "lat_percentiles", "clat_percentiles", "disable_lat", "disable_slat", "disable_clat", "fadvise_hint",
      "unified_rw_reporting", "hipri", "registerfiles", "fixedbufs", "sqthread_poll", "kb_base", "description",
      "random_generator", "replay_redirect", "read_iolog_chunked",
      // Data verification checks a real device's data; the model moves no payload (see
      // `ssdtwin run --help`), so verify options are accepted and listed as ignored.
      "verify", "do_verify", "verify_pattern", "verify_interval", "verify_backlog", "verify_fatal", "verify_async",
      "verify_offset", "verify_dump", "verify_state_save", "verify_state_load"};
  return k;
}

const std::map<std::string, RwMode>& rw_values() {
  static const std::map<std::string, RwMode> m = {
      {"read", RwMode::Read},           {"write", RwMode::Write},  {"randread", RwMode::RandRead},
      {"randwrite", RwMode::RandWrite}, {"rw", RwMode::ReadWrite}, {"readwrite", RwMode::ReadWrite},
      {"randrw", RwMode::RandRW},       {"trim", RwMode::Trim},    {"randtrim", RwMode::RandTrim}};
  return m;
}

void set_rw(P& p, FioJob& j, S key, S v) {
  const std::string m = lower(v);
  if (m.find(':') != std::string::npos) p.fail(key, "the ':N' offset modifier is not supported");
  const auto it = rw_values().find(m);
  if (it == rw_values().end()) {
    if (m == "trimwrite" || m == "randtrimwrite")
      p.fail(key, fmt::format("'{}' is not supported yet; use trim or randtrim", v));
    p.fail(key, fmt::format("'{}' is not allowed; use read, write, randread, randwrite, rw, readwrite, randrw, trim "
                            "or randtrim",
                            v));
  }
  j.rw = it->second;
}

// fio opens a trace relative to the working directory; a job file's own traces are also
// found next to it.
void set_read_iolog(P& p, FioJob& j, S key, S v) {
  if (v.empty()) p.fail(key, "needs a trace file");
  if (v.find(':') != std::string::npos) p.fail(key, "one trace per job (':'-separated lists are not supported)");
  namespace fs = std::filesystem;
  fs::path f(v);
  if (f.is_relative() && !config::path_exists(f)) f = fs::path(p.path()).parent_path() / f;
  if (!config::path_exists(f))
    p.fail(key, fmt::format("cannot open trace '{}' (looked in the working directory and next to the job file)", v));
  j.trace = load_trace(f.string());
}

void set_zonemode(P& p, FioJob& j, S key, S v) {
  const std::string m = lower(v);
  if (m == "zbd") p.fail(key, "'zbd' (zoned block devices) is not modelled; use none or strided");
  if (m != "none" && m != "strided") p.fail(key, fmt::format("'{}' is not allowed; use none or strided", v));
  j.zone_strided = m == "strided";
}

// In the order the unknown-key message lists them.
const std::vector<FioKey>& fio_keys() {
  static const std::vector<FioKey> keys = {
      {"rw", {"readwrite"}, set_rw},
      {"rwmixread", {}, [](P& p, FioJob& j, S k, S v) { j.rwmixread = p.u32_value(k, v, 0, 100); }},
      {"rwmixwrite", {}, [](P& p, FioJob& j, S k, S v) { j.rwmixread = 100 - p.u32_value(k, v, 0, 100); }},
      {"bs",
       {"blocksize"},
       [](P& p, FioJob& j, S k, S v) {
         p.per_dir(k, v, 3, [&](std::uint32_t d, S part) { j.bs[d] = BlockSizes{{{p.size_value(k, part), 100.0}}}; });
       }},
      {"bsrange",
       {"blocksize_range"},
       [](P& p, FioJob& j, S k, S v) {
         p.per_dir(k, v, 3, [&](std::uint32_t d, S part) { j.bs[d] = p.bs_range(k, part); });
       }},
      {"bssplit",
       {},
       [](P& p, FioJob& j, S k, S v) {
         p.per_dir(k, v, 3, [&](std::uint32_t d, S part) { j.bs[d] = p.bs_split(k, part); });
       }},
      {"random_distribution", {}, [](P& p, FioJob& j, S k, S v) { j.random_distribution = p.distribution(k, v); }},
      {"percentage_random",
       {},
       [](P& p, FioJob& j, S k, S v) {
         if (v.find(',') != std::string::npos) p.fail(k, "per-direction values are not supported; give one percentage");
         j.percentage_random = p.u32_value(k, v, 0, 100);
       }},
      {"rate",
       {},
       [](P& p, FioJob& j, S k, S v) {
         p.per_dir(k, v, 2, [&](std::uint32_t d, S part) { j.rate_bytes_per_s[d] = double(p.size_value(k, part)); });
       }},
      {"rate_iops",
       {},
       [](P& p, FioJob& j, S k, S v) {
         p.per_dir(k, v, 2,
                   [&](std::uint32_t d, S part) { j.rate_iops[d] = double(p.uint_value(k, part, 1, 1ull << 40)); });
       }},
      {"number_ios", {}, [](P& p, FioJob& j, S k, S v) { j.number_ios = p.uint_value(k, v, 1, UINT64_MAX); }},
      {"io_size", {"io_limit"}, [](P& p, FioJob& j, S k, S v) { j.io_size = p.size_or_percent(k, v, false); }},
      {"loops", {}, [](P& p, FioJob& j, S k, S v) { j.loops = p.u32_value(k, v, 1, 1u << 20); }},
      {"write_bw_log", {}, [](P&, FioJob& j, S, S v) { j.logs.bw = true, j.logs.bw_name = v; }},
      {"write_iops_log", {}, [](P&, FioJob& j, S, S v) { j.logs.iops = true, j.logs.iops_name = v; }},
      {"write_lat_log", {}, [](P&, FioJob& j, S, S v) { j.logs.lat = true, j.logs.lat_name = v; }},
      {"log_avg_msec", {}, [](P& p, FioJob& j, S k, S v) { j.logs.avg_msec = p.u32_value(k, v, 0, 3600000); }},
      {"log_max_value", {}, [](P& p, FioJob& j, S k, S v) { j.logs.max_value = p.bool_value(k, v); }},
      {"log_offset", {}, [](P& p, FioJob& j, S k, S v) { j.logs.offset = p.bool_value(k, v); }},
      {"per_job_logs", {}, [](P& p, FioJob& j, S k, S v) { j.logs.per_job = p.bool_value(k, v); }},
      {"read_iolog", {}, set_read_iolog},
      {"replay_no_stall", {}, [](P& p, FioJob& j, S k, S v) { j.replay_no_stall = p.bool_value(k, v); }},
      {"replay_time_scale", {}, [](P& p, FioJob& j, S k, S v) { j.replay_time_scale = p.u32_value(k, v, 1, 1000000); }},
      {"zonemode", {}, set_zonemode, "zonemode=strided"},
      {"zonerange", {}, [](P& p, FioJob& j, S k, S v) { j.zonerange = p.size_value(k, v); }},
      {"zonesize", {}, [](P& p, FioJob& j, S k, S v) { j.zonesize = p.size_value(k, v); }},
      {"zoneskip",
       {},
       [](P& p, FioJob& j, S k, S v) {
         if (!v.empty() && std::tolower(static_cast<unsigned char>(v.back())) == 'z')
           p.fail(k, "a count of zones ('z' suffix) is not supported; give bytes");
         j.zoneskip = p.size_value(k, v, true);
       }},
      {"iodepth", {}, [](P& p, FioJob& j, S k, S v) { j.iodepth = p.u32_value(k, v, 1, 65535); }},
      {"numjobs", {}, [](P& p, FioJob& j, S k, S v) { j.numjobs = p.u32_value(k, v, 1, 4096); }},
      {"size", {}, [](P& p, FioJob& j, S k, S v) { j.size = p.size_or_percent(k, v, false); }},
      {"offset", {}, [](P& p, FioJob& j, S k, S v) { j.offset = p.size_or_percent(k, v, true); }},
      {"runtime",
       {"timeout"},
       [](P& p, FioJob& j, S k, S v) {
         j.runtime_ps = p.time_value(k, v);
         if (j.runtime_ps == 0) p.fail(k, "must be greater than 0");
       }},
      {"time_based", {}, [](P& p, FioJob& j, S k, S v) { j.time_based = p.bool_value(k, v); }},
      {"ramp_time", {}, [](P& p, FioJob& j, S k, S v) { j.ramp_time_ps = p.time_value(k, v); }},
      // fio: thinktime is in microseconds unless a suffix says otherwise.
      {"thinktime", {}, [](P& p, FioJob& j, S k, S v) { j.thinktime_ps = p.time_value(k, v, true); }},
      {"thinktime_blocks", {}, [](P& p, FioJob& j, S k, S v) { j.thinktime_blocks = p.u32_value(k, v, 1, 1u << 30); }},
      {"randrepeat", {}, [](P& p, FioJob& j, S k, S v) { j.randrepeat = p.bool_value(k, v); }},
      {"randseed", {}, [](P& p, FioJob& j, S k, S v) { j.randseed = p.uint_value(k, v, 0, UINT64_MAX); }},
      {"group_reporting", {}, [](P& p, FioJob& j, S k, S v) { j.group_reporting = p.bool_value(k, v); }},
      {"stonewall",
       {"wait_for_previous", "new_group"},
       [](P& p, FioJob& j, S k, S v) { j.stonewall = p.bool_value(k, v); }},
      {"name",
       {},
       [](P& p, FioJob& j, S k, S v) {
         if (v.empty()) p.fail(k, "needs a value");
         j.name = v;
       }},
      {"direct",
       {},
       [](P& p, FioJob&, S k, S v) {
         if (!p.bool_value(k, v)) p.fail(k, "direct=0 (page-cache I/O) has no meaning for a drive model; use direct=1");
       }},
  };
  return keys;
}

const FioKey* find_fio_key(const std::string& key) {
  for (const FioKey& k : fio_keys()) {
    if (key == k.name) return &k;
    for (const char* a : k.aliases)
      if (key == a) return &k;
  }
  return nullptr;
}

std::string supported_keys() {
  std::string s;
  for (const FioKey& k : fio_keys()) s += std::string(s.empty() ? "" : ", ") + (k.shown ? k.shown : k.name);
  return s + ", include (plus host-only keys such as ioengine, filename and verify, ignored)";
}

}  // namespace

void FioParser::apply(FioJob& j, const std::string& key, const std::string& v, FioJobFile& out) {
  if (const FioKey* k = find_fio_key(key)) return k->apply(*this, j, key, v);
  if (std::find(ignored_keys().begin(), ignored_keys().end(), key) != ignored_keys().end()) {
    if (std::find(out.ignored_keys.begin(), out.ignored_keys.end(), key) == out.ignored_keys.end())
      out.ignored_keys.push_back(key);
    return;
  }
  fail(key, "unknown or unsupported option; supported: " + supported_keys());
}

}  // namespace ssdtwin::workload
