// Conservative lookahead: a set of modules (the drive's controller, NAND array and power
// manager, and the fio initiators bound to it) whose wake-ups run ahead of the SystemC
// kernel, in time order, through one SC_METHOD.
//
// Why: a kernel wake-up (timed notify, the kernel's event queue, crunch, process dispatch)
// cost about as much as the model's own work in one pipeline step, and a 4 KiB random read
// took four of them (docs/architecture.md, "Simulation speed").
//
// How: each member keeps its own TimedQueue (sim/sc_wakeup.h) and hands the domain a
// ticket for its earliest item. The domain takes tickets in time order and runs the
// member's handler with the model clock (sc_now_ps()) set to the ticket's time, for every
// ticket earlier than the next activity the kernel has pending
// (sc_time_to_pending_activity). Nothing outside the domain can act before that time, so
// running ahead does not change what any module sees: this is exact, not the approximate
// temporal decoupling of a TLM quantum keeper. The kernel is woken only when the domain's
// earliest ticket is not earlier than the kernel's next activity.
//
// Rules that keep it exact (docs/architecture.md, "Lookahead"):
// - model code reads time with sc_now_ps(), never sc_time_stamp();
// - a TLM timing annotation and a kernel notify are relative to the kernel's time,
//   sc_kernel_ps(), as TLM-2.0 defines them;
// - code in the domain acts on modules outside it only through kernel events (which then
//   bound the lookahead) or TLM calls with annotated delays; it stops the simulation
//   with stop_simulation(), not sc_stop().
#pragma once
#include <systemc>

#include "sim/timed_queue.h"

namespace ssdtwin {

namespace detail {
inline TimePs g_model_ps = 0;             // the latest time the domain has run a handler at
inline bool g_in_domain = false;          // a handler is running: the model clock is g_model_ps
inline bool g_stopping = false;           // stop_simulation() was called: no more lookahead
inline std::uint64_t g_kernel_epoch = 0;  // bumped by kernel_touched()
inline bool g_domain_ack = false;         // see DomainAck
}  // namespace detail

// The kernel's time: the base of TLM timing annotations and kernel notifications.
inline TimePs sc_kernel_ps() { return sc_core::sc_time_stamp().value(); }
// The model's time. Outside a domain handler the domain is never ahead of the kernel's
// next activity, so this is the kernel's time, except after the simulation stopped (or an
// sc_start(duration) ended) while the domain had run past it.
inline TimePs sc_now_ps() {
  return detail::g_in_domain ? detail::g_model_ps : max_ps(sc_kernel_ps(), detail::g_model_ps);
}
inline sc_core::sc_time sc_ps(TimePs ps) { return sc_core::sc_time::from_value(ps); }

// Code that may run inside the domain calls this after scheduling kernel activity (a
// notify, a call into a module outside the domain): the domain then asks the kernel for
// its next activity again before it runs further ahead. Asking for every ticket instead
// cost 10% of a random read's simulation.
inline void kernel_touched() { ++detail::g_kernel_epoch; }

// sc_stop() for code that may run inside the domain: the domain stops looking ahead too.
inline void stop_simulation() {
  detail::g_stopping = true;
  sc_core::sc_stop();
}

// Around a call into another module through TLM (a response to an initiator): a callee
// that is a domain member acknowledges (DomainAck::member()); any other callee is foreign
// code that may have scheduled kernel activity, so it counts as kernel_touched().
class DomainAck {
 public:
  DomainAck() { detail::g_domain_ack = false; }
  ~DomainAck() {
    if (!detail::g_domain_ack) kernel_touched();
  }
  static void member() { detail::g_domain_ack = true; }
};

class LookaheadDomain;

// What the domain schedules: one per TimedQueue (ScWakeups joins a domain).
class DomainMember {
 public:
  virtual ~DomainMember() = default;
  virtual void run_due() = 0;  // handles everything due at sc_now_ps()

 protected:
  LookaheadDomain* domain_ = nullptr;
  TimePs armed_ = kTimeNever;  // the time of this member's pending ticket or kernel notify
  friend class LookaheadDomain;
};

class LookaheadDomain : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(LookaheadDomain);
  explicit LookaheadDomain(sc_core::sc_module_name name) : sc_module(name), event_("wake") {
    SC_METHOD(run);
    sensitive << event_;
    dont_initialize();
  }

  // The member's earliest item is now at `when` (earlier than its previous ticket).
  void arm(DomainMember* m, TimePs when) {
    m->armed_ = when;
    if (m == running_member_) {  // its next item, as its handler ends: run() decides (see there)
      rearm_ = true;
      return;
    }
    tickets_.push(when, m);
    if (!running_ && when < kernel_armed_) {
      kernel_armed_ = when;
      event_.notify(sc_ps(when - sc_kernel_ps()));
    }
  }
  // Off: the kernel is woken for every ticket (the model as without lookahead, for
  // embedders that inspect the drive between sc_start(duration) calls).
  void set_lookahead(bool on) { lookahead_ = on; }
  std::uint64_t kernel_wakeups() const { return kernel_wakeups_; }
  std::uint64_t handlers_run() const { return handlers_run_; }

 private:
  void run() {
    const TimePs kernel = sc_kernel_ps();
    ++kernel_wakeups_;
    running_ = true;
    kernel_armed_ = kTimeNever;
    TimePs horizon = kernel;  // the kernel's next activity; asked for once a ticket is past `kernel`
    std::uint64_t epoch = detail::g_kernel_epoch - 1;
    DomainMember* last = nullptr;
    for (;;) {
      // The member just run re-armed: when its next item is earlier than every ticket it
      // would be the next ticket popped (a new ticket loses ties), so it runs without one.
      DomainMember* self = nullptr;
      if (rearm_) {
        rearm_ = false;
        if (tickets_.empty() || last->armed_ < tickets_.top_time())
          self = last;
        else
          tickets_.push(last->armed_, last);
      }
      if (!self && tickets_.empty()) break;
      const TimePs t = self ? self->armed_ : tickets_.top_time();
      if (t > kernel) {
        bool stop = !lookahead_ || detail::g_stopping;
        if (!stop && epoch != detail::g_kernel_epoch) {  // first time, or a handler scheduled kernel activity
          epoch = detail::g_kernel_epoch;
          horizon = kernel + sc_core::sc_time_to_pending_activity().value();
        }
        if (stop || t >= horizon) {
          if (self) tickets_.push(t, self);
          break;
        }
      }
      DomainMember* m = self;
      if (!m) {
        m = tickets_.pop();
        if (m->armed_ != t) continue;  // superseded by an earlier ticket and drained already
      }
      detail::g_model_ps = t;
      detail::g_in_domain = true;
      ++handlers_run_;
      running_member_ = last = m;
      m->run_due();
      running_member_ = nullptr;
      detail::g_in_domain = false;
    }
    running_ = false;
    if (!tickets_.empty()) {
      kernel_armed_ = tickets_.top_time();
      event_.notify(sc_ps(kernel_armed_ - kernel));
    }
  }

  sc_core::sc_event event_;
  TimedQueue<DomainMember*> tickets_;
  TimePs kernel_armed_ = kTimeNever;
  DomainMember* running_member_ = nullptr;  // whose handler is running
  bool rearm_ = false;                      // it re-armed (its ticket not issued yet)
  bool running_ = false;
  bool lookahead_ = true;
  std::uint64_t kernel_wakeups_ = 0, handlers_run_ = 0;
};

}  // namespace ssdtwin
