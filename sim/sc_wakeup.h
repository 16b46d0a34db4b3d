// SystemC side of a TimedQueue: one sc_event re-armed for the earliest pending item and
// one SC_METHOD (registered by the owning module) that drains everything due.
#pragma once
#include <systemc>

#include "sim/timed_queue.h"

namespace ssdtwin {

inline TimePs sc_now_ps() { return sc_core::sc_time_stamp().value(); }
inline sc_core::sc_time sc_ps(TimePs ps) { return sc_core::sc_time::from_value(ps); }

template <class T>
class ScWakeups {
 public:
  explicit ScWakeups(const char* name) : event_(name) {}
  sc_core::sc_event& event() { return event_; }

  void at(TimePs when, T value) {
    const TimePs now = sc_now_ps();
    if (when < now) when = now;
    queue_.push(when, value);
    // notify() keeps the earlier of a pending and a new notification.
    event_.notify(sc_ps(when - now));
  }

  // Calls handler(value) for every item due now, then re-arms for the next one.
  template <class F>
  void drain(F&& handler) {
    const TimePs now = sc_now_ps();
    while (!queue_.empty() && queue_.top_time() <= now) handler(queue_.pop());
    if (!queue_.empty()) event_.notify(sc_ps(queue_.top_time() - now));
  }
  bool idle() const { return queue_.empty(); }

 private:
  sc_core::sc_event event_;
  TimedQueue<T> queue_;
};

}  // namespace ssdtwin
