// Power-loss injection (run --power-loss-at / --power-loss-random). At each cut the host
// loses the drive (outstanding commands are never completed for it) and the drive's supply
// fails:
//  - with PLP (profile [plp] enabled = 1) the drive runs on its hold-up capacitors for
//    capacitor_energy_j / flush_power_w, flushing the write buffer (the open unit padded)
//    and its GC buffers. If everything volatile is on NAND in time the cut is clean: a
//    spare-area scan must find every LPN's newest version, the drive stays off for the off
//    time, boots, loads its saved map and the host resumes.
//  - without PLP, or if the hold-up runs out first, the cut freezes the drive as it is:
//    programs in flight are interrupted, DRAM is gone. The spare-area scan rebuilds the map
//    (ftl/recovery.h) and lists every write whose newest version was lost, with whether it
//    had been acknowledged; the run ends there (the model does not resume from a torn state).
// Recovery time is reported for the full-size drive (docs/architecture.md, "Power loss").
#pragma once
#include <string>
#include <systemc>
#include <vector>

#include "ftl/recovery.h"
#include "model/drive.h"
#include "workload/fio_initiator.h"
#include "sim/sc_wakeup.h"

namespace ssdtwin::model {

struct PowerLossOptions {
  // Cut times, ascending. One that falls inside an earlier outage comes 1 ms after the
  // host is back; one after the jobs have ended does not happen.
  std::vector<TimePs> at_ps;
  TimePs off_ps = 100 * kPsPerMs;  // supply off this long after each cut
};

struct RecoveryEstimate {
  double seconds = 0;
  std::string basis;  // the terms and where their numbers come from
};
// Boot plus loading the saved map (PLP) or a spare-area scan of the programmed fraction of
// the drive (none), for the full-size drive of `cfg` (not the scaled model).
RecoveryEstimate recovery_estimate(const config::DriveConfig& cfg, bool map_saved, double programmed_fraction);

struct PowerLossEvent {
  TimePs cut_ps = 0;
  bool plp = false;
  TimePs hold_up_ps = 0;
  double energy_available_j = 0, energy_used_j = 0;
  std::uint64_t buffered_ius_at_cut = 0;  // write-buffer IUs holding data when the supply failed
  TimePs flushed_after_ps = 0;            // cut to nothing volatile left (clean cuts)
  bool clean = false;                     // nothing volatile was left when the drive went dark
  std::uint64_t aborted_commands = 0;     // host commands outstanding at the cut (never completed for the host)
  ftl::CutScan scan;
  RecoveryEstimate recovery;
  TimePs resumed_ps = 0;  // host I/O resumes (clean cuts)
};

class PowerLossInjector : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(PowerLossInjector);
  PowerLossInjector(sc_core::sc_module_name name, Drive& drive, std::vector<workload::FioInitiator*> hosts,
                    const PowerLossOptions& opt);
  const std::vector<PowerLossEvent>& events() const { return events_; }
  bool ended_run() const { return ended_run_; }

 private:
  enum class Step : std::uint8_t { Cut, Poll, Restore };
  void start_of_simulation() override;
  void on_wake();
  void cut(TimePs now);
  void poll(TimePs now);
  void went_dark(TimePs now);
  void restore(TimePs now);

  Drive& drive_;
  std::vector<workload::FioInitiator*> hosts_;
  PowerLossOptions opt_;
  std::vector<PowerLossEvent> events_;
  std::size_t next_ = 0;
  bool ended_run_ = false;
  ScWakeups<Step> wake_;
};

}  // namespace ssdtwin::model
