// Periodic samples of the drive's state in simulated time, to plot how a fresh drive falls
// to steady state (the "write cliff"): host bandwidth, NAND programs, GC relocations,
// free block groups, cumulative WAF and the erase-count distribution per interval. Sampling stops by itself once
// nothing changes for 100 intervals, so it can never keep a stalled simulation alive.
#pragma once
#include <functional>
#include <string>
#include <systemc>
#include <vector>

#include "config/drive_config.h"
#include "config/layout.h"
#include "power/energy.h"
#include "sim/sc_wakeup.h"
#include "sim/time.h"

namespace ssdtwin::model {

// Cumulative busy time of the resources a run can be bound by (model/utilisation.h).
struct BusyCounters {
  TimePs core_ps = 0, gc_fw_ps = 0;           // summed over the firmware cores
  TimePs die_sum_ps = 0, channel_sum_ps = 0;  // summed over dies, over channels
  TimePs link_up_ps = 0, link_down_ps = 0;
  TimePs buffer_wait_ps = 0;  // some host write waited for write-buffer space
};

struct Sample {
  double t_s = 0;
  std::uint64_t host_read_bytes = 0, host_write_bytes = 0;  // cumulative
  std::uint64_t nand_programs = 0, nand_erases = 0;
  double host_written_ius = 0;  // host bytes written / IU: sub-IU writes count their share
  std::uint64_t nand_programmed_ius = 0, gc_relocated_ius = 0;
  std::uint64_t free_block_groups = 0;
  // Erase counts of all block groups, in full-scale P/E cycles (a BG scaled to 1/N of the
  // wordlines is erased N times as often, so counts are divided by the scale).
  double pe_min = 0, pe_mean = 0, pe_max = 0, pe_stddev = 0;
  power::ActivityCounters activity;  // for the power series
  double temp_c = 0;                 // composite temperature
  BusyCounters busy;
};

class TimeSeriesSampler : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(TimeSeriesSampler);
  // Ticks in `domain` when given (sim/lookahead.h), so a sample at a time some model
  // wake-up shares comes in a fixed order.
  TimeSeriesSampler(sc_core::sc_module_name name, TimePs interval_ps, std::function<Sample()> probe,
                    LookaheadDomain* domain = nullptr);
  const std::vector<Sample>& samples() const { return samples_; }

 private:
  void on_wake();
  void tick();
  TimePs interval_ps_;
  std::function<Sample()> probe_;
  std::vector<Sample> samples_;
  std::uint32_t unchanged_ = 0;
  ScWakeups<char> wake_;
};

// Per-interval rates derived from the cumulative samples: one row per interval.
struct SeriesTable {
  std::vector<std::string> columns;
  std::vector<std::vector<double>> rows;
};
SeriesTable time_series_table(const std::vector<Sample>& s, const config::DriveConfig& cfg,
                              const config::Layout& layout);
// Average power per interval, total and per component (W).
SeriesTable power_series_table(const std::vector<Sample>& s, const config::DriveConfig& cfg,
                               const config::Layout& layout);
std::string to_csv(const SeriesTable& t);

}  // namespace ssdtwin::model
