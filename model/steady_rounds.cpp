#include "model/steady_rounds.h"

#include "model/steady_state.h"
#include "sim/sc_wakeup.h"

namespace ssdtwin::model {

SteadyRoundsMonitor::SteadyRoundsMonitor(sc_core::sc_module_name name, std::vector<workload::FioInitiator*> jobs,
                                         TimePs first_round_end_ps, TimePs round_ps, std::uint32_t max_rounds,
                                         LookaheadDomain* domain)
    : sc_module(name), jobs_(std::move(jobs)), round_ps_(round_ps), wake_("round_event") {
  report_.max_rounds = max_rounds;
  report_.round_s = s_from_ps(round_ps);
  SC_METHOD(on_wake);
  sensitive << wake_.event();
  dont_initialize();
  if (domain) wake_.join(*domain, [this] { on_wake(); });
  wake_.at(first_round_end_ps, 0);
}

void SteadyRoundsMonitor::on_wake() {
  wake_.drain([this](char) { on_round(); });
}

void SteadyRoundsMonitor::on_round() {
  std::uint64_t ios = 0, bytes = 0;
  for (const workload::FioInitiator* j : jobs_) {
    const workload::JobStats& s = j->stats();
    ios += s.read.ios + s.write.ios + s.trim.ios;
    bytes += s.read.bytes + s.write.bytes + s.trim.bytes;
  }
  const double secs = s_from_ps(round_ps_);
  report_.round_iops.push_back(double(ios - last_ios_) / secs);
  report_.round_mbps.push_back(double(bytes - last_bytes_) / secs / 1e6);
  last_ios_ = ios;
  last_bytes_ = bytes;
  const auto rounds = static_cast<std::uint32_t>(report_.round_iops.size());
  if (is_steady(report_.round_iops)) {
    report_.steady = true;
    report_.steady_round = rounds;
    const std::size_t n = SteadyStateRule{}.window;
    for (std::size_t i = rounds - n; i < rounds; ++i) {
      report_.window_iops += report_.round_iops[i] / double(n);
      report_.window_mbps += report_.round_mbps[i] / double(n);
    }
  }
  if (report_.steady || rounds >= report_.max_rounds) {
    for (workload::FioInitiator* j : jobs_) j->stop_at(sc_now_ps());
    return;
  }
  wake_.at(sc_now_ps() + round_ps_, 0);
}

}  // namespace ssdtwin::model
