#include "apps/validate_cmd.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>

#include "apps/cli_args.h"
#include "apps/lab_runner.h"
#include "apps/slurm_simulator.h"
#include "config/config_loader.h"
#include "config/input_error.h"
#include "config/output_file.h"
#include "lab/lab.h"
#include "lab/validate.h"

namespace ssdtwin::apps {

int cmd_validate(int argc, char** argv) {
  std::vector<std::string> flags = {"--jobs",    "--output-format", "--drive",    "--drive-name",
                                    "--records", "--tag",           "--markdown", "--set"};
  for (const std::string& f : slurm_lab_flags()) flags.push_back(f);
  const cli::Args a = cli::parse_args(argc, argv, flags, {"--strict", "--curves"});
  const lab::Simulator simulate = lab_simulator(a);  // flags checked before any file is read
  const std::string format = cli::output_format(a);
  std::vector<std::string> paths = a.positional;
  if (paths.empty()) {
    // The bundled lab files: a source tree's (run from its root), else an installed
    // ssdtwin's, in ../share/ssdtwin/scenarios/lab next to the executable.
    namespace fs = std::filesystem;
    const fs::path here = "scenarios/lab";
    const fs::path installed =
        fs::read_symlink("/proc/self/exe").parent_path() / ".." / "share" / "ssdtwin" / "scenarios" / "lab";
    std::error_code ec;
    const fs::path dir = fs::is_directory(here, ec) ? here : fs::weakly_canonical(installed, ec);
    if (!fs::is_directory(dir, ec))
      throw config::InputError(fmt::format(
          "validate: no lab files given, and none in ./scenarios/lab or {}; run from the repository root or "
          "name LAB.toml files",
          installed.string()));
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".toml") paths.push_back(e.path().string());
    std::sort(paths.begin(), paths.end());
  }
  std::vector<lab::LabFile> labs;
  for (const auto& p : paths) {
    labs.push_back(lab::load_lab_file(p));
    lab::add_derived_tags(labs.back());
  }
  // --drive: every record runs on this profile instead of its lab file's (a candidate
  // profile, e.g. a calibrated one, against the same measurements).
  if (a.single.count("--drive")) {
    const std::string drive = a.single.at("--drive");
    config::load_profile(drive, a.sets);  // refused now, naming file and key, not in every child
    for (lab::LabFile& lf : labs) {
      lf.drive_profile = drive;
      for (lab::LabRecord& r : lf.records) r.drive_profile = drive;
      for (lab::LabCurve& c : lf.curves) c.drive_profile = drive;
    }
  }
  lab::ValidateOptions opt;
  if (a.single.count("--drive-name")) opt.drive_name = a.single.at("--drive-name");
  if (a.single.count("--records")) opt.records = a.single.at("--records");
  if (a.single.count("--tag")) opt.tags = a.single.at("--tag");
  opt.curves = a.has("--curves");
  opt.sets = a.sets;
  if (a.single.count("--markdown")) config::check_writable("option '--markdown'", a.single.at("--markdown"));
  const lab::ValidateReport rep = lab::validate(labs, opt, simulate);
  if (a.single.count("--markdown")) config::write_file("option '--markdown'", a.single.at("--markdown"), rep.markdown);
  if (format == "json")
    config::write_stdout(rep.json.dump(2) + "\n");
  else
    config::write_stdout(rep.text);
  return a.has("--strict") && rep.misses > 0 ? cli::kExitMiss : 0;
}

}  // namespace ssdtwin::apps
