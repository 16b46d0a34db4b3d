#include "apps/compare.h"

#include <cmath>
#include <fmt/format.h>
#include <iostream>
#include <nlohmann/json.hpp>

#include "apps/cli_args.h"
#include "apps/lab_runner.h"
#include "config/input_error.h"
#include "config/output_file.h"
#include "lab/lab.h"

namespace ssdtwin::apps {

int cmd_compare(int argc, char** argv) {
  const cli::Args a = cli::parse_args(argc, argv, {"--lab", "--drive", "--jobs", "--output-format", "--set"}, {});
  if (!a.single.count("--lab")) throw config::InputError("compare: --lab LAB.toml is required");
  lab::LabFile lab = lab::load_lab_file(a.single.at("--lab"));
  lab::add_derived_tags(lab);
  const std::string drive = a.single.count("--drive") ? a.single.at("--drive") : lab.drive_profile;
  const std::string format = cli::output_format(a);
  const int parallel = parse_parallel(a.single);

  std::vector<const lab::LabRecord*> all;
  for (const auto& r : lab.records) all.push_back(&r);
  lab::LabRun run;
  try {
    run = lab::run_lab_jobs(all, drive, a.sets, process_simulator(parallel));
  } catch (const std::runtime_error& e) {
    std::cerr << "ssdtwin: compare: " << e.what() << "\n";
    return 1;
  }

  nlohmann::ordered_json out;
  out["records"] = nlohmann::ordered_json::array();
  std::string table =
      fmt::format("{} on '{}' (lab: {}; precondition {})\n\n", lab.drive, drive, lab.path, lab.precondition);
  table += fmt::format("{:<26} {:<18} {:>12} {:>12} {:>9} {:>6}  {:<6} {:<20} {}\n", "record", "metric", "measured",
                       "predicted", "error", "tol", "within", "bound by", "unit");
  std::size_t within = 0;
  for (const auto& r : lab.records) {
    const lab::RecordResult res = lab::evaluate_record(r, run);
    within += res.within;
    table += fmt::format("{:<26} {:<18} {:>12.1f} {:>12.1f} {:>+8.1f}% {:>5.0f}%  {:<6} {:<20} [{}]{}\n", r.id,
                         r.metric, r.measured, res.predicted, res.error_pct, r.tolerance_pct, res.within ? "yes" : "NO",
                         lab::bound_by_text(res), r.unit, r.calibration ? "  fitted" : "");
    out["records"].push_back(lab::record_json(r, lab.drive, res));
  }
  table += fmt::format(
      "\n{} of {} records within tolerance; {} simulations in {:.1f} s wall\n"
      "(fitted: a profile parameter was fitted to that record, so it agrees by construction)\n",
      within, lab.records.size(), run.simulations, run.wall_s);
  out["summary"] = {{"records", lab.records.size()}, {"within_tolerance", within}, {"simulations", run.simulations}};
  out["wallclock"] = {{"seconds", run.wall_s}};
  if (format == "json")
    config::write_stdout(out.dump(2) + "\n");
  else
    config::write_stdout(table);
  return 0;
}

}  // namespace ssdtwin::apps
