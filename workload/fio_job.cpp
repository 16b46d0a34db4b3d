#include "config/input_file.h"
#include "workload/fio_job.h"

#include <algorithm>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <sstream>

#include "config/input_error.h"
#include "config/parse_number.h"
#include "workload/fio_parser.h"

namespace ssdtwin::workload {
namespace {

// Split "123k" into number and suffix; the number may be fractional.
std::pair<double, std::string> split_number(const std::string& v) {
  std::size_t i = 0;
  while (i < v.size() && (std::isdigit(static_cast<unsigned char>(v[i])) || v[i] == '.')) ++i;
  if (i == 0) throw std::invalid_argument("not a number");
  // Whole digits only, finite: 400 nines or "1.2.3" are not numbers (std::stod would throw
  // out_of_range, which no caller expects, or stop at the second dot).
  const auto x = config::parse_whole_double(v.substr(0, i));
  if (!x) throw std::invalid_argument("not a number");
  return {*x, lower(trim(v.substr(i)))};
}

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
  static const std::map<std::string, double> mult = {{"", 1.0},
                                                     {"b", 1.0},
                                                     {"k", 1024.0},
                                                     {"kb", 1024.0},
                                                     {"kib", 1024.0},
                                                     {"m", 1048576.0},
                                                     {"mb", 1048576.0},
                                                     {"mib", 1048576.0},
                                                     {"g", 1073741824.0},
                                                     {"gb", 1073741824.0},
                                                     {"gib", 1073741824.0},
                                                     {"t", 1099511627776.0},
                                                     {"tb", 1099511627776.0},
                                                     {"tib", 1099511627776.0}};
  const auto it = mult.find(suffix);
  if (it == mult.end()) throw std::invalid_argument("bad suffix");
  const auto bytes = config::scaled_whole(num, it->second);
  if (!bytes) throw std::invalid_argument("size out of range");
  return *bytes;
}

TimePs parse_fio_time(const std::string& v, double default_unit_ps) {
  const auto [num, suffix] = split_number(trim(v));
  static const std::map<std::string, double> ps = {{"", 0},        {"s", 1e12},    {"sec", 1e12},  {"us", 1e6},
                                                   {"usec", 1e6},  {"ms", 1e9},    {"msec", 1e9},  {"m", 60e12},
                                                   {"min", 60e12}, {"h", 3600e12}, {"hr", 3600e12}};
  const auto it = ps.find(suffix);
  if (it == ps.end()) throw std::invalid_argument("bad suffix");
  // At most 10^6 s (11.6 days) of simulated time: TimePs holds 213 days.
  const auto t = config::scaled_whole(num, suffix.empty() ? default_unit_ps : it->second, 1e18);
  if (!t) throw TimeOutOfRange();
  return *t;
}

FioJobFile parse_fio_job_text(const std::string& text, const std::string& path) { return FioParser(path).parse(text); }

void apply_job_overrides(FioJobFile& f, const std::vector<std::string>& options) {
  for (const auto& o : options) FioParser("option '--job-set'").override_jobs(f, o);
}

FioJobFile parse_fio_job_file(const std::string& path) {
  return parse_fio_job_text(config::read_input_file(path, "job file", config::kMaxJobFileBytes), path);
}

std::string job_where(const std::string& path, const FioJob& j) {
  return fmt::format("{}:{}: job '{}'", path, j.line, j.name);
}

const char* rw_name(RwMode m) {
  switch (m) {
    case RwMode::Read:
      return "read";
    case RwMode::Write:
      return "write";
    case RwMode::RandRead:
      return "randread";
    case RwMode::RandWrite:
      return "randwrite";
    case RwMode::ReadWrite:
      return "rw";
    case RwMode::RandRW:
      return "randrw";
    case RwMode::Trim:
      return "trim";
    case RwMode::RandTrim:
      return "randtrim";
  }
  return "?";
}

}  // namespace ssdtwin::workload
