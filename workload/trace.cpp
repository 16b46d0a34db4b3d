#include "config/input_file.h"
#include "workload/trace.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "workload/fio_job.h"
#include "config/input_error.h"
#include "config/parse_number.h"

namespace ssdtwin::workload {
namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  if (sep == ' ') {
    std::istringstream in(s);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
  }
  std::stringstream ss(s);
  while (std::getline(ss, cur, sep)) out.push_back(cur);
  return out;
}

class TraceParser {
 public:
  explicit TraceParser(std::string path) : path_(std::move(path)) {}

  [[noreturn]] void fail(const std::string& msg) const {
    throw config::InputError(fmt::format("{}:{}: {}", path_, line_, msg));
  }
  std::uint64_t number(const std::string& v, const char* what) const {
    const auto x = config::parse_whole_uint(v);
    if (!x) fail(fmt::format("{} '{}' is not a whole number", what, v));
    return *x;
  }
  double seconds(const std::string& v) const {
    const auto x = config::parse_whole_double(v);
    if (!x || *x < 0) fail(fmt::format("time '{}' is not a non-negative number of seconds", v));
    return *x;
  }
  // A time of `n` units of `unit_ps`, at most 10^6 s (TimePs holds 213 days).
  TimePs time_ps(double n, double unit_ps, const char* what) const {
    const auto t = config::scaled_whole(n, unit_ps, 1e18);
    if (!t) fail(fmt::format("{} {} is beyond the 10^6 s a trace may span", what, n));
    return *t;
  }
  void add(Trace& t, TimePs when, std::uint32_t dir, std::uint64_t offset, std::uint64_t bytes) {
    if (bytes == 0) fail("an I/O of 0 bytes");
    if (bytes % 512 || offset % 512)
      fail(fmt::format("offset {} / length {} are not multiples of the 512 B logical block", offset, bytes));
    if (bytes > (64ull << 20)) fail(fmt::format("length {} exceeds 64 MiB", bytes));
    t.ios.push_back({when, dir, offset, bytes});
    t.bytes[dir] += bytes;
  }

  // fio iolog v2 (`wait` gives times) and v3 (a timestamp first on each line). fio 3.33
  // writes v3 timestamps in microseconds (measured: thinktime=20ms puts entries 20,403 apart).
  void fio_iolog(Trace& t, std::istream& in, int version) {
    t.format = fmt::format("fio iolog v{}", version);
    line_ = 1;  // the header
    t.timed = version == 3;
    TimePs now = 0;
    for (std::string raw; std::getline(in, raw);) {
      ++line_;
      std::vector<std::string> f = split(raw, ' ');
      if (f.empty()) continue;
      TimePs when = now;
      if (version == 3) {
        when = time_ps(double(number(f[0], "timestamp")), double(kPsPerUs), "timestamp (us)");
        f.erase(f.begin());
      }
      if (f.size() == 2) {  // file management: add, open, close
        if (f[1] != "add" && f[1] != "open" && f[1] != "close")
          fail(fmt::format("action '{}' is not allowed without offset and length; use add, open or close", f[1]));
        ++t.skipped_lines;
        continue;
      }
      if (f.size() != 4)
        fail("expected 'filename action offset length'" + std::string(version == 3 ? " after the timestamp" : ""));
      const std::string& act = f[1];
      if (act == "wait") {
        if (version == 3) fail("action 'wait' is not allowed in version 3 (fio's rule; timestamps give the time)");
        const std::uint64_t us = number(f[2], "wait");
        if (us >= 100) now += time_ps(double(us), double(kPsPerUs), "wait (us)");  // fio discards waits below 100 us
        if (now > TimePs(1e18)) fail("the waits add up to more than the 10^6 s a trace may span");
        t.timed = true;
        ++t.skipped_lines;
        continue;
      }
      if (act == "sync" || act == "datasync") {
        ++t.skipped_lines;
        continue;
      }
      const std::uint32_t dir = act == "read"    ? kDirRead
                                : act == "write" ? kDirWrite
                                : act == "trim"  ? std::uint32_t(kDirTrim)
                                                 : 99u;
      if (dir == 99)
        fail(fmt::format("action '{}' is not allowed; use read, write, trim, sync, datasync or wait", act));
      add(t, when, dir, number(f[2], "offset"), number(f[3], "length"));
    }
  }

  // blkparse's default text output: "maj,min cpu seq time pid action rwbs sector + blocks [proc]".
  // Only queue events (action Q) are replayed, so each request counts once; R is a read,
  // W a write, D a discard; flush-only requests are skipped.
  void blkparse(Trace& t, std::istream& in, const std::string& first) {
    t.format = "blkparse";
    t.timed = true;
    auto one = [&](const std::string& raw) {
      ++line_;
      const std::vector<std::string> f = split(raw, ' ');
      if (f.empty()) return;
      if (f.size() < 6 || f[0].find(',') == std::string::npos) {
        // blkparse ends with per-CPU summaries ("CPU0 (8,0):", "Total (8,0):", counters).
        ++t.skipped_lines;
        return;
      }
      if (f[5] != "Q") {
        ++t.skipped_lines;
        return;
      }
      if (f.size() < 10 || f[8] != "+") fail("a Q event needs 'rwbs sector + blocks'");
      const std::string& rwbs = f[6];
      const std::uint32_t dir = rwbs.find('D') != std::string::npos   ? kDirTrim
                                : rwbs.find('W') != std::string::npos ? kDirWrite
                                : rwbs.find('R') != std::string::npos ? std::uint32_t(kDirRead)
                                                                      : 99u;
      const std::uint64_t blocks = number(f[9], "block count");
      if (dir == 99 || blocks == 0) {  // flush / barrier only
        ++t.skipped_lines;
        return;
      }
      const std::uint64_t sector = number(f[7], "sector");
      if (sector >= (1ull << 54) || blocks >= (1ull << 54))
        fail(fmt::format("sector {} + {} blocks is beyond 2^54 sectors", sector, blocks));
      add(t, time_ps(seconds(f[3]), 1e12, "time (s)"), dir, sector * 512, blocks * 512);
    };
    one(first);
    for (std::string raw; std::getline(in, raw);) one(raw);
  }

  // SNIA IOTTA / MSR Cambridge: "Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime",
  // the timestamp in Windows filetime (100 ns ticks), Type Read or Write, bytes.
  void msr_csv(Trace& t, std::istream& in, const std::string& first) {
    t.format = "msr csv";
    t.timed = true;
    std::uint64_t t0 = 0;
    bool have_t0 = false;
    auto one = [&](const std::string& raw) {
      ++line_;
      std::string s = raw;
      if (!s.empty() && s.back() == '\r') s.pop_back();
      if (s.empty()) return;
      const std::vector<std::string> f = split(s, ',');
      if (f.size() != 7)
        fail(
            fmt::format("expected 7 comma-separated fields (Timestamp,Hostname,DiskNumber,Type,Offset,"
                        "Size,ResponseTime), got {}",
                        f.size()));
      const std::uint64_t ticks = number(f[0], "timestamp");
      if (!have_t0) {
        t0 = ticks;
        have_t0 = true;
      }
      if (ticks < t0) fail("timestamp goes back in time");
      std::string type = f[3];
      std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return char(std::tolower(c)); });
      const std::uint32_t dir = type == "read" ? kDirRead : type == "write" ? std::uint32_t(kDirWrite) : 99u;
      if (dir == 99) fail(fmt::format("type '{}' is not allowed; use Read or Write", f[3]));
      add(t, time_ps(double(ticks - t0), 100.0 * double(kPsPerNs), "timestamp (100 ns ticks from the first)"), dir,
          number(f[4], "offset"), number(f[5], "size"));
    };
    one(first);
    for (std::string raw; std::getline(in, raw);) one(raw);
  }

  std::string path_;
  int line_ = 0;
};

}  // namespace

std::shared_ptr<const Trace> parse_trace_text(const std::string& text, const std::string& path) {
  auto t = std::make_shared<Trace>();
  t->path = path;
  TraceParser p(path);
  std::istringstream in(text);
  std::string first;
  while (first.find_first_not_of(" \t\r") == std::string::npos && std::getline(in, first)) {
  }
  const auto words = split(first, ' ');
  if (first.rfind("fio version 2 iolog", 0) == 0 || first.rfind("fio version 3 iolog", 0) == 0) {
    // The header is line 1 of the file (after leading blank lines, which fio would refuse).
    p.fio_iolog(*t, in, first[12] == '2' ? 2 : 3);
  } else if (first.rfind("fio version", 0) == 0) {
    throw config::InputError(fmt::format("{}:1: '{}': only fio iolog versions 2 and 3 are supported", path, first));
  } else if (words.size() >= 6 && words[0].find(',') != std::string::npos &&
             std::isdigit(static_cast<unsigned char>(words[0][0]))) {
    p.blkparse(*t, in, first);
  } else if (std::count(first.begin(), first.end(), ',') == 6) {
    p.msr_csv(*t, in, first);
  } else {
    throw config::InputError(
        fmt::format("{}:1: not a trace ssdtwin knows; expected a fio iolog (\"fio version 2 iolog\" or "
                    "\"fio version 3 iolog\"), blkparse text output or an MSR Cambridge / SNIA CSV",
                    path));
  }
  if (t->ios.empty()) throw config::InputError(fmt::format("{}: the trace holds no read, write or trim", path));
  // Traces need not be sorted (MSR files are per disk, merged by time); replay goes in time order.
  std::stable_sort(t->ios.begin(), t->ios.end(), [](const TraceIo& a, const TraceIo& b) { return a.t_ps < b.t_ps; });
  return t;
}

std::shared_ptr<const Trace> load_trace(const std::string& path) {
  return parse_trace_text(config::read_input_file(path, "trace", config::kMaxTraceBytes), path);
}

}  // namespace ssdtwin::workload
