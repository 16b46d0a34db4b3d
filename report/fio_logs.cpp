// fio's log files (write_bw_log, write_iops_log, write_lat_log), in fio's format.
#include <algorithm>
#include <fmt/format.h>

#include "config/output_file.h"
#include "report/report.h"

namespace ssdtwin::report {

std::vector<std::string> write_fio_logs(const workload::FioJobFile& jobs, const model::RunResult& r) {
  std::vector<std::string> written;
  std::uint32_t x = 0;
  for (const workload::JobStats& st : r.jobs) {
    ++x;
    const workload::FioJob& j = jobs.jobs[st.job_index];
    const workload::LogSettings& s = j.logs;
    if (!s.any()) continue;
    auto write = [&](const std::string& stem, const char* type, const std::vector<workload::LogRow>& rows) {
      const std::string path =
          fmt::format("{}_{}{}.log", stem.empty() ? j.name : stem, type, s.per_job ? fmt::format(".{}", x) : "");
      // Without per_job_logs, clones share a file, as in fio: the first clone creates it.
      const bool append = !s.per_job && std::find(written.begin(), written.end(), path) != written.end();
      std::string text;
      for (const workload::LogRow& row : rows) {
        if (s.offset)
          text += fmt::format("{}, {}, {}, {}, {}, 0\n", row.t_ms, row.value, row.dir, row.bs, row.offset);
        else
          text += fmt::format("{}, {}, {}, {}, 0\n", row.t_ms, row.value, row.dir, row.bs);
      }
      config::write_file(fmt::format("{}: log file", workload::job_where(jobs.path, j)), path, text, append);
      if (!append) written.push_back(path);
    };
    if (s.bw) write(s.bw_name, "bw", st.logs.bw);
    if (s.iops) write(s.iops_name, "iops", st.logs.iops);
    if (s.lat) {
      write(s.lat_name, "lat", st.logs.lat);
      write(s.lat_name, "clat", st.logs.clat);
      write(s.lat_name, "slat", st.logs.slat);
    }
  }
  return written;
}

}  // namespace ssdtwin::report
