// A window of drive activity for timelines: each NAND array operation (tR, tPROG, tBERS) on
// its die and each channel transfer, as intervals in simulated time, and the host queues'
// outstanding commands. The flash array reports
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
  // Host side: commands outstanding on a job clone's queue pair after a change at t_ps.
  struct QueueSample {
    std::uint32_t queue;
    TimePs t_ps;
    std::uint32_t outstanding;
  };
  void queue_depth(std::uint32_t queue, TimePs t, std::uint32_t outstanding) {
    if (t >= from_ && t < to_) queue_.push_back({queue, t, outstanding});
  }
  const std::vector<QueueSample>& queue_samples() const { return queue_; }
  TimePs from_ps() const { return from_; }
  TimePs to_ps() const { return to_; }
  const std::vector<ActivityInterval>& events() const { return events_; }

 private:
  TimePs from_, to_;
  std::vector<ActivityInterval> events_;
  std::vector<QueueSample> queue_;
};

}  // namespace ssdtwin::nand
