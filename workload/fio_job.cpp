#include "workload/fio_job.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <sstream>
#include <filesystem>

#include "config/input_error.h"
#include "config/path_exists.h"
#include "config/parse_number.h"

namespace ssdtwin::workload {
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

// "a:b:" -> {"a", "b", ""}: every part, trimmed, empty ones kept (they mean "default").
std::vector<std::string> split_trimmed(const std::string& v, char sep) {
  std::vector<std::string> parts;
  for (std::size_t a = 0;;) {
    const std::size_t c = v.find(sep, a);
    parts.push_back(trim(v.substr(a, c == std::string::npos ? std::string::npos : c - a)));
    if (c == std::string::npos) return parts;
    a = c + 1;
  }
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
      "hipri", "registerfiles", "fixedbufs", "sqthread_poll", "kb_base", "description", "random_generator",
      "replay_redirect", "read_iolog_chunked",
      // Data verification checks a real device's data; the model moves no payload (see
      // `ssdtwin run --help`), so verify options are accepted and listed as ignored.
      "verify", "do_verify", "verify_pattern", "verify_interval", "verify_backlog", "verify_fatal",
      "verify_async", "verify_offset", "verify_dump", "verify_state_save", "verify_state_load"};
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
    FioJob* target = nullptr;  // current job, or &global_
    parse_text(text, out, target, 0);
    if (out.jobs.empty()) fail("", "no job sections; a job file needs at least one [job]");
    for (const auto& j : out.jobs) check_job(j);
    return out;
  }

 private:
  // One file's lines; `depth` > 0 inside an include, where fio allows no [sections].
  void parse_text(const std::string& text, FioJobFile& out, FioJob*& target, int depth) {
    std::istringstream in(text);
    std::string raw;
    while (std::getline(in, raw)) {
      ++line_;
      std::string s = trim(raw);
      if (s.empty() || s[0] == '#' || s[0] == ';') continue;
      if (s.front() == '[') {
        if (depth > 0) fail("", "an included file may not contain [sections] (fio's rule)");
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
      if (s.rfind("include", 0) == 0 && s.size() > 7 && std::isspace(static_cast<unsigned char>(s[7])) &&
          s.find('=') == std::string::npos) {
        include(trim(s.substr(8)), out, target, depth);
        continue;
      }
      if (!target) fail("", "option outside any section; put it under [global] or a [job]");
      const auto eq = s.find('=');
      const std::string key = lower(trim(s.substr(0, eq)));
      const std::string value = eq == std::string::npos ? "" : expand_env(trim(s.substr(eq + 1)));
      apply(*target, key, value, out);
    }
  }

  // fio: `include FILE` pulls FILE's options into the current section; a relative FILE is
  // found next to the including file. Errors inside it name the included file and line.
  void include(const std::string& name, FioJobFile& out, FioJob*& target, int depth) {
    if (name.empty()) fail("include", "needs a file name");
    if (depth >= 8) fail("include", "nested more than 8 deep (an include cycle?)");
    namespace fs = std::filesystem;
    fs::path p(name);
    if (p.is_relative()) p = fs::path(path_).parent_path() / p;
    std::ifstream f(p);
    if (!f) fail("include", fmt::format("cannot open '{}'", p.string()));
    std::stringstream ss;
    ss << f.rdbuf();
    const std::string saved_path = path_;
    const int saved_line = line_;
    path_ = p.string();
    line_ = 0;
    parse_text(ss.str(), out, target, depth + 1);
    path_ = saved_path;
    line_ = saved_line;
  }

  // fio: ${VAR} in a value becomes the environment variable's value, or "" if unset.
  static std::string expand_env(const std::string& v) {
    std::string r;
    for (std::size_t i = 0; i < v.size();) {
      const std::size_t close = v.compare(i, 2, "${") == 0 ? v.find('}', i + 2) : std::string::npos;
      if (close == std::string::npos) {
        r += v[i++];
        continue;
      }
      const char* e = std::getenv(v.substr(i + 2, close - i - 2).c_str());
      if (e) r += e;
      i = close + 1;
    }
    return r;
  }

 public:
  // Options given on the command line (--job-set) apply to every job of a parsed file.
  void override_jobs(FioJobFile& f, const std::string& option) {
    const auto eq = option.find('=');
    if (eq == std::string::npos || eq == 0) fail("", fmt::format("'{}' is not KEY=VALUE (a fio job key)", option));
    const std::string key = lower(trim(option.substr(0, eq)));
    if (key == "include") fail(key, "not allowed on the command line");
    for (FioJob& j : f.jobs) apply(j, key, expand_env(trim(option.substr(eq + 1))), f);
    for (const auto& j : f.jobs) check_job(j);
  }

 private:
  [[noreturn]] void fail(const std::string& key, const std::string& msg) const {
    const std::string where = line_ > 0 ? fmt::format("{}:{}", path_, line_) : path_;
    if (key.empty()) throw config::InputError(fmt::format("{}: {}", where, msg));
    throw config::InputError(fmt::format("{}: key '{}': {}", where, key, msg));
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
    const auto parsed = config::parse_whole_uint(v, 0);
    if (!parsed) fail(key, fmt::format("'{}' is not a whole number", v));
    const std::uint64_t x = *parsed;
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


  // fio's per-direction lists: "a" applies to all; "a,b" is reads a, writes and trims b;
  // an empty part keeps that direction's default; a trailing comma stops the carry-over.
  template <class F>
  void per_dir(const std::string& key, const std::string& v, std::uint32_t dirs, F set) {
    if (v.empty()) fail(key, "needs a value");
    const std::vector<std::string> parts = split_trimmed(v, ',');
    if (parts.size() > dirs)
      fail(key, dirs == 3 ? "at most three comma-separated values (reads, writes, trims)"
                          : "at most two comma-separated values (reads, writes); trim rates are not modelled");
    for (std::uint32_t d = 0; d < dirs; ++d) {
      const bool carry = d >= parts.size();
      const std::string& part = carry ? parts.back() : parts[d];
      if (carry && parts.size() > 1 && v.back() == ',') break;
      if (!part.empty()) set(d, part);
    }
  }
  BlockSizes bs_range(const std::string& key, const std::string& part) {
    const auto dash = part.find('-');
    if (dash == std::string::npos) fail(key, fmt::format("'{}' is not a range; use MIN-MAX, e.g. 4k-64k", part));
    BlockSizes b;
    b.range_lo = size_value(key, part.substr(0, dash));
    b.range_hi = size_value(key, part.substr(dash + 1));
    if (b.range_hi < b.range_lo) fail(key, fmt::format("'{}': the maximum is below the minimum", part));
    b.split = {{b.range_lo, 100.0}};
    return b;
  }
  BlockSizes bs_split(const std::string& key, const std::string& part) {
    BlockSizes b;
    b.split.clear();
    double sum = 0;
    std::size_t blanks = 0;
    for (const std::string& item : split_trimmed(part, ':')) {
      const auto slash = item.find('/');
      BlockSizes::Weight w;
      w.bytes = size_value(key, item.substr(0, slash));
      w.percent = -1;  // blank: filled in below
      if (slash != std::string::npos && !trim(item.substr(slash + 1)).empty()) {
        w.percent = double(uint_value(key, trim(item.substr(slash + 1)), 0, 100));
        sum += w.percent;
      } else {
        ++blanks;
      }
      b.split.push_back(w);
      if (b.split.size() > 64) fail(key, "at most 64 block sizes per direction (fio's limit)");
    }
    if (sum > 100.0 + 1e-9) fail(key, fmt::format("'{}': the percentages add up to {} (> 100)", part, sum));
    if (blanks == 0 && sum < 100.0 - 1e-9)
      fail(key, fmt::format("'{}': the percentages add up to {}; they must add up to 100 (or leave some blank)", part, sum));
    for (auto& w : b.split)
      if (w.percent < 0) w.percent = (100.0 - sum) / double(blanks);
    return b;
  }
  double float_value(const std::string& key, const std::string& v) {
    const auto x = config::parse_whole_double(v);
    if (!x) fail(key, fmt::format("'{}' is not a number", v));
    return *x;
  }
  RandomDistribution distribution(const std::string& key, const std::string& v) {
    if (v.find(',') != std::string::npos) fail(key, "per-direction distributions are not supported; give one");
    RandomDistribution d;
    const std::vector<std::string> f = split_trimmed(v, ':');
    const std::string kind = lower(f[0]);
    if (kind == "random") {
      if (f.size() > 1) fail(key, "'random' takes no parameters");
      return d;
    }
    if (kind == "zipf" || kind == "pareto" || kind == "normal") {
      d.kind = kind == "zipf" ? RandDist::Zipf : kind == "pareto" ? RandDist::Pareto : RandDist::Normal;
      if (f.size() < 2 || f.size() > 3) fail(key, fmt::format("use {}:VALUE[:CENTER]", kind));
      d.param = float_value(key, f[1]);
      if (d.kind == RandDist::Zipf && (d.param <= 0 || d.param == 1.0))
        fail(key, "the zipf theta must be > 0 and not 1 (fio's rule)");
      if (d.kind == RandDist::Pareto && (d.param <= 0 || d.param >= 1)) fail(key, "the pareto power must be in (0, 1)");
      if (d.kind == RandDist::Normal && (d.param <= 0 || d.param > 100))
        fail(key, "the normal deviation is a percentage in (0, 100]");
      if (f.size() == 3) {
        d.center = float_value(key, f[2]);
        if (d.center < 0 || d.center > 1) fail(key, "the center must be in [0, 1]");
      }
      return d;
    }
    if (kind == "zoned" || kind == "zoned_abs") {
      d.kind = kind == "zoned" ? RandDist::Zoned : RandDist::ZonedAbs;
      if (f.size() < 2) fail(key, fmt::format("use {}:ACCESS%/SIZE:ACCESS%/SIZE...", kind));
      if (f.size() > 257) fail(key, "at most 256 zones (fio's limit)");
      double access = 0, size = 0;
      for (std::size_t i = 1; i < f.size(); ++i) {
        const auto slash = f[i].find('/');
        if (slash == std::string::npos) fail(key, fmt::format("zone '{}' is not ACCESS%/SIZE", f[i]));
        RandomDistribution::Zone z;
        z.access_pct = double(uint_value(key, trim(f[i].substr(0, slash)), 0, 100));
        const std::string sz = trim(f[i].substr(slash + 1));
        if (d.kind == RandDist::Zoned) z.size_pct = double(uint_value(key, sz, 1, 100));
        else z.size_bytes = size_value(key, sz);
        access += z.access_pct;
        size += z.size_pct;
        d.zones.push_back(z);
      }
      if (std::fabs(access - 100) > 1e-9)
        fail(key, fmt::format("the zones' access percentages add up to {}; they must add up to 100", access));
      if (d.kind == RandDist::Zoned && size > 100 + 1e-9)
        fail(key, fmt::format("the zones' sizes add up to {}% (> 100%)", size));
      return d;
    }
    fail(key, fmt::format("'{}' is not allowed; use random, zipf, pareto, normal, zoned or zoned_abs", f[0]));
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
      per_dir(key, v, 3, [&](std::uint32_t d, const std::string& part) { j.bs[d] = BlockSizes{{{size_value(key, part), 100.0}}}; });
    } else if (key == "bsrange" || key == "blocksize_range") {
      per_dir(key, v, 3, [&](std::uint32_t d, const std::string& part) { j.bs[d] = bs_range(key, part); });
    } else if (key == "bssplit") {
      per_dir(key, v, 3, [&](std::uint32_t d, const std::string& part) { j.bs[d] = bs_split(key, part); });
    } else if (key == "random_distribution") {
      j.random_distribution = distribution(key, v);
    } else if (key == "percentage_random") {
      if (v.find(',') != std::string::npos) fail(key, "per-direction values are not supported; give one percentage");
      j.percentage_random = static_cast<std::uint32_t>(uint_value(key, v, 0, 100));
    } else if (key == "rate") {
      per_dir(key, v, 2, [&](std::uint32_t d, const std::string& part) { j.rate_bytes_per_s[d] = double(size_value(key, part)); });
    } else if (key == "rate_iops") {
      per_dir(key, v, 2, [&](std::uint32_t d, const std::string& part) {
        j.rate_iops[d] = double(uint_value(key, part, 1, 1ull << 40));
      });
    } else if (key == "number_ios") {
      j.number_ios = uint_value(key, v, 1, UINT64_MAX);
    } else if (key == "io_size" || key == "io_limit") {
      j.io_size = size_or_percent(key, v, false);
    } else if (key == "write_bw_log") {
      j.logs.bw = true;
      j.logs.bw_name = v;
    } else if (key == "write_iops_log") {
      j.logs.iops = true;
      j.logs.iops_name = v;
    } else if (key == "write_lat_log") {
      j.logs.lat = true;
      j.logs.lat_name = v;
    } else if (key == "log_avg_msec") {
      j.logs.avg_msec = static_cast<std::uint32_t>(uint_value(key, v, 0, 3600000));
    } else if (key == "log_max_value") {
      j.logs.max_value = bool_value(key, v);
    } else if (key == "per_job_logs") {
      j.logs.per_job = bool_value(key, v);
    } else if (key == "log_offset") {
      j.logs.offset = bool_value(key, v);
    } else if (key == "read_iolog") {
      if (v.empty()) fail(key, "needs a trace file");
      if (v.find(':') != std::string::npos) fail(key, "one trace per job (':'-separated lists are not supported)");
      // fio opens it relative to the working directory; a job file's own traces are also
      // found next to it.
      namespace fs = std::filesystem;
      fs::path p(v);
      if (p.is_relative() && !config::path_exists(p)) p = fs::path(path_).parent_path() / p;
      if (!config::path_exists(p)) fail(key, fmt::format("cannot open trace '{}' (looked in the working directory and next to "
                                                "the job file)", v));
      j.trace = load_trace(p.string());
    } else if (key == "replay_no_stall") {
      j.replay_no_stall = bool_value(key, v);
    } else if (key == "replay_time_scale") {
      j.replay_time_scale = static_cast<std::uint32_t>(uint_value(key, v, 1, 1000000));
    } else if (key == "zonemode") {
      const std::string m = lower(v);
      if (m == "zbd") fail(key, "'zbd' (zoned block devices) is not modelled; use none or strided");
      if (m != "none" && m != "strided") fail(key, fmt::format("'{}' is not allowed; use none or strided", v));
      j.zone_strided = m == "strided";
    } else if (key == "zonerange") {
      j.zonerange = size_value(key, v);
    } else if (key == "zonesize") {
      j.zonesize = size_value(key, v);
    } else if (key == "zoneskip") {
      if (!v.empty() && std::tolower(static_cast<unsigned char>(v.back())) == 'z')
        fail(key, "a count of zones ('z' suffix) is not supported; give bytes");
      j.zoneskip = size_value(key, v, true);
    } else if (key == "loops") {
      j.loops = static_cast<std::uint32_t>(uint_value(key, v, 1, 1u << 20));
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
      fail(key, "unknown or unsupported option; supported: rw, rwmixread, rwmixwrite, bs, bsrange, bssplit, "
                "random_distribution, percentage_random, rate, rate_iops, number_ios, io_size, loops, write_bw_log, "
                "write_iops_log, write_lat_log, log_avg_msec, log_max_value, log_offset, per_job_logs, read_iolog, "
                "replay_no_stall, replay_time_scale, zonemode=strided, zonerange, zonesize, zoneskip, iodepth, numjobs, "
                "size, offset, runtime, time_based, ramp_time, thinktime, thinktime_blocks, randrepeat, randseed, "
                "group_reporting, stonewall, name, direct, include (plus host-only keys such as ioengine, filename and "
                "verify, ignored)");
    }
  }

  void check_job(const FioJob& j) const {
    if (j.zone_strided && j.zonesize == 0)
      throw config::InputError(job_where(path_, j) + ": zonemode=strided needs zonesize");
    if (j.zone_strided && j.random_distribution.kind != RandDist::Uniform)
      throw config::InputError(job_where(path_, j) + ": zonemode=strided with random_distribution is not supported");
    if (j.time_based && j.runtime_ps == 0)
      throw config::InputError(job_where(path_, j) + ": time_based needs a runtime");
  }

  std::string path_;
  int line_ = 0;
  FioJob global_;
};

}  // namespace

std::uint64_t BlockSizes::min() const {
  if (is_range()) return range_lo;
  std::uint64_t m = UINT64_MAX;
  for (const auto& w : split)
    if (w.percent > 0) m = std::min(m, w.bytes);
  return m == UINT64_MAX ? split.front().bytes : m;
}
std::uint64_t BlockSizes::max() const {
  if (is_range()) return range_lo * (range_hi / range_lo);
  std::uint64_t m = 0;
  for (const auto& w : split)
    if (w.percent > 0) m = std::max(m, w.bytes);
  return m ? m : split.front().bytes;
}

std::uint64_t FioJob::min_bs() const {
  std::uint64_t m = UINT64_MAX;
  for (std::uint32_t d = 0; d < 3; ++d)
    if (uses_dir(d)) m = std::min(m, bs[d].min());
  return m;
}
std::uint64_t FioJob::max_bs() const {
  std::uint64_t m = 0;
  for (std::uint32_t d = 0; d < 3; ++d)
    if (uses_dir(d)) m = std::max(m, bs[d].max());
  return m;
}

std::uint64_t parse_fio_size(const std::string& v) {
  const auto [num, suffix] = split_number(trim(v));
  static const std::map<std::string, double> mult = {
      {"", 1.0},     {"b", 1.0},          {"k", 1024.0},          {"kb", 1024.0},           {"kib", 1024.0},
      {"m", 1048576.0}, {"mb", 1048576.0}, {"mib", 1048576.0},  {"g", 1073741824.0},      {"gb", 1073741824.0},
      {"gib", 1073741824.0}, {"t", 1099511627776.0}, {"tb", 1099511627776.0}, {"tib", 1099511627776.0}};
  const auto it = mult.find(suffix);
  if (it == mult.end()) throw std::invalid_argument("bad suffix");
  const auto bytes = config::scaled_whole(num, it->second);
  if (!bytes) throw std::invalid_argument("size out of range");
  return *bytes;
}

TimePs parse_fio_time(const std::string& v, double default_unit_ps) {
  const auto [num, suffix] = split_number(trim(v));
  static const std::map<std::string, double> ps = {
      {"", 0},  {"s", 1e12},   {"sec", 1e12},  {"us", 1e6},     {"usec", 1e6},   {"ms", 1e9},
      {"msec", 1e9}, {"m", 60e12}, {"min", 60e12}, {"h", 3600e12}, {"hr", 3600e12}};
  const auto it = ps.find(suffix);
  if (it == ps.end()) throw std::invalid_argument("bad suffix");
  // At most 10^6 s (11.6 days) of simulated time: TimePs holds 213 days.
  const auto t = config::scaled_whole(num, suffix.empty() ? default_unit_ps : it->second, 1e18);
  if (!t) throw std::invalid_argument("time out of range");
  return *t;
}

FioJobFile parse_fio_job_text(const std::string& text, const std::string& path) {
  return Parser(path).parse(text);
}

void apply_job_overrides(FioJobFile& f, const std::vector<std::string>& options) {
  for (const auto& o : options) Parser("option '--job-set'").override_jobs(f, o);
}

FioJobFile parse_fio_job_file(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw config::InputError(fmt::format("{}: cannot open job file", path));
  std::stringstream ss;
  ss << f.rdbuf();
  return parse_fio_job_text(ss.str(), path);
}

std::string job_where(const std::string& path, const FioJob& j) {
  return fmt::format("{}:{}: job '{}'", path, j.line, j.name);
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

}  // namespace ssdtwin::workload
