#include "apps/sweep_plan.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <sys/wait.h>

#include "lab/run_summary.h"
#include "model/endurance.h"
#include "config/config_loader.h"
#include "workload/fio_job.h"
#include "config/input_error.h"
#include "config/output_file.h"

namespace ssdtwin::apps {
namespace {

Axis parse_axis(const std::string& s) {
  const auto eq = s.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == s.size())
    throw config::InputError(
        fmt::format("option '--set': '{}' is not KEY=V1,V2,... (a fio job key such as iodepth, "
                    "or a profile key such as nand.timing.tR_us)",
                    s));
  Axis a;
  a.key = s.substr(0, eq);
  a.kind = a.key == "power_state" ? Axis::PowerState : a.key.find('.') != std::string::npos ? Axis::Profile : Axis::Job;
  for (const std::string& v : cli::split_list(s.substr(eq + 1))) {
    if (v.empty()) throw config::InputError(fmt::format("option '--set': '{}' has an empty value", s));
    a.values.push_back(v);
  }
  return a;
}

// One point's figures, summed over the jobs it reports (IOPS, bandwidth), latency means
// weighted by I/Os, p99 the largest of the jobs' p99s.
struct Figures {
  double iops[2] = {0, 0}, mbps[2] = {0, 0}, lat_mean_us[2] = {0, 0}, p99_us[2] = {0, 0}, p999_us[2] = {0, 0},
         max_us[2] = {0, 0};
  lab::RunSummary run;  // WAF (ramp included), power, bottleneck, profile facts
  // Endurance at the run's WAF (model::endurance_rating).
  double tbw_tb = 0, dwpd = 0;
};

Figures figures(const nlohmann::json& out) {
  Figures f;
  const char* dirs[2] = {"read", "write"};
  for (int d = 0; d < 2; ++d) {
    double ios = 0, lat = 0;
    for (const auto& j : out.at("jobs")) {
      const auto& x = j.at(dirs[d]);
      const double n = x.value("total_ios", 0.0);
      f.iops[d] += x.value("iops", 0.0);
      f.mbps[d] += x.value("bw_bytes", 0.0) / 1e6;
      if (n > 0) {
        ios += n;
        lat += n * x.at("clat_ns").value("mean", 0.0) / 1e3;
        if (x.contains("clat_ns") && x["clat_ns"].contains("percentile")) {
          f.p99_us[d] = std::max(f.p99_us[d], x["clat_ns"]["percentile"].value("99.000000", 0.0) / 1e3);
          f.p999_us[d] = std::max(f.p999_us[d], x["clat_ns"]["percentile"].value("99.900000", 0.0) / 1e3);
        }
        f.max_us[d] = std::max(f.max_us[d], x.at("clat_ns").value("max", 0.0) / 1e3);
      }
    }
    f.lat_mean_us[d] = ios > 0 ? lat / ios : 0;
  }
  f.run = lab::run_summary(out);
  const model::EnduranceRating e =
      model::endurance_rating(f.run.waf, f.run.pe_cycles, f.run.raw_bytes, f.run.user_bytes, f.run.warranty_years);
  f.tbw_tb = e.tbw_tb;
  f.dwpd = e.dwpd;
  return f;
}

std::string plot_tool() {
  // An installed ssdtwin has it in ../share/ssdtwin; a build uses its source tree's tools/.
  namespace fs = std::filesystem;
  const fs::path exe = fs::read_symlink("/proc/self/exe").parent_path();
  const fs::path installed = exe / ".." / "share" / "ssdtwin" / "ssdtwin-plot";
  const fs::path source = fs::path(SSDTWIN_SOURCE_TOOLS) / "ssdtwin-plot";
  for (const fs::path& p : {installed, source})
    if (fs::exists(p)) return fs::weakly_canonical(p).string();
  throw config::InputError(
      fmt::format("option '--plot': ssdtwin-plot not found in {} or {}; run without --plot and "
                  "plot the CSV yourself",
                  installed.string(), source.string()));
}

// Fails on a bad value before anything starts: each job value must parse in the job file
// and each profile value must load (the simulations would fail the same way, later).
void check_axis_values(const std::vector<std::string>& drives, const std::string& host, const std::string& job,
                       const std::vector<Axis>& axes) {
  for (std::size_t i = 0; i < axes.size(); ++i)
    for (std::size_t k = 0; k < i; ++k)
      if (axes[i].key == axes[k].key)
        throw config::InputError(fmt::format("option '--set': key '{}' given twice", axes[i].key));
  const workload::FioJobFile base = workload::parse_fio_job_file(job);
  for (const std::string& drive : drives) {
    const config::LoadedProfile p = config::load_profile(drive, {}, host);
    for (const Axis& ax : axes)
      for (const auto& v : ax.values) {
        if (ax.kind == Axis::Profile) {
          config::load_profile(drive, {ax.key + "=" + v}, host);
        } else if (ax.kind == Axis::PowerState) {
          const auto& st = p.config.power.states;
          const std::uint32_t n = cli::parse_uint("--set power_state", v, 0, 31);
          if (n >= st.size() || st[n].non_operational)
            throw config::InputError(fmt::format(
                "option '--set': power_state={} is not an operational power state of {} (it has {}, PS0..PS{})", v,
                drive, st.size(), st.empty() ? 0 : st.size() - 1));
        } else if (ax.kind == Axis::Job) {
          workload::FioJobFile copy = base;
          workload::apply_job_overrides(copy, {ax.key + "=" + v});
        }
      }
  }
}

// The cartesian product of the axes' value indices, the first axis varying slowest.
std::vector<std::vector<std::size_t>> sweep_points(const std::vector<Axis>& axes) {
  std::vector<std::vector<std::size_t>> points(1);
  for (const Axis& ax : axes) {
    std::vector<std::vector<std::size_t>> next;
    for (const auto& p : points)
      for (std::size_t v = 0; v < ax.values.size(); ++v) {
        next.push_back(p);
        next.back().push_back(v);
      }
    points = std::move(next);
  }
  return points;
}

struct SweepTable {
  nlohmann::ordered_json rows = nlohmann::ordered_json::array();
  std::string csv;
};

// One column of the table: its name and the point's value (text, or a number written with
// `digits` significant digits in the CSV).
struct Cell {
  const char* name;
  nlohmann::ordered_json value;
  int digits = 6;
};

std::vector<Cell> cells(const Figures& f) {
  return {{"read_iops", f.iops[0]},
          {"write_iops", f.iops[1]},
          {"read_MBps", f.mbps[0]},
          {"write_MBps", f.mbps[1]},
          {"read_clat_mean_us", f.lat_mean_us[0]},
          {"read_clat_p99_us", f.p99_us[0]},
          {"write_clat_mean_us", f.lat_mean_us[1]},
          {"write_clat_p99_us", f.p99_us[1]},
          {"read_clat_p999_us", f.p999_us[0]},
          {"read_clat_max_us", f.max_us[0]},
          {"write_clat_p999_us", f.p999_us[1]},
          {"write_clat_max_us", f.max_us[1]},
          {"waf", f.run.waf},
          {"tbw_TB", f.tbw_tb},
          {"dwpd", f.dwpd},
          {"average_W", f.run.average_w},
          {"MBps_per_W", f.run.average_w > 0 ? (f.mbps[0] + f.mbps[1]) / f.run.average_w : 0.0, 4},
          {"kIOPS_per_W", f.run.average_w > 0 ? (f.iops[0] + f.iops[1]) / 1e3 / f.run.average_w : 0.0, 4},
          {"bottleneck", f.run.bottleneck},
          {"busy_pct", 100 * f.run.bottleneck_share, 4}};
}

SweepTable sweep_table(const std::vector<Axis>& axes, const std::vector<std::vector<std::size_t>>& points,
                       const std::vector<nlohmann::json>& outputs) {
  SweepTable t;
  for (const auto& ax : axes) t.csv += ax.key + ",";
  const std::vector<Cell> header = cells(Figures{});
  for (std::size_t c = 0; c < header.size(); ++c)
    t.csv += std::string(header[c].name) + (c + 1 < header.size() ? "," : "\n");
  for (std::size_t i = 0; i < points.size(); ++i) {
    nlohmann::ordered_json row;
    for (std::size_t k = 0; k < axes.size(); ++k) {
      row[axes[k].key] = axes[k].values[points[i][k]];
      t.csv += axes[k].values[points[i][k]] + ",";
    }
    const std::vector<Cell> row_cells = cells(figures(outputs[i]));
    for (std::size_t c = 0; c < row_cells.size(); ++c) {
      const Cell& x = row_cells[c];
      row[x.name] = x.value;
      if (x.value.is_string())
        t.csv += x.value.get<std::string>().empty() ? "-" : x.value.get<std::string>();
      else
        t.csv += fmt::format("{:.{}g}", x.value.get<double>(), x.digits);
      t.csv += c + 1 < row_cells.size() ? "," : "\n";
    }
    t.rows.push_back(row);
  }
  return t;
}

void plot_sweep(const std::string& prefix, const std::string& csv) {
  // The plot tool reads the CSV; write it next to the PNGs when the table went elsewhere.
  const std::string csv_path = prefix + ".csv";
  config::write_file("option '--plot'", csv_path, csv);
  const std::string cmd = fmt::format("'{}' sweep '{}' '{}' 1>&2", plot_tool(), prefix, csv_path);
  const int rc = std::system(cmd.c_str());
  if (rc != 0) throw std::runtime_error(fmt::format("plotting failed ({}): {}", WEXITSTATUS(rc), cmd));
}

}  // namespace

SweepPlan plan_sweep(const cli::Args& a, bool absolute) {
  if (!a.single.count("--drive")) throw config::InputError("sweep: --drive PROFILE.toml is required");
  if (!a.single.count("--job")) throw config::InputError("sweep: --job JOB.fio is required");
  SweepPlan p;
  p.format = cli::output_format(a, {"csv", "json"});
  p.drive_arg = a.single.at("--drive");
  p.job = a.single.at("--job");
  p.output = a.get("--output");
  p.plot = a.get("--plot");
  // Several drives (--drive A.toml,B.toml): the first axis, varying slowest.
  p.drives = cli::split_list(p.drive_arg);
  for (const std::string& d : p.drives)
    if (d.empty()) throw config::InputError(fmt::format("option '--drive': '{}' has an empty path", p.drive_arg));
  if (a.sets.empty() && p.drives.size() == 1)
    throw config::InputError("sweep: give at least one --set KEY=V1,V2,... (or several drives: --drive A.toml,B.toml)");
  if (p.drives.size() > 1) p.axes.push_back({"drive", Axis::Drive, p.drives});
  for (const auto& s : a.sets) p.axes.push_back(parse_axis(s));
  check_axis_values(p.drives, a.get("--host"), p.job, p.axes);
  p.points = sweep_points(p.axes);
  // A file argument of a run: absolute when the run happens elsewhere.
  const auto file = [&](const std::string& f) {
    return absolute ? std::filesystem::absolute(f).lexically_normal().string() : f;
  };
  for (const auto& pt : p.points) {
    lab::SimulationSpec sp;
    sp.args = {file(p.job)};
    if (p.drives.size() == 1) sp.args.insert(sp.args.end(), {"--drive", file(p.drives[0])});
    if (a.single.count("--host")) sp.args.insert(sp.args.end(), {"--host", file(a.single.at("--host"))});
    for (const char* flag : {"--precondition", "--scale", "--seed"})
      if (a.single.count(flag)) sp.args.insert(sp.args.end(), {flag, a.single.at(flag)});
    for (std::size_t i = 0; i < p.axes.size(); ++i) {
      const std::string& v = p.axes[i].values[pt[i]];
      const std::vector<std::string> args = p.axes[i].args(p.axes[i].kind == Axis::Drive ? file(v) : v);
      sp.args.insert(sp.args.end(), args.begin(), args.end());
      sp.label += (sp.label.empty() ? "" : " ") + p.axes[i].key + "=" + v;
    }
    p.specs.push_back(std::move(sp));
  }
  // Outputs are checked before the points run, not after.
  if (!p.output.empty()) config::check_writable("option '--output'", p.output);
  if (!p.plot.empty()) config::check_writable("option '--plot'", p.plot + ".csv");
  return p;
}

std::string sweep_text(const SweepPlan& p, const std::vector<nlohmann::json>& outputs) {
  const SweepTable t = sweep_table(p.axes, p.points, outputs);
  if (p.format != "json") return t.csv;
  const nlohmann::ordered_json doc = {{"drive", p.drive_arg}, {"job", p.job}, {"points", t.rows}};
  return doc.dump(2) + "\n";
}

void write_sweep(const SweepPlan& p, const std::vector<nlohmann::json>& outputs) {
  const std::string text = sweep_text(p, outputs);
  if (!p.output.empty())
    config::write_file("option '--output'", p.output, text);
  else
    config::write_stdout(text);
  if (!p.plot.empty()) plot_sweep(p.plot, sweep_table(p.axes, p.points, outputs).csv);
}

nlohmann::json plan_to_json(const SweepPlan& p) {
  nlohmann::json axes = nlohmann::json::array();
  for (const Axis& ax : p.axes) axes.push_back({{"key", ax.key}, {"kind", int(ax.kind)}, {"values", ax.values}});
  nlohmann::json specs = nlohmann::json::array();
  for (const auto& s : p.specs) specs.push_back({{"label", s.label}, {"args", s.args}});
  return {{"drive", p.drive_arg}, {"job", p.job}, {"drives", p.drives}, {"format", p.format}, {"output", p.output},
          {"plot", p.plot},       {"axes", axes}, {"points", p.points}, {"specs", specs}};
}

SweepPlan plan_from_json(const nlohmann::json& j) {
  SweepPlan p;
  p.drive_arg = j.at("drive").get<std::string>();
  p.job = j.at("job").get<std::string>();
  p.drives = j.at("drives").get<std::vector<std::string>>();
  p.format = j.at("format").get<std::string>();
  p.output = j.at("output").get<std::string>();
  p.plot = j.at("plot").get<std::string>();
  for (const auto& ax : j.at("axes"))
    p.axes.push_back({ax.at("key").get<std::string>(), Axis::Kind(ax.at("kind").get<int>()),
                      ax.at("values").get<std::vector<std::string>>()});
  p.points = j.at("points").get<std::vector<std::vector<std::size_t>>>();
  for (const auto& s : j.at("specs")) {
    lab::SimulationSpec sp;
    sp.label = s.at("label").get<std::string>();
    sp.args = s.at("args").get<std::vector<std::string>>();
    p.specs.push_back(std::move(sp));
  }
  if (p.points.size() != p.specs.size()) throw std::runtime_error("sweep description: points and specs differ");
  return p;
}

}  // namespace ssdtwin::apps
