// SNIA PTS steady state in timed rounds: a monitor that closes one round every `round_ps`
// after the ramp, records the round's IOPS and MB/s (completions of every job), and stops
// the jobs once the last five rounds' IOPS satisfy the SNIA rule (model/steady_state.h) or
// the round limit is reached. The jobs' own statistics then span all rounds; the report's
// window figures are the mean of the five rounds that met the rule.
#pragma once
#include <systemc>
#include <vector>

#include "sim/sc_wakeup.h"
#include "workload/fio_initiator.h"

namespace ssdtwin::model {

struct SteadyRoundsReport {
  std::uint32_t max_rounds = 0;  // 0: not requested
  double round_s = 0;
  std::vector<double> round_iops, round_mbps;
  bool steady = false;
  std::uint32_t steady_round = 0;  // 1-based round that completed the steady window
  double window_iops = 0, window_mbps = 0;
};

class SteadyRoundsMonitor : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(SteadyRoundsMonitor);
  SteadyRoundsMonitor(sc_core::sc_module_name name, std::vector<workload::FioInitiator*> jobs,
                      TimePs first_round_end_ps, TimePs round_ps, std::uint32_t max_rounds,
                      LookaheadDomain* domain = nullptr);  // ticks in `domain` when given
  const SteadyRoundsReport& report() const { return report_; }

 private:
  void on_wake();
  void on_round();
  std::vector<workload::FioInitiator*> jobs_;
  TimePs round_ps_;
  std::uint64_t last_ios_ = 0, last_bytes_ = 0;
  SteadyRoundsReport report_;
  ScWakeups<char> wake_;
};

}  // namespace ssdtwin::model
