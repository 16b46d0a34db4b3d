// The fio job-file parser's internals, shared by its two files: workload/fio_parser.cpp
// (lines, sections, includes, ${VAR}, value syntax) and workload/fio_keys.cpp (the table of
// fio keys and what each sets). Users call parse_fio_job_text() & co. in workload/fio_job.h.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "workload/fio_job.h"

namespace ssdtwin::workload {

std::string trim(const std::string& s);
std::string lower(std::string s);
// "a:b:" -> {"a", "b", ""}: every part, trimmed, empty ones kept (they mean "default").
std::vector<std::string> split_trimmed(const std::string& v, char sep);

class FioParser {
 public:
  explicit FioParser(std::string path) : path_(std::move(path)) {}
  FioJobFile parse(const std::string& text);
  // Options given on the command line (--job-set) apply to every job of a parsed file.
  void override_jobs(FioJobFile& f, const std::string& option);

  // Value syntax; each fails with the file, line and key.
  [[noreturn]] void fail(const std::string& key, const std::string& msg) const;
  std::uint64_t size_value(const std::string& key, const std::string& v, bool allow_zero = false);
  SizeSpec size_or_percent(const std::string& key, const std::string& v, bool allow_zero);
  std::uint64_t uint_value(const std::string& key, const std::string& v, std::uint64_t lo, std::uint64_t hi);
  std::uint32_t u32_value(const std::string& key, const std::string& v, std::uint64_t lo, std::uint64_t hi) {
    return static_cast<std::uint32_t>(uint_value(key, v, lo, hi));
  }
  bool bool_value(const std::string& key, const std::string& v);
  TimePs time_value(const std::string& key, const std::string& v, bool default_us = false);
  double float_value(const std::string& key, const std::string& v);
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
  BlockSizes bs_range(const std::string& key, const std::string& part);
  BlockSizes bs_split(const std::string& key, const std::string& part);
  RandomDistribution distribution(const std::string& key, const std::string& v);
  // The file being parsed (an included file while inside it).
  const std::string& path() const { return path_; }

 private:
  void parse_text(const std::string& text, FioJobFile& out, FioJob*& target, int depth);
  void include(const std::string& name, FioJobFile& out, FioJob*& target, int depth);
  static std::string expand_env(const std::string& v);
  // One key=value of a job: workload/fio_keys.cpp.
  void apply(FioJob& j, const std::string& key, const std::string& v, FioJobFile& out);
  void check_job(const FioJob& j) const;

  std::string path_;
  int line_ = 0;
  FioJob global_;
};

}  // namespace ssdtwin::workload
