// Writing results. Every write is checked, so a full disk or a closed pipe is an error that
// names the output (the CLI exits 4), never a truncated result and exit 0.
#pragma once
#include <stdexcept>
#include <string>
#include <string_view>

namespace ssdtwin::config {

class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Throws OutputError "WHAT: writing 'PATH' failed: strerror(err)" (every output's failure).
[[noreturn]] void throw_write_failed(const std::string& what, const std::string& path, int err);
// Writes `text` to `path` (replaced, or appended to); `what` names the output in an error
// ("option '--output'", "job 'x': log file").
void write_file(const std::string& what, const std::string& path, std::string_view text, bool append = false);
// Writes `text` to standard output and flushes it.
void write_stdout(std::string_view text);
// Before a long run: throws OutputError unless `path` could be created (its directory
// exists and is writable, and `path` is not a directory).
void check_writable(const std::string& what, const std::string& path);

}  // namespace ssdtwin::config
