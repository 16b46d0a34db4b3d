// A sustained-power limit as a rate on energy: the generic cell rate algorithm (GCRA, the
// virtual-scheduling form of a token bucket) with joules as cells. Spending E at rate R
// occupies E/R of "budget time"; an expense may start once the budget time is at most
// `tolerance` ahead of it. Over any interval T the energy admitted is then at most
// R x (T + tolerance), so with R = P / (1 + tolerance / W) the average over any window of
// length W stays at or under P. O(1) per expense, no allocation.
#pragma once
#include <algorithm>
#include <cstdint>

#include "sim/time.h"

namespace ssdtwin {

class EnergyBudget {
 public:
  // watts <= 0: unlimited.
  void set_rate(double watts, TimePs tolerance_ps) {
    watts_ = watts;
    tolerance_ps_ = tolerance_ps;
  }
  bool limited() const { return watts_ > 0; }
  double rate_w() const { return watts_; }

  // Earliest moment at or after `ready` at which an expense conforms.
  TimePs earliest(TimePs ready) const {
    if (!limited() || tat_ps_ <= tolerance_ps_) return ready;
    return std::max(ready, tat_ps_ - tolerance_ps_);
  }
  // Whether an expense may start at `now`: it conforms by `now` + the grant window. A
  // window batches admissions (one check admits every expense that conforms within it)
  // at the cost of starting some up to one window early, which adds the window to the
  // burst tolerance; the long-run rate is unchanged.
  bool grants(TimePs now) const { return earliest(now) <= now + grant_window_ps_; }
  void set_grant_window(TimePs ps) { grant_window_ps_ = ps; }
  // Records an expense made at `at` (which should be earliest(...) or later).
  void spend(TimePs at, double joules) {
    spent_j_ += joules;
    if (!limited() || joules <= 0) return;
    tat_ps_ = std::max(tat_ps_, at) + static_cast<TimePs>(joules / watts_ * 1e12);
  }
  // earliest() then spend(); counts how much the limit delayed the expense.
  TimePs admit(TimePs ready, double joules) {
    const TimePs t = earliest(ready);
    spend(t, joules);
    if (t > ready) {
      ++throttled_;
      throttle_delay_ps_ += t - ready;
    }
    return t;
  }
  void note_throttled(TimePs delay_ps) {
    ++throttled_;
    throttle_delay_ps_ += delay_ps;
  }
  std::uint64_t throttled() const { return throttled_; }
  double spent_j() const { return spent_j_; }  // all dynamic energy charged so far
  TimePs throttle_delay_ps() const { return throttle_delay_ps_; }

 private:
  double watts_ = 0;
  TimePs tolerance_ps_ = 0;
  TimePs tat_ps_ = 0;  // theoretical arrival time of the next conforming expense
  TimePs grant_window_ps_ = 0;
  std::uint64_t throttled_ = 0;
  TimePs throttle_delay_ps_ = 0;
  double spent_j_ = 0;
};

}  // namespace ssdtwin
