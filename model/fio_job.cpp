#include "model/fio_job.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <sstream>

#include "model/input_error.h"

namespace ssdtwin::model {
namespace {

std::string trim(const std::string& s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return s.substr(a, b - a);
}
std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return s;
}

// Split "123k" into number and suffix; the number may be fractional.
std::pair<double, std::string> split_number(const std::string& v) {
  std::size_t i = 0;
  while (i < v.size() && (std::isdigit(static_cast<unsigned char>(v[i])) || v[i] == '.')) ++i;
  if (i == 0) throw std::invalid_argument("not a number");
  return {std::stod(v.substr(0, i)), lower(trim(v.substr(i)))};
}

const std::vector<std::string>& ignored_keys() {
  static const std::vector<std::string> k = {
      "ioengine", "filename", "thread", "invalidate", "buffered", "norandommap", "cpus_allowed",
      "cpus_allowed_policy", "numa_cpu_nodes", "numa_mem_policy", "gtod_reduce", "refill_buffers",
      "zero_buffers", "buffer_compress_percentage", "allow_mounted_write", "exitall", "iodepth_batch",
      "iodepth_batch_submit", "iodepth_batch_complete", "iodepth_batch_complete_min",
      "iodepth_batch_complete_max", "iodepth_low", "lat_percentiles", "clat_percentiles",
      "disable_lat", "disable_slat", "disable_clat", "fadvise_hint", "unified_rw_reporting",
      "hipri", "registerfiles", "fixedbufs", "sqthread_poll", "kb_base", "description"};
  return k;
}

const std::map<std::string, RwMode>& rw_values() {
  static const std::map<std::string, RwMode> m = {
      {"read", RwMode::Read},         {"write", RwMode::Write},      {"randread", RwMode::RandRead},
      {"randwrite", RwMode::RandWrite}, {"rw", RwMode::ReadWrite}, {"readwrite", RwMode::ReadWrite},
      {"randrw", RwMode::RandRW},   {"trim", RwMode::Trim},          {"randtrim", RwMode::RandTrim}};
  return m;
}

class Parser {
 public:
  explicit Parser(std::string path) : path_(std::move(path)) {}

  FioJobFile parse(const std::string& text) {
    FioJobFile out;
    out.path = path_;
    std::istringstream in(text);
    std::string raw;
    FioJob* target = nullptr;  // current job, or &global_
    while (std::getline(in, raw)) {
      ++line_;
      std::string s = trim(raw);
      if (s.empty() || s[0] == '#' || s[0] == ';') continue;
      if (s.front() == '[') {
        if (s.back() != ']' || s.size() < 3) fail("", "malformed section header; expected [name]");
        const std::string name = trim(s.substr(1, s.size() - 2));
        if (name == "global") {
          target = &global_;
        } else {
          out.jobs.push_back(global_);
          out.jobs.back().name = name;
          out.jobs.back().line = line_;
          target = &out.jobs.back();
        }
        continue;
      }
      if (!target) fail("", "option outside any section; put it under [global] or a [job]");
      const auto eq = s.find('=');
      const std::string key = lower(trim(s.substr(0, eq)));
      const std::string value = eq == std::string::npos ? "" : trim(s.substr(eq + 1));
      apply(*target, key, value, out);
    }
    if (out.jobs.empty()) fail("", "no job sections; a job file needs at least one [job]");
    for (const auto& j : out.jobs) check_job(j);
    return out;
  }

 private:
  [[noreturn]] void fail(const std::string& key, const std::string& msg) const {
    if (key.empty()) throw InputError(fmt::format("{}:{}: {}", path_, line_, msg));
    throw InputError(fmt::format("{}:{}: key '{}': {}", path_, line_, key, msg));
  }

  std::uint64_t size_value(const std::string& key, const std::string& v, bool allow_zero = false) {
    try {
      const std::uint64_t b = parse_fio_size(v);
      if (b == 0 && !allow_zero) fail(key, "must be greater than 0");
      return b;
    } catch (const std::invalid_argument&) {
      fail(key, fmt::format("'{}' is not a size; use a number with an optional suffix k, m, g, t (1024-based)", v));
    }
  }
  SizeSpec size_or_percent(const std::string& key, const std::string& v, bool allow_zero) {
    SizeSpec s;
    if (!v.empty() && v.back() == '%') {
      try {
        s.percent = std::stod(v.substr(0, v.size() - 1));
      } catch (const std::exception&) {
        fail(key, fmt::format("'{}' is not a percentage", v));
      }
      if (s.percent <= 0 || s.percent > 100) fail(key, "percentage must be in (0, 100]");
      return s;
    }
    s.bytes = size_value(key, v, allow_zero);
    return s;
  }
  std::uint64_t uint_value(const std::string& key, const std::string& v, std::uint64_t lo, std::uint64_t hi) {
    std::uint64_t x = 0;
    std::size_t used = 0;
    try {
      x = std::stoull(v, &used, 0);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != v.size() || v[0] == '-') fail(key, fmt::format("'{}' is not a whole number", v));
    if (x < lo || x > hi) fail(key, fmt::format("{} is out of range; allowed {}..{}", x, lo, hi));
    return x;
  }
  bool bool_value(const std::string& key, const std::string& v) {
    if (v.empty() || v == "1" || v == "true") return true;
    if (v == "0" || v == "false") return false;
    fail(key, fmt::format("'{}' is not a boolean; use 0 or 1", v));
  }
  TimePs time_value(const std::string& key, const std::string& v, bool default_us = false) {
    try {
      return parse_fio_time(v, default_us ? 1e6 : 1e12);
    } catch (const std::invalid_argument&) {
      fail(key, fmt::format("'{}' is not a time; use a number with an optional suffix us, ms, s, m, h (default {})", v,
                            default_us ? "us" : "s"));
    }
  }

  void apply(FioJob& j, const std::string& key, const std::string& v, FioJobFile& out) {
    if (key == "rw" || key == "readwrite") {
      const std::string m = lower(v);
      if (m.find(':') != std::string::npos) fail(key, "the ':N' offset modifier is not supported");
      const auto it = rw_values().find(m);
      if (it == rw_values().end()) {
        if (m == "trimwrite" || m == "randtrimwrite")
          fail(key, fmt::format("'{}' is not supported yet; use trim or randtrim", v));
        fail(key, fmt::format("'{}' is not allowed; use read, write, randread, randwrite, rw, readwrite, randrw, trim "
                              "or randtrim", v));
      }
      j.rw = it->second;
    } else if (key == "rwmixread") {
      j.rwmixread = static_cast<std::uint32_t>(uint_value(key, v, 0, 100));
    } else if (key == "rwmixwrite") {
      j.rwmixread = 100 - static_cast<std::uint32_t>(uint_value(key, v, 0, 100));
    } else if (key == "bs" || key == "blocksize") {
      if (v.find(',') != std::string::npos) fail(key, "separate read/write block sizes are not supported yet; give one size");
      j.bs = size_value(key, v);
    } else if (key == "iodepth") {
      j.iodepth = static_cast<std::uint32_t>(uint_value(key, v, 1, 65535));
    } else if (key == "numjobs") {
      j.numjobs = static_cast<std::uint32_t>(uint_value(key, v, 1, 4096));
    } else if (key == "size") {
      j.size = size_or_percent(key, v, false);
    } else if (key == "offset") {
      j.offset = size_or_percent(key, v, true);
    } else if (key == "runtime" || key == "timeout") {
      j.runtime_ps = time_value(key, v);
      if (j.runtime_ps == 0) fail(key, "must be greater than 0");
    } else if (key == "time_based") {
      j.time_based = bool_value(key, v);
    } else if (key == "ramp_time") {
      j.ramp_time_ps = time_value(key, v);
    } else if (key == "thinktime") {
      j.thinktime_ps = time_value(key, v, true);  // fio: microseconds unless a suffix says otherwise
    } else if (key == "thinktime_blocks") {
      j.thinktime_blocks = static_cast<std::uint32_t>(uint_value(key, v, 1, 1u << 30));
    } else if (key == "randrepeat") {
      j.randrepeat = bool_value(key, v);
    } else if (key == "randseed") {
      j.randseed = uint_value(key, v, 0, UINT64_MAX);
    } else if (key == "group_reporting") {
      j.group_reporting = bool_value(key, v);
    } else if (key == "stonewall" || key == "wait_for_previous" || key == "new_group") {
      j.stonewall = bool_value(key, v);
    } else if (key == "name") {
      if (v.empty()) fail(key, "needs a value");
      j.name = v;
    } else if (key == "direct") {
      if (!bool_value(key, v))
        fail(key, "direct=0 (page-cache I/O) has no meaning for a drive model; use direct=1");
    } else if (std::find(ignored_keys().begin(), ignored_keys().end(), key) != ignored_keys().end()) {
      if (std::find(out.ignored_keys.begin(), out.ignored_keys.end(), key) == out.ignored_keys.end())
        out.ignored_keys.push_back(key);
    } else {
      fail(key, "unknown or unsupported option; supported: rw, rwmixread, rwmixwrite, bs, iodepth, numjobs, "
                "size, offset, runtime, time_based, ramp_time, thinktime, thinktime_blocks, randrepeat, randseed, group_reporting, "
                "stonewall, name, direct (plus host-only keys such as ioengine and filename, ignored)");
    }
  }

  void check_job(const FioJob& j) const {
    if (j.time_based && j.runtime_ps == 0)
      throw InputError(fmt::format("{}:{}: job '{}': time_based needs a runtime", path_, j.line, j.name));
  }

  std::string path_;
  int line_ = 0;
  FioJob global_;
};

}  // namespace

std::uint64_t parse_fio_size(const std::string& v) {
  const auto [num, suffix] = split_number(trim(v));
  static const std::map<std::string, double> mult = {
      {"", 1.0},     {"b", 1.0},          {"k", 1024.0},          {"kb", 1024.0},           {"kib", 1024.0},
      {"m", 1048576.0}, {"mb", 1048576.0}, {"mib", 1048576.0},  {"g", 1073741824.0},      {"gb", 1073741824.0},
      {"gib", 1073741824.0}, {"t", 1099511627776.0}, {"tb", 1099511627776.0}, {"tib", 1099511627776.0}};
  const auto it = mult.find(suffix);
  if (it == mult.end()) throw std::invalid_argument("bad suffix");
  return static_cast<std::uint64_t>(num * it->second);
}

TimePs parse_fio_time(const std::string& v, double default_unit_ps) {
  const auto [num, suffix] = split_number(trim(v));
  static const std::map<std::string, double> ps = {
      {"", 0},  {"s", 1e12},   {"sec", 1e12},  {"us", 1e6},     {"usec", 1e6},   {"ms", 1e9},
      {"msec", 1e9}, {"m", 60e12}, {"min", 60e12}, {"h", 3600e12}, {"hr", 3600e12}};
  const auto it = ps.find(suffix);
  if (it == ps.end()) throw std::invalid_argument("bad suffix");
  return static_cast<TimePs>(num * (suffix.empty() ? default_unit_ps : it->second));
}

FioJobFile parse_fio_job_text(const std::string& text, const std::string& path) {
  return Parser(path).parse(text);
}

FioJobFile parse_fio_job_file(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw InputError(fmt::format("{}: cannot open job file", path));
  std::stringstream ss;
  ss << f.rdbuf();
  return parse_fio_job_text(ss.str(), path);
}

const char* rw_name(RwMode m) {
  switch (m) {
    case RwMode::Read: return "read";
    case RwMode::Write: return "write";
    case RwMode::RandRead: return "randread";
    case RwMode::RandWrite: return "randwrite";
    case RwMode::ReadWrite: return "rw";
    case RwMode::RandRW: return "randrw";
    case RwMode::Trim: return "trim";
    case RwMode::RandTrim: return "randtrim";
  }
  return "?";
}

}  // namespace ssdtwin::model
