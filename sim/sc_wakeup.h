// SystemC side of a TimedQueue: the module's many pending wake-ups, of which the kernel
// (one sc_event re-armed for the earliest, and one SC_METHOD registered by the owning
// module that drains everything due) or a LookaheadDomain (sim/lookahead.h) sees only the
// earliest.
#pragma once
#include <functional>
#include <systemc>

#include "sim/lookahead.h"
#include "sim/timed_queue.h"

namespace ssdtwin {

template <class T>
class ScWakeups : public DomainMember {
 public:
  explicit ScWakeups(const char* name) : event_(name) {}
  sc_core::sc_event& event() { return event_; }

  // From now on the domain, not this queue's event, wakes `on_due` (the owner's drain).
  void join(LookaheadDomain& d, std::function<void()> on_due) {
    domain_ = &d;
    on_due_ = std::move(on_due);
    if (!queue_.empty()) {  // anything already notified on the event still fires, harmlessly
      armed_ = kTimeNever;
      arm(queue_.top_time());
    }
  }
  void run_due() override { on_due_(); }

  void at(TimePs when, T value) {
    const TimePs now = sc_now_ps();
    if (when < now) when = now;
    queue_.push(when, value);
    if (when < armed_) arm(when);  // only an earlier wake-up needs the kernel (or the domain)
  }

  // Calls handler(value) for every item due now, then re-arms for the next one.
  template <class F>
  void drain(F&& handler) {
    const TimePs now = sc_now_ps();
    armed_ = now;  // items due now, even those pushed by the handlers, are taken below
    while (!queue_.empty() && queue_.top_time() <= now) handler(queue_.pop());
    armed_ = kTimeNever;
    if (!queue_.empty()) arm(queue_.top_time());
  }
  bool idle() const { return queue_.empty(); }

 private:
  void arm(TimePs when) {
    if (domain_) {
      domain_->arm(this, when);
    } else {
      armed_ = when;
      event_.notify(sc_ps(when - sc_kernel_ps()));
      kernel_touched();
    }
  }
  sc_core::sc_event event_;
  TimedQueue<T> queue_;
  std::function<void()> on_due_;
};

}  // namespace ssdtwin
