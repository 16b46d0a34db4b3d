// Counters the flash array bumps on its hot path; reporters read them after the run.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/time.h"

namespace ssdtwin::nand {

struct FlashStats {
  std::uint64_t reads = 0, programs = 0, erases = 0;
  std::uint64_t program_suspends = 0, erase_suspends = 0;
  std::uint64_t program_limit_waits = 0;  // programs that waited for a peak-power program slot
  std::uint64_t read_bus_bytes = 0, program_bus_bytes = 0;
  TimePs read_sense_ps = 0;             // tR summed over reads (page types differ): their array energy
  std::vector<TimePs> die_busy_ps;      // array time: P/E ops plus read tR divided by planes
  std::vector<TimePs> channel_busy_ps;  // bus transfer time
  void reset(std::size_t dies, std::size_t channels) {
    *this = FlashStats{};
    die_busy_ps.assign(dies, 0);
    channel_busy_ps.assign(channels, 0);
  }
};

}  // namespace ssdtwin::nand
