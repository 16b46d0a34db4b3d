// One fio job clone as a host initiator: its own NVMe queue pair (a port of the drive's
// target socket), `iodepth` commands in flight, closed loop. Host software time
// (submission and completion overheads from the [host] profile section) is charged
// between a completion and the next submission, as in fio with libaio.
//
// Each slot wakes once per I/O, at the moment its next doorbell rings: it records the
// previous completion (seen by fio complete_overhead after the MSI-X) and submits the
// next command (issued by fio submit_overhead before the doorbell). One event per I/O,
// and the drive only ever sees requests at the current time.
//
// thinktime/thinktime_blocks: after every thinktime_blocks issues the job quiesces (waits
// for its in-flight I/Os), then idles thinktime before the parked slots issue again.
//
// Statistics count completions in [start + ramp_time, start + ramp_time + runtime] when a
// runtime is set: completions after it (the drain of work queued in the drive) are not
// counted, so a time-based job reports the steady rate over exactly its runtime.
#pragma once
#include <functional>
#include <memory>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <vector>

#include "host_if/host_if_config.h"
#include "workload/access_pattern.h"
#include "host_if/nvme_extension.h"
#include "nand/activity_log.h"
#include "workload/fio_job.h"
#include "workload/job_stats.h"
#include "sim/rng.h"
#include "sim/sc_wakeup.h"

namespace ssdtwin::workload {

// The host path's software worker all initiators of a run share (HostConfig::path_read /
// path_write per_io): the time it is next free.
struct HostPath {
  TimePs free_ps = 0;
};

struct InitiatorSetup {
  FioJob job;
  std::uint32_t job_index = 0, clone = 0, group = 0;
  std::uint64_t region_start = 0;  // bytes, in the model's (scaled) address space
  std::uint64_t region_bytes = 0;
  std::uint64_t io_limit_bytes = 0;  // 0: unlimited (time-based)
  std::uint64_t scale = 1;           // the layout's capacity scale (zoned_abs sizes)
  // read_iolog, prepared for this drive (offsets folded into the region, trims whole IUs);
  // shared by the job's clones, each of which replays all of it.
  std::shared_ptr<const std::vector<TraceIo>> trace;
  nand::ActivityLog* timeline = nullptr;  // queue depth samples for --timeline
  std::uint32_t queue_index = 0;          // this clone's track on the timeline
  std::uint64_t seed = 0;
  HostPath* host_path = nullptr;  // shared; used when host.path_read/write_per_io_ns is set
  // The drive's (model::Drive::lookahead()): the slots' wake-ups run there, ahead of the
  // kernel with the drive's. Null: on this module's own kernel event.
  LookaheadDomain* domain = nullptr;
};

class FioInitiator : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(FioInitiator);
  tlm_utils::simple_initiator_socket<FioInitiator> socket;

  FioInitiator(sc_core::sc_module_name name, const InitiatorSetup& setup, const host_if::HostConfig& host,
               std::function<void(FioInitiator&)> on_done);
  ~FioInitiator() override;
  void start(TimePs now);                                       // called by the group scheduler
  void stop_at(TimePs t) { stop_ps_ = std::min(stop_ps_, t); }  // ends the runtime early
  // The drive lost power: completions reaped from now on never happened for the host
  // (counted as aborted, not in the statistics) and no slot issues until power_on().
  void power_off() { powered_ = false; }
  void power_on(TimePs now);
  std::uint32_t inflight() const { return inflight_; }
  bool finished() const { return done_; }
  const JobStats& stats() const { return stats_; }
  const InitiatorSetup& setup() const { return setup_; }

 private:
  struct Slot {
    tlm::tlm_generic_payload trans;
    TimePs issued_ps = 0;  // fio's submission time
    TimePs seen_ps = 0;    // MSI-X arrival of the outstanding command
    bool outstanding = false;
    // The next I/O, drawn when the slot first wants to issue and kept while a rate cap
    // holds it back.
    bool planned = false;
    std::uint32_t dir = kDirRead;
    std::uint64_t offset = 0, bytes = 0;
    TimePs not_before_ps = 0;  // a timed trace's issue time
  };
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& t, tlm::tlm_phase& ph, sc_core::sc_time& d);
  void on_wake();
  void plan(Slot& s);
  std::uint64_t draw_bs(std::uint32_t dir);
  void issue(std::uint32_t slot, TimePs issue_ps);
  void on_slot(std::uint32_t slot, TimePs now);
  bool may_issue(TimePs issue_ps) const;
  bool may_issue_bytes() const;

  InitiatorSetup setup_;
  host_if::HostConfig host_;
  std::function<void(FioInitiator&)> on_done_;
  std::vector<Slot> slots_;
  std::vector<unsigned char> dummy_data_;
  Rng rng_;
  std::uint64_t align_ = 0;  // offsets are multiples of the smallest block size (fio's blockalign default)
  AccessPattern pattern_;
  std::uint64_t next_seq_ = 0, issued_bytes_ = 0, issued_ios_ = 0;
  TimePs next_allowed_ps_[2] = {0, 0};  // rate/rate_iops, per direction
  std::size_t trace_next_ = 0;
  // zonemode=strided (bytes in the model's scaled space)
  std::uint64_t zone_start_ = 0, zone_done_ = 0, zone_range_ = 0, zone_size_ = 0, zone_step_ = 0;
  bool trace_timed_ = false;
  // A trace that mixes trims with reads/writes attaches this to a payload for a trim only.
  std::vector<std::unique_ptr<host_if::DeallocateExtension>> dealloc_;
  TimePs start_ps_ = 0, stats_from_ps_ = 0, stop_ps_ = kTimeNever;
  std::uint32_t inflight_ = 0;
  bool done_ = false;
  // thinktime: issues since the last think; once they reach thinktime_blocks the job stops
  // issuing (slots park) until everything in flight has completed, then idles.
  std::uint32_t since_think_ = 0;
  bool thinking_ = false;
  std::vector<std::uint32_t> parked_;
  bool powered_ = true;
  std::vector<std::uint32_t> power_parked_;  // slots waiting for the drive to come back
  JobStats stats_;
  ScWakeups<std::uint32_t> wake_;
};

}  // namespace ssdtwin::workload
