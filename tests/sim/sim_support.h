// Runs one fio job text against a profile in this process (one elaboration per process).
#pragma once
#include "config/config_loader.h"
#include "workload/fio_job.h"
#include "config/layout.h"
#include "report/report.h"
#include "model/simulation.h"
#include "test_support.h"

namespace ssdtwin::test {

struct SimRun {
  config::LoadedProfile profile;
  config::Layout layout;
  workload::FioJobFile jobs;
  model::RunResult result;
  report::ReportEntry entry(std::size_t i = 0) const { return report::report_entries(jobs, result).at(i); }
};

inline SimRun simulate_with(const std::string& profile_path, const std::string& job_text, std::uint32_t scale,
                            const model::RunOptions& opt, const std::vector<std::string>& sets = {}) {
  SimRun r{config::load_profile(profile_path, sets), {}, workload::parse_fio_job_text(job_text, "test.fio"), {}};
  r.layout = config::make_layout(r.profile.config, scale);
  r.result = model::run_fio(r.profile.config, r.profile.host, r.layout, r.jobs, opt);
  return r;
}

inline SimRun simulate(const std::string& profile_path, const std::string& job_text, std::uint32_t scale,
                       std::uint32_t precondition_passes, const std::vector<std::string>& sets = {},
                       bool check_invariants = false) {
  model::RunOptions opt;
  opt.precondition_passes = precondition_passes;
  opt.check_invariants = check_invariants;
  return simulate_with(profile_path, job_text, scale, opt, sets);
}

inline double iops(const workload::DirectionStats& d, TimePs runtime) { return double(d.ios) / s_from_ps(runtime); }

}  // namespace ssdtwin::test
