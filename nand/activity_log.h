// A window of drive activity for timelines: each NAND array operation (tR, tPROG, tBERS) on
// its die and each channel transfer, as intervals in simulated time, and the host queues'
// outstanding commands. The flash array reports
// every interval it books; only those overlapping [from, to) are kept, so a short window
// of a long run costs one comparison per operation outside it.
#pragma once
#include <cstddef>
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
  // At most this many intervals (and as many queue samples) are kept: about 75 MB of trace
  // JSON. A window that holds more is cut where the limit was reached (truncated_at_ps).
  static constexpr std::size_t kMaxEvents = 500000;

  ActivityLog(TimePs from_ps, TimePs to_ps) : from_(from_ps), to_(to_ps) {}
  void add(ActivityInterval::Kind k, bool channel, bool gc, std::uint32_t index, TimePs start, TimePs end) {
    if (end <= from_ || start >= to_) return;
    if (events_.size() >= kMaxEvents) return cut(start);
    events_.push_back({k, channel, gc, index, start, end});
  }
  // Host side: commands outstanding on a job clone's queue pair after a change at t_ps.
  struct QueueSample {
    std::uint32_t queue;
    TimePs t_ps;
    std::uint32_t outstanding;
  };
  void queue_depth(std::uint32_t queue, TimePs t, std::uint32_t outstanding) {
    if (t < from_ || t >= to_) return;
    if (queue_.size() >= kMaxEvents) return cut(t);
    queue_.push_back({queue, t, outstanding});
  }
  // The time recording stopped at because the limit was reached; 0 when it was not.
  TimePs truncated_at_ps() const { return truncated_at_; }
  const std::vector<QueueSample>& queue_samples() const { return queue_; }
  TimePs from_ps() const { return from_; }
  TimePs to_ps() const { return to_; }
  const std::vector<ActivityInterval>& events() const { return events_; }

 private:
  void cut(TimePs t) {
    if (!truncated_at_) truncated_at_ = t;
  }
  TimePs from_, to_;
  TimePs truncated_at_ = 0;
  std::vector<ActivityInterval> events_;
  std::vector<QueueSample> queue_;
};

}  // namespace ssdtwin::nand
