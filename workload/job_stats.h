// What one job (one fio clone) measured: per direction, completions and their latency.
#pragma once
#include <cstdint>
#include <string>

#include "workload/fio_logs.h"
#include "workload/latency_histogram.h"
#include "sim/time.h"

namespace ssdtwin::workload {

struct DirectionStats {
  std::uint64_t ios = 0;
  std::uint64_t bytes = 0;
  LatencyHistogram lat_ns;  // submission to completion seen by the host
  void merge(const DirectionStats& o) {
    ios += o.ios;
    bytes += o.bytes;
    lat_ns.merge(o.lat_ns);
  }
};

struct JobStats {
  std::string name;
  std::uint32_t group = 0;
  std::uint32_t job_index = 0;  // index in the job file
  std::uint32_t clone = 0;
  TimePs start_ps = 0;  // measurement window start (after ramp_time)
  TimePs end_ps = 0;    // last completion reaped (a runtime-stopped job: after the drain, as fio)
  DirectionStats read, write, trim;
  // Every completion, ramp and drain included (for time series).
  std::uint64_t all_read_bytes = 0, all_write_bytes = 0;  // data moved, ramp included (not deallocations)
  std::uint64_t all_ios = 0;                              // every completion, ramp included (for the power report)
  std::uint64_t issued_ios = 0;                           // every command submitted, ramp included
  std::uint64_t drained_ios = 0;         // completions reaped after the runtime ended (counted, as fio does)
  TimePs drain_ps = 0;                   // from the end of the runtime to the last completion reaped
  std::uint64_t power_loss_aborted = 0;  // commands whose completion was lost to a power cut
  JobLogs logs;                          // fio log files, when the job asks for them
  TimePs runtime_ps() const { return end_ps > start_ps ? end_ps - start_ps : 0; }
};

}  // namespace ssdtwin::workload
