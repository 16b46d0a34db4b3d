#include "apps/endurance_cmd.h"

#include <cstdio>
#include <fmt/format.h>
#include <unistd.h>
#include <iostream>
#include <nlohmann/json.hpp>

#include "apps/cli_args.h"
#include "apps/progress_line.h"
#include "ftl/waf_model.h"
#include "config/config_loader.h"
#include "model/endurance.h"
#include "workload/fio_job.h"
#include "config/input_error.h"
#include "config/output_file.h"
#include "config/parse_number.h"

namespace ssdtwin::apps {
namespace {

using json = nlohmann::ordered_json;

double parse_positive(const std::string& flag, const std::string& v) {
  const auto x = config::parse_whole_double(v);
  if (!x || !(*x > 0) || *x > 1e9)
    throw config::InputError(fmt::format("option '{}': '{}' is not a positive number", flag, v));
  return *x;
}

json result_json(const model::EnduranceResult& r, const config::Layout& l) {
  json j;
  j["workload"] = r.workload;
  j["waf"] = r.waf;
  j["steady_state"] = r.steady;
  j["steady_state_round"] = r.steady_round;
  j["round_waf"] = r.round_waf;
  j["pe_rating"] = r.pe_cycles;
  j["raw_capacity_bytes"] = r.raw_capacity_bytes;
  j["user_capacity_bytes"] = r.user_capacity_bytes;
  j["tbw_tb"] = r.tbw_tb;
  j["dwpd"] = r.dwpd;
  j["warranty_years"] = r.warranty_years;
  j["host_write_mbps"] = r.host_write_mbps ? json(*r.host_write_mbps) : json(nullptr);
  j["years_to_wearout"] = r.years_to_wearout ? json(*r.years_to_wearout) : json(nullptr);
  j["scale"] = l.scale;
  j["wallclock"] = {{"seconds", r.wall_s}, {"iu_updates_per_s", r.iu_updates_per_wall_s}};
  return j;
}

int op_sweep(const config::LoadedProfile& p, const cli::Args& a, model::EnduranceOptions opt, bool as_json) {
  std::vector<double> ops;
  for (const std::string& item : cli::split_list(a.single.at("--op-sweep")))
    ops.push_back(parse_positive("--op-sweep", item));
  opt.workload = model::EnduranceWorkload::Rand4k;
  json rows = json::array();
  std::string table = fmt::format(
      "uniform random 4 KiB writes, greedy GC, {} ({}); TBW = P/E x raw / WAF, DWPD over the warranty\n\n"
      "{:>8} {:>8} {:>10} {:>10} {:>8} {:>10} {:>7} {:>7} {:>6}\n",
      p.config.name, p.drive_path, "OP %", "alpha", "WAF sim", "WAF model", "error", "TBW (TB)", "DWPD", "round",
      "scale");
  for (double op : ops) {
    config::DriveConfig cfg = p.config;
    // As capacity.op_pct does: over the nominal raw NAND (the geometry's, if not given).
    cfg.user_bytes = config::user_bytes_at_op(cfg.raw_bytes_nominal ? cfg.raw_bytes_nominal : cfg.raw_bytes(), op);
    cfg.op_pct = op;
    const config::Layout l = cli::layout_from_args(cfg, a);
    cli::check_memory(l, false);
    model::EnduranceResult r;
    {
      model::EnduranceOptions o = opt;
      if (opt.progress)
        o.progress = [&opt, op](const std::string& done) { opt.progress(fmt::format("OP {:g}%: {}", op, done)); };
      r = model::run_endurance(cfg, l, o);
    }
    const double alpha = double(l.geo.physical_ius) / double(l.user_ius);
    const double ref = ftl::waf_greedy(alpha, double(l.geo.ius_per_bg));
    const double err = (r.waf - ref) / ref * 100.0;
    table +=
        fmt::format("{:>8.1f} {:>8.4f} {:>10.3f} {:>10.3f} {:>+7.1f}% {:>10.4g} {:>7.2f} {:>7} {:>6}\n", op, alpha,
                    r.waf, ref, err, r.tbw_tb, r.dwpd, r.steady ? std::to_string(r.steady_round) : "none", l.scale);
    rows.push_back({{"op_pct", op},
                    {"alpha", alpha},
                    {"waf", r.waf},
                    {"waf_model", ref},
                    {"error_pct", err},
                    {"user_bytes", cfg.user_bytes},
                    {"tbw_tb", r.tbw_tb},
                    {"dwpd", r.dwpd},
                    {"steady_state_round", r.steady_round},
                    {"scale", l.scale},
                    {"wall_s", r.wall_s}});
  }
  if (as_json)
    config::write_stdout(json{{"op_sweep", rows}}.dump(2) + "\n");
  else
    config::write_stdout(table);
  return 0;
}

}  // namespace

int cmd_endurance(int argc, char** argv) {
  const cli::Args a = cli::parse_args(
      argc, argv,
      {"--drive", "--workload", "--output-format", "--set", "--scale", "--host-write-mbps", "--op-sweep", "--seed"},
      {});
  if (!a.single.count("--drive")) throw config::InputError("endurance: --drive PROFILE.toml is required");
  const std::string format = cli::output_format(a);
  const config::LoadedProfile p = config::load_profile(a.single.at("--drive"), a.sets);
  model::EnduranceOptions opt;
  std::optional<workload::FioJobFile> job_file;
  if (a.single.count("--workload")) {
    const std::string w = a.single.at("--workload");
    if (w.size() > 4 && w.compare(w.size() - 4, 4, ".fio") == 0) {
      job_file = workload::parse_fio_job_file(w);
      if (job_file->jobs.size() != 1)
        throw config::InputError(
            fmt::format("{}: an endurance workload is one job section; this file has {}", w, job_file->jobs.size()));
      opt.workload = model::EnduranceWorkload::FioJob;
    } else {
      opt.workload = model::parse_endurance_workload(w);
    }
  }
  if (a.single.count("--host-write-mbps"))
    opt.host_write_mbps = parse_positive("--host-write-mbps", a.single.at("--host-write-mbps"));
  if (a.single.count("--seed")) opt.seed = static_cast<std::uint64_t>(parse_positive("--seed", a.single.at("--seed")));
  // Minutes of functional writing on a large drive: say how far it is, on a terminal.
  ProgressLine progress;
  if (isatty(fileno(stderr)))
    opt.progress = [&progress](const std::string& done) { progress.phase("endurance", done); };
  if (a.single.count("--op-sweep")) return op_sweep(p, a, opt, format == "json");

  const config::Layout l = cli::layout_from_args(p.config, a);
  cli::check_memory(l, false);
  if (job_file) opt.fio = model::fio_writes(job_file->jobs[0], job_file->path, p.config, l);
  const model::EnduranceResult r = model::run_endurance(p.config, l, opt);
  progress.clear();
  if (format == "json") {
    config::write_stdout(result_json(r, l).dump(2) + "\n");
    return 0;
  }
  config::write_stdout(fmt::format(
      "{} ({}), workload {}, scale {}\n"
      "  WAF {:.3f} ({} at round {}; rounds of {:.0f}% of user capacity)\n"
      "  TBW = {:.0f} P/E x {:.4g} TB raw / WAF = {:.0f} TB;  DWPD over {:.0f} years = {:.2f}\n",
      p.config.name, p.drive_path, r.workload, l.scale, r.waf, r.steady ? "steady state" : "NOT steady", r.steady_round,
      opt.round_fraction * 100, r.pe_cycles, double(r.raw_capacity_bytes) / 1e12, r.tbw_tb, r.warranty_years, r.dwpd));
  if (r.years_to_wearout)
    config::write_stdout(fmt::format("  years to wear-out at {:.0f} MB/s of host writes: {:.2f}\n", *r.host_write_mbps,
                                     *r.years_to_wearout));
  config::write_stdout(fmt::format("  functional path: {:.1f} s wall, {:.1f} M IU updates/s\n", r.wall_s,
                                   r.iu_updates_per_wall_s / 1e6));
  return 0;
}

}  // namespace ssdtwin::apps
