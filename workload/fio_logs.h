// fio's per-job log files (write_bw_log, write_iops_log, write_lat_log), collected during the
// run and written by the reporter in fio's LOG FILE FORMATS layout:
//   time (ms since the job started), value, data direction (0 read, 1 write, 2 trim),
//   block size (bytes), offset (bytes), command priority (0)
// Values: bandwidth in KiB/s, IOPS, latency in ns. Bandwidth and IOPS are averaged over
// windows of log_avg_msec, or of fio's default bwavgtime/iopsavgtime (500 ms) when it is 0;
// latency logs hold every I/O unless log_avg_msec sets windows (then the window's mean, or
// its maximum with log_max_value). Windowed rows carry block size and offset 0, as fio's.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "sim/time.h"

namespace ssdtwin::workload {

struct LogRow {
  std::uint64_t t_ms;
  std::uint64_t value;
  std::uint32_t dir;
  std::uint64_t bs, offset;
};

struct LogSettings {
  bool bw = false, iops = false, lat = false;
  std::string bw_name, iops_name, lat_name;  // fio's file name stems ("" = the job name)
  std::uint32_t avg_msec = 0;
  bool max_value = false;
  bool per_job = true;  // per_job_logs: name.x.log
  bool offset = false;  // log_offset: an offset column
  bool any() const { return bw || iops || lat; }
};

// One clone's logs: windows are closed as completions pass their end, so memory grows
// with the rows written, not with the I/Os (except per-I/O latency logs).
class JobLogs {
 public:
  void configure(const LogSettings& s, TimePs job_start_ps);
  bool enabled() const { return s_.any(); }
  // A completion at done_ps; lat/slat in ns.
  void record(TimePs done_ps, std::uint32_t dir, std::uint64_t bytes, std::uint64_t offset, std::uint64_t lat_ns,
              std::uint64_t slat_ns);
  void finish(TimePs end_ps);  // closes the open windows
  const LogSettings& settings() const { return s_; }

  std::vector<LogRow> bw, iops, clat, slat, lat;

 private:
  struct Acc {
    std::uint64_t ios = 0, bytes = 0, lat_sum = 0, lat_max = 0, slat_sum = 0, slat_max = 0;
  };
  void close_rate_window(TimePs end_ps);
  void close_lat_window(TimePs end_ps);
  void close_rate_windows_before(TimePs t);  // every whole window that ends at or before t
  void close_lat_windows_before(TimePs t);

  LogSettings s_;
  TimePs start_ps_ = 0, rate_window_ps_ = 0, rate_from_ps_ = 0, lat_window_ps_ = 0, lat_from_ps_ = 0;
  Acc rate_[3], lat_acc_[3];
};

}  // namespace ssdtwin::workload
