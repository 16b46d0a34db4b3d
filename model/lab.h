// Lab records: measured or datasheet values for a drive, each tied to the fio job that
// reproduces the measurement, and how to read the matching prediction from ssdtwin's JSON.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ssdtwin::model {

struct LabRecord {
  std::string id, job, metric, unit, source, kind;
  double measured = 0, tolerance_pct = 0;
};

struct LabFile {
  std::string path, drive, drive_profile, precondition, source;
  std::vector<LabRecord> records;
};

// Throws InputError naming file, line and key. Job and profile paths are resolved
// relative to the lab file.
LabFile load_lab_file(const std::string& path);

// Metrics: read.bw_mbps, write.bw_mbps (10^6 B/s), read.iops, write.iops,
// read.lat_mean_us, write.lat_mean_us (fio lat_ns mean), summed over jobs of the output.
double metric_from_fio_json(const nlohmann::json& out, const std::string& metric);
const std::vector<std::string>& lab_metrics();

}  // namespace ssdtwin::model
