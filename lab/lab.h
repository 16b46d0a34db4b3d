// Lab records: measured or datasheet values for a drive, each tied to the fio job that
// reproduces the measurement, and how to read the matching prediction from ssdtwin's JSON.
#pragma once
#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace ssdtwin::lab {

struct LabRecord {
  std::string id, job, metric, unit, source, kind;
  double measured = 0, tolerance_pct = 0;
  std::string precondition;            // the lab's unless the record names its own
  std::int32_t power_state = -1;       // --power-state for the run (-1: the drive's default, PS0)
  std::string drive_profile;           // the lab's
  std::string host_profile;            // the lab's host (server, OS, benchmark); "" for the default host
  std::vector<std::string> host_sets;  // the lab's host-side conditions ("host.key=value")
  // A profile or host parameter was fitted to this record: it agrees by construction, so
  // validate reports prediction-only statistics without it.
  bool calibration = false;
  // The measurement is a minimum (a vendor's "expected at least"): the record is met when
  // the prediction reaches it, and only a shortfall counts as error.
  bool lower_bound = false;
  // Non-empty: the record contradicts itself (e.g. IOPS x latency is not the stated
  // concurrency); it is simulated and shown, but kept out of the error statistics.
  std::string excluded;
  // What is known about why the model misses this record (`miss_cause`): validate prints it
  // beside the miss, and flags it as out of date once the record falls within tolerance.
  std::string miss_cause;
  // The lab file's and the record's own `tags`, then (add_derived_tags) those derived from
  // the job and the record, sorted: what `validate --tag` and `calibrate --tag` select on.
  std::vector<std::string> tags;
  // fio options the run overrides (`run --job-set`): set for the points of a curve.
  std::vector<std::string> job_sets;
  // Records with the same run key share one simulation.
  std::string run_key() const {
    std::string k =
        drive_profile + "|" + host_profile + "|" + job + "|" + precondition + "|" + std::to_string(power_state);
    for (const auto& h : host_sets) k += "|" + h;
    for (const auto& j : job_sets) k += "|job:" + j;
    return k;
  }
};

// A queue-depth curve (`[[curve]]`): the model's throughput and mean latency as one fio key
// (iodepth or numjobs) of a base job steps through `values`, drawn with the lab records
// that lie on it (`validate --curves`). Points and records are placed by the I/Os they keep
// outstanding, iodepth x numjobs.
struct LabCurve {
  std::string id, job, key;  // key: "iodepth" or "numjobs"
  std::vector<std::uint32_t> values;
  std::string throughput_metric, latency_metric;
  std::vector<std::string> record_ids;  // records of the same lab file shown on the curve
  std::string precondition, drive_profile, host_profile;
  std::int32_t power_state = -1;
  std::vector<std::string> host_sets;
  // The simulation of one point: a record without a measurement, the key set to `value`.
  LabRecord point(std::uint32_t value) const;
  // Whether the record with this id is drawn on the curve.
  bool shows(const std::string& record_id) const {
    return std::find(record_ids.begin(), record_ids.end(), record_id) != record_ids.end();
  }
};

struct LabFile {
  std::string path, drive, drive_profile, precondition, source;
  // The host the measurements were made on (`host_profile`, relative to the lab file; "" for
  // the default host), and conditions on top of it (e.g. the GPUDirect Storage path), applied
  // as --set overrides of host keys only: a lab's host never changes the drive.
  std::string host_profile;
  std::vector<std::string> host_sets;
  std::vector<LabRecord> records;
  std::vector<LabCurve> curves;
};

// Throws InputError naming file, line and key. Job and profile paths are resolved
// relative to the lab file.
// Parses the lab file alone (its records carry their explicit tags only).
LabFile load_lab_file(const std::string& path);
// Adds the tags every record gets from its job file (read here) and fields, and sorts
// each record's tags: the workload class
// (random-read, random-write, sequential-read, sequential-write, mix, trim), qd1 when one
// I/O is outstanding, latency or throughput, steady-state (random preconditioning), fitted,
// lower-bound and excluded. Throws InputError for a job file that cannot be read.
void add_derived_tags(LabFile& lab);
// The I/Os a job file keeps outstanding: the largest iodepth x numjobs of its jobs, after
// the `job_sets` overrides. Throws InputError for a job file that cannot be read.
std::uint64_t job_outstanding(const std::string& job_path, const std::vector<std::string>& job_sets = {});

// Metrics: read.bw_mbps, write.bw_mbps (10^6 B/s), read.iops, write.iops,
// read.lat_mean_us, write.lat_mean_us (fio lat_ns mean), summed over jobs of the output;
// total.bw_mbps and total.iops add reads and writes (mixed workloads); read.ios/write.ios
// count completions. A result of another shape throws InputError naming the field.
double metric_from_fio_json(const nlohmann::json& out, const std::string& metric);
const std::vector<std::string>& lab_metrics();
bool is_lab_metric(const std::string& metric);
// A lat_mean_us metric (validate keeps latency and throughput statistics apart).
bool is_latency_metric(const std::string& metric);

}  // namespace ssdtwin::lab
