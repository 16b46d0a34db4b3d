// The lookahead domain (sim/lookahead.h) runs its members' wake-ups ahead of the kernel but
// never past the kernel's next activity: a process outside the domain sees the domain's
// state exactly as at its own time, a wake-up it adds runs in order, a kernel event a
// handler schedules (announced with kernel_touched()) stops the run-ahead at its time, and
// stop_simulation() leaves the model clock at the stopping handler's time.
#include <boost/test/unit_test.hpp>
#include <vector>

#include "sim/sc_wakeup.h"

using namespace ssdtwin;

namespace {

constexpr TimePs kNs = kPsPerNs;

// A domain member: handles its items, recording the model clock and the kernel time.
struct Member : sc_core::sc_module {
  SC_HAS_PROCESS(Member);
  ScWakeups<int> wake{"wake"};
  std::vector<TimePs> seen, kernel_at;
  std::function<void(int)> on_item;
  Member(sc_core::sc_module_name n, LookaheadDomain& d) : sc_module(n) {
    SC_METHOD(on_wake);
    sensitive << wake.event();
    dont_initialize();
    wake.join(d, [this] { on_wake(); });
  }
  void on_wake() {
    wake.drain([this](int v) {
      seen.push_back(sc_now_ps());
      kernel_at.push_back(sc_kernel_ps());
      if (on_item) on_item(v);
    });
  }
  std::size_t handled_before(TimePs t) const {
    std::size_t n = 0;
    for (TimePs s : seen) n += s < t;
    return n;
  }
};

// Outside the domain: woken by kernel events only.
struct Observer : sc_core::sc_module {
  SC_HAS_PROCESS(Observer);
  sc_core::sc_event ev;
  std::function<void()> on_wake;
  explicit Observer(sc_core::sc_module_name n) : sc_module(n) {
    SC_METHOD(run);
    sensitive << ev;
    dont_initialize();
  }
  void run() { on_wake(); }
};

}  // namespace

BOOST_AUTO_TEST_CASE(domain_runs_ahead_but_never_past_the_kernels_next_activity) {
  LookaheadDomain domain("domain");
  Member a("a", domain), b("b", domain);
  Observer obs("observer");
  // a: every 10 ns from 10 to 2000 ns; b: every 10 ns from 13 ns. Dense work, so the domain
  // could run far ahead if nothing stopped it.
  a.on_item = [&](int v) {
    if (v < 200) a.wake.at(sc_now_ps() + 10 * kNs, v + 1);
    // At 400 ns, a handler schedules a kernel event for the observer 35 ns later.
    if (sc_now_ps() == 400 * kNs) {
      obs.ev.notify(sc_ps(435 * kNs - sc_kernel_ps()));
      kernel_touched();
    }
    if (sc_now_ps() == 1500 * kNs) stop_simulation();
  };
  b.on_item = [&](int v) {
    if (v < 200) b.wake.at(sc_now_ps() + 10 * kNs, v + 1);
  };
  std::vector<TimePs> observed;
  std::size_t a_before = 0, a_at_435 = 0;
  obs.on_wake = [&] {
    const TimePs t = sc_now_ps();
    observed.push_back(t);
    BOOST_TEST(t == sc_kernel_ps());  // outside the domain the model clock is the kernel's
    if (t == 95 * kNs) {
      // The domain has run every item before 95 ns and none after: a's 10..90, b's 13..93.
      a_before = a.seen.size();
      BOOST_TEST(a.seen.size() == 9u);
      BOOST_TEST(b.seen.size() == 9u);
      a.wake.at(t + 1 * kNs, 1000);  // a wake-up added from outside runs in order
    }
    if (t == 435 * kNs) a_at_435 = a.seen.size();
  };
  a.wake.at(10 * kNs, 1);
  b.wake.at(13 * kNs, 1);
  obs.ev.notify(sc_ps(95 * kNs));
  sc_core::sc_start();

  BOOST_TEST(observed == (std::vector<TimePs>{95 * kNs, 435 * kNs}), boost::test_tools::per_element());
  BOOST_TEST(a_before == 9u);
  // 10..430 (43 items) plus the one at 96 ns: the event from inside the domain held it back.
  BOOST_TEST(a_at_435 == 44u);
  BOOST_TEST(a.handled_before(435 * kNs) == 44u);
  // Every handler saw its item's time; the one added at 95 ns ran at 96 ns, between 90 and 100.
  for (std::size_t i = 1; i < a.seen.size(); ++i) BOOST_TEST(a.seen[i] > a.seen[i - 1]);
  BOOST_TEST(a.seen[9] == 96 * kNs);
  // It did run ahead: most handlers ran while the kernel was still at an earlier time.
  std::size_t ahead = 0;
  for (std::size_t i = 0; i < a.seen.size(); ++i) ahead += a.seen[i] > a.kernel_at[i];
  BOOST_TEST(ahead > a.seen.size() / 2);
  BOOST_TEST(domain.kernel_wakeups() < domain.handlers_run() / 10);
  // Stopped by a handler at 1500 ns: nothing later ran, and the model clock says 1500 ns
  // although the kernel stopped where it was.
  BOOST_TEST(a.seen.back() == 1500 * kNs);
  BOOST_TEST(b.seen.back() < 1500 * kNs);
  BOOST_TEST(sc_now_ps() == 1500 * kNs);
}
