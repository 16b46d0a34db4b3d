// Block traces replayed by a fio job's read_iolog: fio iolog v2/v3, blkparse text output and
// the SNIA IOTTA / MSR Cambridge CSV. Parsed once at load into a flat list; the initiator
// walks it without allocating (docs/workloads.md, "Trace replay").
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "sim/time.h"

namespace ssdtwin::workload {

struct TraceIo {
  TimePs t_ps = 0;        // from the trace's first I/O
  std::uint32_t dir = 0;  // kDirRead, kDirWrite, kDirTrim
  std::uint64_t offset = 0, bytes = 0;
};

struct Trace {
  std::string path, format;  // format: "fio iolog v2", "fio iolog v3", "blkparse", "msr csv"
  bool timed = false;        // the format carries times (v2 only through wait actions)
  std::vector<TraceIo> ios;
  std::uint64_t bytes[3] = {0, 0, 0};
  std::uint64_t skipped_lines = 0;  // lines that are not I/O (file actions, sync, other blkparse events)
};

// Detects the format from the content; throws InputError naming file, line and what is
// wrong (or the formats it knows, when none matches).
std::shared_ptr<const Trace> load_trace(const std::string& path);
std::shared_ptr<const Trace> parse_trace_text(const std::string& text, const std::string& path);

}  // namespace ssdtwin::workload
