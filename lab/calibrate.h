// calibrate: fits numeric profile keys to lab records by minimising the sum over records of
// ln(predicted / measured)^2 (NLopt BOBYQA for several keys, Nelder-Mead for one, every
// value for one integer key over a short range), optionally with k-fold cross-validation,
// and writes the calibrated profiles. Simulations are injected (lab/runner.h).
#pragma once
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "config/config_keys.h"
#include "config/config_loader.h"
#include "lab/lab.h"
#include "lab/runner.h"

namespace ssdtwin::lab {

struct FitParam {
  std::string spec;      // as given
  std::string set_path;  // for --set (NAND keys carry the "nand." prefix)
  config::ProfileKind kind;
  std::string key;  // section.key within its file
  const config::KeyDesc* desc;
  double lo, hi, start, fitted = 0;
};
// KEY=LO..HI against the profile's key table; throws InputError saying what is wrong.
FitParam parse_fit(const std::string& spec, const config::LoadedProfile& profile);
// The value as the profile writes it (integers rounded).
std::string format_value(const FitParam& f, double v);
// Sets `key = value` under [section] in a profile's text (replacing the line, or adding it
// after the section header, or adding the section), keeping `note` as a comment; comments
// and layout elsewhere are kept, which a TOML library's writer would drop.
std::string set_key_in_toml(const std::string& text, const std::string& key_path, const std::string& value,
                            const std::string& note);

struct CalibrateOptions {
  std::vector<std::string> fits;  // KEY=LO..HI
  std::string drive;              // the profile simulated (the lab file's by default)
  std::string records, tags;      // comma lists ("": all)
  std::uint32_t max_evals = 80;
  std::uint32_t holdout = 0;  // k of k-fold cross-validation (0: none)
  // Leave one drive out instead: fit on the other drives' records, predict the held-out
  // drive's, for each drive in turn (several lab files, one drive each: a family).
  bool holdout_drives = false;
  std::vector<std::string> sets;
  std::string output;  // write the calibrated drive profile here ("": do not)
};

struct CalibrateResult {
  nlohmann::ordered_json json;
  std::string text;
  std::vector<FitParam> params;  // with their fitted values
  double cost_start = 0, cost_final = 0;
};

// `log` receives one line per evaluation (the command line prints them to stderr).
CalibrateResult calibrate(const LabFile& lab, const CalibrateOptions& opt, const Simulator& simulate,
                          const std::function<void(const std::string&)>& log = {});
// Joint calibration: the fitted keys are shared by every lab file's drive (e.g. a family's
// base keys) and fitted to all their records at once; each record runs on its own lab's
// drive profile (so `opt.drive` must be empty with more than one lab, and so must
// `opt.output`: the shared values go into the family base by hand).
CalibrateResult calibrate(const std::vector<LabFile>& labs, const CalibrateOptions& opt, const Simulator& simulate,
                          const std::function<void(const std::string&)>& log = {});

}  // namespace ssdtwin::lab
