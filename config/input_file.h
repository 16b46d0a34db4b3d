// Reading an input file with bounds: it must be a regular file (not a directory, a device
// such as /dev/zero, or a pipe) no larger than a limit that fits its kind, so a wrong path
// gives an error naming the file instead of a hang or unbounded memory.
#pragma once
#include <cstdint>
#include <string>

namespace ssdtwin::config {

// Limits per kind of input (bytes).
constexpr std::uint64_t kMaxJobFileBytes = 1ull << 20;      // fio job files (and includes)
constexpr std::uint64_t kMaxProfileBytes = 4ull << 20;      // drive, NAND, host profiles; lab files
constexpr std::uint64_t kMaxFioResultBytes = 256ull << 20;  // fio JSON results
constexpr std::uint64_t kMaxTraceBytes = 2ull << 30;        // I/O traces
constexpr std::uint64_t kMaxSavedStateBytes = 64ull << 30;  // saved drive states (tables of the mapped IUs)

// The whole file; throws InputError "PATH: cannot open WHAT", "PATH: is not a regular file
// ..." or "PATH: is N bytes; a WHAT may be at most M".
std::string read_input_file(const std::string& path, const std::string& what, std::uint64_t max_bytes);

}  // namespace ssdtwin::config
