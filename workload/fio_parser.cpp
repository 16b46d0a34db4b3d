#include "config/input_file.h"
#include "config/path_exists.h"
#include "workload/fio_parser.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "config/input_error.h"
#include "config/parse_number.h"

namespace ssdtwin::workload {

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

FioJobFile FioParser::parse(const std::string& text) {
  FioJobFile out;
  out.path = path_;
  FioJob* target = nullptr;  // current job, or &global_
  parse_text(text, out, target, 0);
  if (out.jobs.empty()) fail("", "no job sections; a job file needs at least one [job]");
  for (const auto& j : out.jobs) check_job(j);
  return out;
}

// One file's lines; `depth` > 0 inside an include, where fio allows no [sections].
void FioParser::parse_text(const std::string& text, FioJobFile& out, FioJob*& target, int depth) {
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
void FioParser::include(const std::string& name, FioJobFile& out, FioJob*& target, int depth) {
  if (name.empty()) fail("include", "needs a file name");
  if (depth >= 8) fail("include", "nested more than 8 deep (an include cycle?)");
  namespace fs = std::filesystem;
  fs::path p(name);
  if (p.is_relative()) p = fs::path(path_).parent_path() / p;
  if (!config::path_exists(p)) fail("include", fmt::format("cannot open '{}'", p.string()));
  std::string text;
  try {
    text = config::read_input_file(p.string(), "job file", config::kMaxJobFileBytes);
  } catch (const config::InputError& e) {
    fail("include", e.what());
  }
  const std::string saved_path = path_;
  const int saved_line = line_;
  path_ = p.string();
  line_ = 0;
  parse_text(text, out, target, depth + 1);
  path_ = saved_path;
  line_ = saved_line;
}

// fio: ${VAR} in a value becomes the environment variable's value, or "" if unset.
std::string FioParser::expand_env(const std::string& v) {
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

// Options given on the command line (--job-set) apply to every job of a parsed file.
void FioParser::override_jobs(FioJobFile& f, const std::string& option) {
  const auto eq = option.find('=');
  if (eq == std::string::npos || eq == 0) fail("", fmt::format("'{}' is not KEY=VALUE (a fio job key)", option));
  const std::string key = lower(trim(option.substr(0, eq)));
  if (key == "include") fail(key, "not allowed on the command line");
  for (FioJob& j : f.jobs) apply(j, key, expand_env(trim(option.substr(eq + 1))), f);
  for (const auto& j : f.jobs) check_job(j);
}

void FioParser::fail(const std::string& key, const std::string& msg) const {
  const std::string where = line_ > 0 ? fmt::format("{}:{}", path_, line_) : path_;
  if (key.empty()) throw config::InputError(fmt::format("{}: {}", where, msg));
  throw config::InputError(fmt::format("{}: key '{}': {}", where, key, msg));
}

std::uint64_t FioParser::size_value(const std::string& key, const std::string& v, bool allow_zero) {
  try {
    const std::uint64_t b = parse_fio_size(v);
    if (b == 0 && !allow_zero) fail(key, "must be greater than 0");
    return b;
  } catch (const std::invalid_argument&) {
    fail(key, fmt::format("'{}' is not a size; use a number with an optional suffix k, m, g, t (1024-based)", v));
  }
}
SizeSpec FioParser::size_or_percent(const std::string& key, const std::string& v, bool allow_zero) {
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
std::uint64_t FioParser::uint_value(const std::string& key, const std::string& v, std::uint64_t lo, std::uint64_t hi) {
  const auto parsed = config::parse_whole_uint(v, 0);
  if (!parsed) fail(key, fmt::format("'{}' is not a whole number", v));
  const std::uint64_t x = *parsed;
  if (x < lo || x > hi) fail(key, fmt::format("{} is out of range; allowed {}..{}", x, lo, hi));
  return x;
}
bool FioParser::bool_value(const std::string& key, const std::string& v) {
  if (v.empty() || v == "1" || v == "true") return true;
  if (v == "0" || v == "false") return false;
  fail(key, fmt::format("'{}' is not a boolean; use 0 or 1", v));
}
TimePs FioParser::time_value(const std::string& key, const std::string& v, bool default_us) {
  try {
    return parse_fio_time(v, default_us ? 1e6 : 1e12);
  } catch (const TimeOutOfRange& e) {
    fail(key, fmt::format("'{}' is {}", v, e.what()));
  } catch (const std::invalid_argument&) {
    fail(key, fmt::format("'{}' is not a time; use a number with an optional suffix us, ms, s, m, h (default {})", v,
                          default_us ? "us" : "s"));
  }
}

BlockSizes FioParser::bs_range(const std::string& key, const std::string& part) {
  const auto dash = part.find('-');
  if (dash == std::string::npos) fail(key, fmt::format("'{}' is not a range; use MIN-MAX, e.g. 4k-64k", part));
  BlockSizes b;
  b.range_lo = size_value(key, part.substr(0, dash));
  b.range_hi = size_value(key, part.substr(dash + 1));
  if (b.range_hi < b.range_lo) fail(key, fmt::format("'{}': the maximum is below the minimum", part));
  b.split = {{b.range_lo, 100.0}};
  return b;
}
BlockSizes FioParser::bs_split(const std::string& key, const std::string& part) {
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
    fail(key,
         fmt::format("'{}': the percentages add up to {}; they must add up to 100 (or leave some blank)", part, sum));
  for (auto& w : b.split)
    if (w.percent < 0) w.percent = (100.0 - sum) / double(blanks);
  return b;
}
double FioParser::float_value(const std::string& key, const std::string& v) {
  const auto x = config::parse_whole_double(v);
  if (!x) fail(key, fmt::format("'{}' is not a number", v));
  return *x;
}
RandomDistribution FioParser::distribution(const std::string& key, const std::string& v) {
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
      if (d.kind == RandDist::Zoned)
        z.size_pct = double(uint_value(key, sz, 1, 100));
      else
        z.size_bytes = size_value(key, sz);
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

void FioParser::check_job(const FioJob& j) const {
  if (j.zone_strided && j.zonesize == 0)
    throw config::InputError(job_where(path_, j) + ": zonemode=strided needs zonesize");
  if (j.zone_strided && j.random_distribution.kind != RandDist::Uniform)
    throw config::InputError(job_where(path_, j) + ": zonemode=strided with random_distribution is not supported");
  if (j.time_based && j.runtime_ps == 0) throw config::InputError(job_where(path_, j) + ": time_based needs a runtime");
}

}  // namespace ssdtwin::workload
