// What bound a run and what a user should know about it, for the reports: resource shares
// and watts over measurement windows (model/utilisation.h), and warnings.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "model/utilisation.h"
#include "report/report.h"

namespace ssdtwin::report {

// The drive's average power over a window.
double window_average_w(const ReportInput& in, const model::MeasurementWindow& w);
// Each resource's busy share over the window; the power budget's from its average power.
std::vector<model::ResourceUse> run_resource_use(const ReportInput& in, const model::MeasurementWindow& w);
// The drive's average power over one report entry's window, and the entry's MB/s per W.
std::pair<double, double> entry_power(const ReportInput& in, const ReportEntry& e);
// What a user should know before trusting the figures (e.g. reads of unwritten LBAs).
std::vector<std::string> run_warnings(const ReportInput& in);
std::string window_text(const model::MeasurementWindow& w);

}  // namespace ssdtwin::report
