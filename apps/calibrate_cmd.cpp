#include "apps/calibrate_cmd.h"

#include <fmt/format.h>
#include <iostream>

#include "apps/cli_args.h"
#include "apps/lab_runner.h"
#include "apps/slurm_simulator.h"
#include "config/input_error.h"
#include "config/output_file.h"
#include "lab/calibrate.h"

namespace ssdtwin::apps {

int cmd_calibrate(int argc, char** argv) {
  std::vector<std::string> flags = {"--lab",       "--drive",  "--fit",           "--records", "--tag",    "--jobs",
                                    "--max-evals", "--output", "--output-format", "--set",     "--holdout"};
  for (const std::string& f : slurm_lab_flags()) flags.push_back(f);
  const cli::Args a = cli::parse_args(argc, argv, flags, {});
  const lab::Simulator simulate = lab_simulator(a);  // --backend local|slurm|srun (docs/cluster.md)
  if (!a.single.count("--lab")) throw config::InputError("calibrate: --lab LAB.toml is required");
  if (a.fits.empty()) throw config::InputError("calibrate: at least one --fit KEY=LO..HI is required");
  // Several lab files (comma-separated, one drive each): the fitted keys are shared by their
  // drives and fitted to all their records at once (a family's base keys).
  std::vector<lab::LabFile> labs;
  for (const std::string& path : cli::split_list(a.single.at("--lab"))) {
    labs.push_back(lab::load_lab_file(path));
    lab::add_derived_tags(labs.back());
  }
  lab::CalibrateOptions opt;
  opt.fits = a.fits;
  opt.sets = a.sets;
  if (a.single.count("--drive")) opt.drive = a.single.at("--drive");
  if (a.single.count("--records")) opt.records = a.single.at("--records");
  if (a.single.count("--tag")) opt.tags = a.single.at("--tag");
  if (a.single.count("--output")) {
    opt.output = a.single.at("--output");
    config::check_writable("option '--output'", opt.output);
  }
  if (a.single.count("--max-evals"))
    opt.max_evals = cli::parse_uint("--max-evals", a.single.at("--max-evals"), 1, 100000);
  if (a.single.count("--holdout")) {
    if (a.single.at("--holdout") == "drive")
      opt.holdout_drives = true;
    else
      opt.holdout = cli::parse_uint("--holdout", a.single.at("--holdout"), 2, 100);
  }
  const std::string format = cli::output_format(a);
  const lab::CalibrateResult res =
      lab::calibrate(labs, opt, simulate, [](const std::string& line) { std::cerr << line; });
  if (format == "json")
    config::write_stdout(res.json.dump(2) + "\n");
  else
    config::write_stdout(res.text);
  return 0;
}

}  // namespace ssdtwin::apps
