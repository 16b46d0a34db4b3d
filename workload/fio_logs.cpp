#include "workload/fio_logs.h"

#include <algorithm>
#include <cmath>

namespace ssdtwin::workload {

void JobLogs::configure(const LogSettings& s, TimePs job_start_ps) {
  s_ = s;
  start_ps_ = rate_from_ps_ = lat_from_ps_ = job_start_ps;
  rate_window_ps_ = TimePs(s.avg_msec ? s.avg_msec : 500) * kPsPerMs;
  lat_window_ps_ = TimePs(s.avg_msec) * kPsPerMs;
}

void JobLogs::close_rate_window(TimePs end_ps) {
  const double secs = s_from_ps(end_ps - rate_from_ps_);
  const std::uint64_t t_ms = (end_ps - start_ps_) / kPsPerMs;
  for (std::uint32_t d = 0; d < 3; ++d) {
    Acc& a = rate_[d];
    if (!a.ios || secs <= 0) continue;
    if (s_.bw) bw.push_back({t_ms, std::uint64_t(std::llround(double(a.bytes) / 1024.0 / secs)), d, 0, 0});
    if (s_.iops) iops.push_back({t_ms, std::uint64_t(std::llround(double(a.ios) / secs)), d, 0, 0});
    a = Acc{};
  }
  rate_from_ps_ = end_ps;
}

void JobLogs::close_lat_window(TimePs end_ps) {
  const std::uint64_t t_ms = (end_ps - start_ps_) / kPsPerMs;
  for (std::uint32_t d = 0; d < 3; ++d) {
    Acc& a = lat_acc_[d];
    if (!a.ios) continue;
    const std::uint64_t l = s_.max_value ? a.lat_max : a.lat_sum / a.ios;
    const std::uint64_t sl = s_.max_value ? a.slat_max : a.slat_sum / a.ios;
    lat.push_back({t_ms, l, d, 0, 0});
    slat.push_back({t_ms, sl, d, 0, 0});
    clat.push_back({t_ms, l - sl, d, 0, 0});
    a = Acc{};
  }
  lat_from_ps_ = end_ps;
}

void JobLogs::close_rate_windows_before(TimePs t) {
  while (t >= rate_from_ps_ + rate_window_ps_) close_rate_window(rate_from_ps_ + rate_window_ps_);
}

void JobLogs::close_lat_windows_before(TimePs t) {
  while (t >= lat_from_ps_ + lat_window_ps_) close_lat_window(lat_from_ps_ + lat_window_ps_);
}

void JobLogs::record(TimePs done_ps, std::uint32_t dir, std::uint64_t bytes, std::uint64_t offset, std::uint64_t lat_ns,
                     std::uint64_t slat_ns) {
  if (s_.bw || s_.iops) {
    close_rate_windows_before(done_ps);
    ++rate_[dir].ios;
    rate_[dir].bytes += bytes;
  }
  if (!s_.lat) return;
  if (!lat_window_ps_) {
    const std::uint64_t t_ms = (done_ps - start_ps_) / kPsPerMs;
    lat.push_back({t_ms, lat_ns, dir, bytes, offset});
    slat.push_back({t_ms, slat_ns, dir, bytes, offset});
    clat.push_back({t_ms, lat_ns - slat_ns, dir, bytes, offset});
    return;
  }
  close_lat_windows_before(done_ps);
  Acc& a = lat_acc_[dir];
  ++a.ios;
  a.lat_sum += lat_ns;
  a.slat_sum += slat_ns;
  a.lat_max = std::max(a.lat_max, lat_ns);
  a.slat_max = std::max(a.slat_max, slat_ns);
}

void JobLogs::finish(TimePs end_ps) {
  if (s_.bw || s_.iops) {
    close_rate_windows_before(end_ps);
    if (end_ps > rate_from_ps_) close_rate_window(end_ps);
  }
  if (s_.lat && lat_window_ps_) {
    close_lat_windows_before(end_ps);
    if (end_ps > lat_from_ps_) close_lat_window(end_ps);
  }
}

}  // namespace ssdtwin::workload
