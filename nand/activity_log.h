// A window of NAND activity for timelines: each array operation (tR, tPROG, tBERS) on its
// die and each channel transfer, as intervals in simulated time. The flash array reports
// every interval it books; only those overlapping [from, to) are kept, so a short window
// of a long run costs one comparison per operation outside it.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/time.h"

namespace ssdtwin::nand {

struct ActivityInterval {
  enum Kind : std::uint8_t { Read, Program, Erase, ReadOut, ProgramIn };
  Kind kind;
  bool channel;         // a channel transfer (index = channel), else a die's array (index = die)
  bool gc;              // issued by GC / wear levelling rather than the host
  std::uint32_t index;  // die or channel
  TimePs start_ps, end_ps;
};

class ActivityLog {
 public:
  ActivityLog(TimePs from_ps, TimePs to_ps) : from_(from_ps), to_(to_ps) {}
  void add(ActivityInterval::Kind k, bool channel, bool gc, std::uint32_t index, TimePs start, TimePs end) {
    if (end > from_ && start < to_) events_.push_back({k, channel, gc, index, start, end});
  }
  TimePs from_ps() const { return from_; }
  TimePs to_ps() const { return to_; }
  const std::vector<ActivityInterval>& events() const { return events_; }

 private:
  TimePs from_, to_;
  std::vector<ActivityInterval> events_;
};

}  // namespace ssdtwin::nand
