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
    if (when < armed_) {  // only an earlier wake-up needs the kernel
      armed_ = when;
      event_.notify(sc_ps(when - now));
    }
  }

  // Calls handler(value) for every item due now, then re-arms for the next one.
  template <class F>
  void drain(F&& handler) {
    const TimePs now = sc_now_ps();
    armed_ = now;  // items due now, even those pushed by the handlers, are taken below
    while (!queue_.empty() && queue_.top_time() <= now) handler(queue_.pop());
    armed_ = kTimeNever;
    if (!queue_.empty()) {
      armed_ = queue_.top_time();
      event_.notify(sc_ps(armed_ - now));
    }
  }
  bool idle() const { return queue_.empty(); }

 private:
  sc_core::sc_event event_;
  TimedQueue<T> queue_;
  TimePs armed_ = kTimeNever;  // time of the pending notification, if any
};

}  // namespace ssdtwin
