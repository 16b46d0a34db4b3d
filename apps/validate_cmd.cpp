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
#include "config/input_error.h"
#include "config/output_file.h"
#include "lab/lab.h"
#include "lab/validate.h"

namespace ssdtwin::apps {

int cmd_validate(int argc, char** argv) {
  const cli::Args a = cli::parse_args(
      argc, argv, {"--jobs", "--output-format", "--drive-name", "--records", "--tag", "--markdown", "--set"},
      {"--strict", "--curves"});
  const std::string format = cli::output_format(a);
  std::vector<std::string> paths = a.positional;
  if (paths.empty()) {
    const std::filesystem::path dir = "scenarios/lab";
    if (!std::filesystem::is_directory(dir))
      throw config::InputError(
          "validate: no lab files given and no scenarios/lab here; run from the repository root "
          "or name LAB.toml files");
    for (const auto& e : std::filesystem::directory_iterator(dir))
      if (e.path().extension() == ".toml") paths.push_back(e.path().string());
    std::sort(paths.begin(), paths.end());
  }
  std::vector<lab::LabFile> labs;
  for (const auto& p : paths) {
    labs.push_back(lab::load_lab_file(p));
    lab::add_derived_tags(labs.back());
  }
  lab::ValidateOptions opt;
  if (a.single.count("--drive-name")) opt.drive_name = a.single.at("--drive-name");
  if (a.single.count("--records")) opt.records = a.single.at("--records");
  if (a.single.count("--tag")) opt.tags = a.single.at("--tag");
  opt.curves = a.has("--curves");
  opt.sets = a.sets;
  if (a.single.count("--markdown")) config::check_writable("option '--markdown'", a.single.at("--markdown"));
  const lab::ValidateReport rep = lab::validate(labs, opt, process_simulator(parse_parallel(a.single)));
  if (a.single.count("--markdown")) config::write_file("option '--markdown'", a.single.at("--markdown"), rep.markdown);
  if (format == "json")
    config::write_stdout(rep.json.dump(2) + "\n");
  else
    config::write_stdout(rep.text);
  return a.has("--strict") && rep.misses > 0 ? cli::kExitMiss : 0;
}

}  // namespace ssdtwin::apps
