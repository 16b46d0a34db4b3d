#include "config/input_file.h"
#include "lab/lab.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <toml++/toml.h>

#include "workload/fio_job.h"
#include "config/input_error.h"
#include "config/path_exists.h"

namespace ssdtwin::lab {

const std::vector<std::string>& lab_metrics() {
  static const std::vector<std::string> m = {"read.bw_mbps",     "write.bw_mbps",     "total.bw_mbps",
                                             "read.iops",        "write.iops",        "total.iops",
                                             "read.lat_mean_us", "write.lat_mean_us", "total.lat_mean_us"};
  return m;
}

bool is_lab_metric(const std::string& metric) {
  return std::find(lab_metrics().begin(), lab_metrics().end(), metric) != lab_metrics().end();
}

bool is_latency_metric(const std::string& metric) { return metric.find("lat") != std::string::npos; }

namespace {

std::string need_string(const toml::table& t, const char* key, const std::string& where) {
  const auto* n = t.get(key);
  if (!n || !n->is_string())
    throw config::InputError(fmt::format("{}: key '{}' is required and must be a string", where, key));
  return n->as_string()->get();
}
// An optional true/false key; `meaning` says what true means, for the error.
bool optional_bool(const toml::table& t, const char* key, const char* meaning, const std::string& path) {
  const auto* n = t.get(key);
  if (!n) return false;
  if (!n->is_boolean())
    throw config::InputError(fmt::format("{}:{}: [[record]] key '{}' must be true or false (true: {})", path,
                                         n->source().begin.line, key, meaning));
  return n->as_boolean()->get();
}
// An optional explanation (excluded, miss_cause): absent is "", present must say something;
// `must` completes the error "key '...' must ...".
std::string optional_text(const toml::table& t, const char* key, const char* must, const std::string& where) {
  if (!t.get(key)) return {};
  std::string s = need_string(t, key, where);
  if (s.empty()) throw config::InputError(fmt::format("{}: key '{}' must {}", where, key, must));
  return s;
}
double need_number(const toml::table& t, const char* key, const std::string& where) {
  const auto* n = t.get(key);
  if (n && n->is_integer()) return double(n->as_integer()->get());
  if (n && n->is_floating_point()) return n->as_floating_point()->get();
  throw config::InputError(fmt::format("{}: key '{}' is required and must be a number", where, key));
}

// Every key of `t` must be in `allowed`; `what` names the table ("[[record]]").
void check_known_keys(const toml::table& t, const std::vector<std::string>& allowed, const std::string& path,
                      const char* what) {
  for (auto&& [k, v] : t)
    if (std::find(allowed.begin(), allowed.end(), std::string(k.str())) == allowed.end())
      throw config::InputError(fmt::format("{}:{}: {} key '{}' is unknown; allowed: {}", path, v.source().begin.line,
                                           what, k.str(), fmt::join(allowed, ", ")));
}

// The optional `power_state` key: 0..31, or -1 when absent (the drive's default, PS0).
std::int32_t optional_power_state(const toml::table& t, const std::string& where) {
  if (!t.get("power_state")) return -1;
  const double ps = need_number(t, "power_state", where);
  if (ps < 0 || ps > 31 || ps != std::floor(ps))
    throw config::InputError(fmt::format("{}: key 'power_state' = {} must be a whole number 0..31", where, ps));
  return static_cast<std::int32_t>(ps);
}

std::uint64_t outstanding(const workload::FioJobFile& jf) {
  std::uint64_t n = 0;
  for (const workload::FioJob& j : jf.jobs) n = std::max<std::uint64_t>(n, std::uint64_t(j.iodepth) * j.numjobs);
  return n;
}

// An optional array of tags: lower-case words with digits and hyphens.
std::vector<std::string> tag_list(const toml::table& t, const std::string& path) {
  std::vector<std::string> out;
  const auto* n = t.get("tags");
  if (!n) return out;
  const auto* arr = n->as_array();
  const auto bad = [&](const std::string& what) {
    return config::InputError(
        fmt::format("{}:{}: key 'tags' {}; each tag is a string of a-z, 0-9 and '-', e.g. tags = "
                    "[\"datasheet\"]",
                    path, n->source().begin.line, what));
  };
  if (!arr) throw bad("must be an array of strings");
  for (const auto& e : *arr) {
    const auto* str = e.as_string();
    if (!str) throw bad("must be an array of strings");
    const std::string& tag = str->get();
    if (tag.empty() || !std::all_of(tag.begin(), tag.end(), [](char c) {
          return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
        }))
      throw bad(fmt::format("has '{}'", tag));
    out.push_back(tag);
  }
  return out;
}

// Tags read off the record's job file (the union over its jobs) and fields.
std::vector<std::string> derived_tags(const LabRecord& r) {
  const workload::FioJobFile jf = workload::parse_fio_job_file(r.job);
  std::vector<std::string> tags;
  for (const workload::FioJob& j : jf.jobs) {
    const std::uint32_t rp = j.read_percent();
    tags.push_back(j.is_trim() ? "trim"
                   : rp > 0 && rp < 100
                       ? "mix"
                       : std::string(j.is_random() ? "random-" : "sequential-") + (rp == 100 ? "read" : "write"));
  }
  if (outstanding(jf) == 1) tags.push_back("qd1");
  tags.push_back(is_latency_metric(r.metric) ? "latency" : "throughput");
  if (r.precondition.find("rand") != std::string::npos) tags.push_back("steady-state");
  if (r.calibration) tags.push_back("fitted");
  if (r.lower_bound) tags.push_back("lower-bound");
  if (!r.excluded.empty()) tags.push_back("excluded");
  return tags;
}

std::vector<std::uint32_t> curve_values(const toml::table& t, const std::string& where) {
  const auto* arr = t.get_as<toml::array>("values");
  std::vector<std::uint32_t> v;
  const auto bad = [&] {
    return config::InputError(
        fmt::format("{}: key 'values' must be an array of at least two increasing whole numbers "
                    "1..65536, e.g. values = [1, 2, 4, 8]",
                    where));
  };
  if (!arr) throw bad();
  for (const auto& e : *arr) {
    const auto* i = e.as_integer();
    if (!i || i->get() < 1 || i->get() > 65536 || (!v.empty() && i->get() <= v.back())) throw bad();
    v.push_back(static_cast<std::uint32_t>(i->get()));
  }
  if (v.size() < 2) throw bad();
  return v;
}

}  // namespace

std::uint64_t job_outstanding(const std::string& job_path, const std::vector<std::string>& job_sets) {
  workload::FioJobFile jf = workload::parse_fio_job_file(job_path);
  workload::apply_job_overrides(jf, job_sets);
  return outstanding(jf);
}

LabRecord LabCurve::point(std::uint32_t value) const {
  LabRecord r;
  r.id = id + "@" + key + "=" + std::to_string(value);
  r.job = job;
  r.precondition = precondition;
  r.power_state = power_state;
  r.drive_profile = drive_profile;
  r.host_profile = host_profile;
  r.host_sets = host_sets;
  r.job_sets = {key + "=" + std::to_string(value)};
  return r;
}

namespace {

// [lab]: the drive, its profile, the default preconditioning, the source, host conditions.
// Returns the section's tags (every record gets them).
std::vector<std::string> read_lab_section(const toml::table& root, const std::string& path,
                                          const std::filesystem::path& base, LabFile& lf) {
  const auto* lab = root.get_as<toml::table>("lab");
  if (!lab)
    throw config::InputError(
        fmt::format("{}: missing [lab] section (drive, drive_profile, precondition, source)", path));
  const std::string lw = fmt::format("{}:{}: [lab]", path, lab->source().begin.line);
  check_known_keys(*lab, {"drive", "drive_profile", "host_profile", "host", "precondition", "source", "tags"}, path,
                   "[lab]");
  lf.drive = need_string(*lab, "drive", lw);
  lf.drive_profile = (base / need_string(*lab, "drive_profile", lw)).lexically_normal().string();
  lf.precondition = need_string(*lab, "precondition", lw);
  lf.source = need_string(*lab, "source", lw);
  if (lab->get("host_profile")) {
    lf.host_profile = (base / need_string(*lab, "host_profile", lw)).lexically_normal().string();
    if (!config::path_exists(lf.host_profile))
      throw config::InputError(fmt::format("{}: key 'host_profile': file '{}' does not exist", lw, lf.host_profile));
  }
  std::vector<std::string> tags = tag_list(*lab, path);
  if (const auto* h = lab->get("host")) {
    const auto* arr = h->as_array();
    if (!arr)
      throw config::InputError(fmt::format("{}: key 'host' must be an array of \"host.key=value\" strings", lw));
    for (const auto& e : *arr) {
      const auto* str = e.as_string();
      if (!str || str->get().rfind("host.", 0) != 0 || str->get().find('=') == std::string::npos)
        throw config::InputError(
            fmt::format("{}: key 'host': each entry must be a \"host.key=value\" string (host-side "
                        "conditions only; the drive profile is not changed from a lab file)",
                        lw));
      lf.host_sets.push_back(str->get());
    }
  }
  return tags;
}

LabRecord read_record(const toml::table& t, const std::string& w, const std::string& path,
                      const std::filesystem::path& base, const LabFile& lf, const std::vector<std::string>& lab_tags) {
  static const std::vector<std::string> kKeys = {
      "id",           "job",         "metric",      "measured", "unit",        "tolerance_pct", "kind",      "source",
      "precondition", "power_state", "calibration", "excluded", "lower_bound", "tags",          "miss_cause"};
  LabRecord r;
  r.id = need_string(t, "id", w);
  r.job = (base / need_string(t, "job", w)).lexically_normal().string();
  r.metric = need_string(t, "metric", w);
  if (!is_lab_metric(r.metric))
    throw config::InputError(
        fmt::format("{}: key 'metric' = '{}' is not one of {}", w, r.metric, fmt::join(lab_metrics(), ", ")));
  r.unit = need_string(t, "unit", w);
  r.source = need_string(t, "source", w);
  r.kind = need_string(t, "kind", w);
  r.measured = need_number(t, "measured", w);
  // Every lab metric (MB/s, IOPS, latency) is positive: 0 or less gives an error of +inf%.
  if (!(r.measured > 0) || !std::isfinite(r.measured))
    throw config::InputError(
        fmt::format("{}: key 'measured' = {} must be a positive number (a bandwidth, IOPS or "
                    "latency the lab measured)",
                    w, r.measured));
  r.tolerance_pct = need_number(t, "tolerance_pct", w);
  if (!(r.tolerance_pct > 0) || !std::isfinite(r.tolerance_pct))
    throw config::InputError(fmt::format(
        "{}: key 'tolerance_pct' = {} must be a positive number (the error, in %, still counted as agreement)", w,
        r.tolerance_pct));
  r.precondition = t.get("precondition") ? need_string(t, "precondition", w) : lf.precondition;
  r.power_state = optional_power_state(t, w);
  r.calibration = optional_bool(t, "calibration", "a parameter was fitted to this record", path);
  r.lower_bound = optional_bool(t, "lower_bound", "the measured value is a minimum", path);
  r.excluded = optional_text(t, "excluded", "give the reason the record is kept out of the statistics", w);
  r.miss_cause = optional_text(t, "miss_cause", "say why the model misses the record", w);
  r.drive_profile = lf.drive_profile;
  r.host_profile = lf.host_profile;
  r.host_sets = lf.host_sets;
  check_known_keys(t, kKeys, path, "[[record]]");
  r.tags = lab_tags;
  for (const auto& tag : tag_list(t, path)) r.tags.push_back(tag);
  return r;
}

LabCurve read_curve(const toml::table& t, const std::string& w, const std::string& path,
                    const std::filesystem::path& base, const LabFile& lf) {
  static const std::vector<std::string> kCurveKeys = {"id",      "job",     "key",          "values",     "throughput",
                                                      "latency", "records", "precondition", "power_state"};
  check_known_keys(t, kCurveKeys, path, "[[curve]]");
  LabCurve c;
  c.id = need_string(t, "id", w);
  c.job = (base / need_string(t, "job", w)).lexically_normal().string();
  c.key = need_string(t, "key", w);
  if (c.key != "iodepth" && c.key != "numjobs")
    throw config::InputError(fmt::format("{}: key 'key' = '{}' must be iodepth or numjobs", w, c.key));
  c.values = curve_values(t, w);
  c.throughput_metric = need_string(t, "throughput", w);
  c.latency_metric = need_string(t, "latency", w);
  if (!is_lab_metric(c.throughput_metric) || is_latency_metric(c.throughput_metric))
    throw config::InputError(fmt::format(
        "{}: key 'throughput' = '{}' must be a bw_mbps or iops metric (e.g. read.iops)", w, c.throughput_metric));
  if (!is_lab_metric(c.latency_metric) || !is_latency_metric(c.latency_metric))
    throw config::InputError(fmt::format(
        "{}: key 'latency' = '{}' must be a lat_mean_us metric (e.g. read.lat_mean_us)", w, c.latency_metric));
  c.precondition = t.get("precondition") ? need_string(t, "precondition", w) : lf.precondition;
  c.power_state = optional_power_state(t, w);
  if (const auto* ids = t.get("records")) {
    const auto* ia = ids->as_array();
    if (!ia) throw config::InputError(fmt::format("{}: key 'records' must be an array of record ids", w));
    for (const auto& e : *ia) {
      const auto* str = e.as_string();
      if (!str ||
          std::none_of(lf.records.begin(), lf.records.end(), [&](const LabRecord& r) { return r.id == str->get(); }))
        throw config::InputError(fmt::format("{}: key 'records': {} is not the id of a record in this file", w,
                                             str ? "'" + str->get() + "'" : std::string("an entry")));
      c.record_ids.push_back(str->get());
    }
  }
  c.drive_profile = lf.drive_profile;
  c.host_profile = lf.host_profile;
  c.host_sets = lf.host_sets;
  if (std::any_of(lf.curves.begin(), lf.curves.end(), [&](const LabCurve& o) { return o.id == c.id; }))
    throw config::InputError(fmt::format("{}: key 'id' = '{}' is used by another curve of this file", w, c.id));
  return c;
}

}  // namespace

LabFile load_lab_file(const std::string& path) {
  toml::table root;
  try {
    root = toml::parse(config::read_input_file(path, "lab file", config::kMaxProfileBytes), path);
  } catch (const toml::parse_error& e) {
    if (!config::path_exists(path)) throw config::InputError(fmt::format("{}: cannot open lab file", path));
    throw config::InputError(fmt::format("{}:{}: TOML syntax error: {}", path, e.source().begin.line, e.description()));
  }
  const auto base = std::filesystem::path(path).parent_path();
  LabFile lf;
  lf.path = path;
  const std::vector<std::string> lab_tags = read_lab_section(root, path, base, lf);
  const auto* recs = root.get_as<toml::array>("record");
  if (!recs || recs->empty()) throw config::InputError(fmt::format("{}: no [[record]] entries", path));
  for (const auto& node : *recs) {
    const std::string w = fmt::format("{}:{}: [[record]]", path, node.source().begin.line);
    if (!node.as_table()) throw config::InputError(fmt::format("{}: must be a table ([[record]])", w));
    lf.records.push_back(read_record(*node.as_table(), w, path, base, lf, lab_tags));
  }
  if (const auto* curves = root.get("curve")) {
    const auto* arr = curves->as_array();
    if (!arr) throw config::InputError(fmt::format("{}: 'curve' must be an array of tables ([[curve]])", path));
    for (const auto& node : *arr) {
      const std::string w = fmt::format("{}:{}: [[curve]]", path, node.source().begin.line);
      if (!node.as_table()) throw config::InputError(fmt::format("{}: must be a table", w));
      lf.curves.push_back(read_curve(*node.as_table(), w, path, base, lf));
    }
  }
  return lf;
}

void add_derived_tags(LabFile& lab) {
  for (LabRecord& r : lab.records) {
    for (const auto& tag : derived_tags(r)) r.tags.push_back(tag);
    std::sort(r.tags.begin(), r.tags.end());
    r.tags.erase(std::unique(r.tags.begin(), r.tags.end()), r.tags.end());
  }
}

double metric_from_fio_json(const nlohmann::json& out, const std::string& metric) {
  const std::string dir = metric.substr(0, metric.find('.'));
  const std::string what = metric.substr(metric.find('.') + 1);
  if (dir == "total" && what == "lat_mean_us") {
    // The mean over every I/O, as VDBench's "resp" column: weighted by completions.
    const double nr = metric_from_fio_json(out, "read.ios"), nw = metric_from_fio_json(out, "write.ios");
    const double sum =
        metric_from_fio_json(out, "read.lat_mean_us") * nr + metric_from_fio_json(out, "write.lat_mean_us") * nw;
    return nr + nw > 0 ? sum / (nr + nw) : 0.0;
  }
  if (dir == "total") return metric_from_fio_json(out, "read." + what) + metric_from_fio_json(out, "write." + what);
  // fio's JSON layout: jobs[].{read,write}.{bw_bytes, iops, lat_ns.{N, mean}}. A result of
  // another shape is an input error naming the first field that is missing or not a number.
  auto number = [](const nlohmann::json& obj, const char* key, const std::string& where) {
    const auto it = obj.is_object() ? obj.find(key) : obj.end();
    if (!obj.is_object() || it == obj.end() || !it->is_number())
      throw config::InputError(
          fmt::format("fio result: '{}.{}' is missing or not a number (fio --output-format=json "
                      "writes jobs[].read/write with bw_bytes, iops and lat_ns.N/mean)",
                      where, key));
    return it->get<double>();
  };
  if (!out.is_object() || !out.contains("jobs") || !out["jobs"].is_array())
    throw config::InputError("fio result: no 'jobs' array; is it fio --output-format=json?");
  double sum = 0, lat_weighted = 0, ios = 0;
  std::size_t k = 0;
  for (const auto& j : out["jobs"]) {
    const std::string where = fmt::format("jobs[{}].{}", k++, dir);
    if (!j.is_object() || !j.contains(dir) || !j[dir].is_object())
      throw config::InputError(fmt::format("fio result: '{}' is missing or not an object", where));
    const auto& d = j[dir];
    sum += what == "bw_mbps" ? number(d, "bw_bytes", where) / 1e6 : what == "iops" ? number(d, "iops", where) : 0.0;
    const auto lat = d.find("lat_ns");
    if (lat == d.end()) throw config::InputError(fmt::format("fio result: '{}.lat_ns' is missing", where));
    const double n = number(*lat, "N", where + ".lat_ns");
    lat_weighted += number(*lat, "mean", where + ".lat_ns") * n;
    ios += n;
  }
  if (what == "lat_mean_us") return ios > 0 ? lat_weighted / ios / 1e3 : 0.0;
  if (what == "ios") return ios;  // completions (lat_ns.N), for the importer
  return sum;
}

}  // namespace ssdtwin::lab
