#include "config/input_file.h"
#include "lab/calibrate.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <limits>
#include <nlopt.hpp>
#include <numeric>
#include <regex>
#include <sstream>
#include <toml++/toml.h>

#include "config/input_error.h"
#include "config/output_file.h"
#include "lab/fitter.h"

namespace ssdtwin::lab {
namespace {

using json = nlohmann::ordered_json;

std::string read_file(const std::string& path) {
  return config::read_input_file(path, "profile", config::kMaxProfileBytes);
}

// The records of every lab selected by --records/--tag, with the drive each belongs to.
struct Selection {
  std::vector<const LabRecord*> records;
  std::vector<std::string> drives;  // per record: its lab's drive
};
Selection selected_records(const std::vector<LabFile>& labs, const CalibrateOptions& opt) {
  Selection sel;
  std::vector<const LabRecord*> all;
  std::string where;
  for (const auto& lab : labs) {
    for (const auto& r : lab.records) all.push_back(&r);
    where += (where.empty() ? "" : ", ") + lab.path;
  }
  all = select_by_tags(select_records(all, opt.records, where), opt.tags, where);
  for (const auto* r : all) {
    sel.records.push_back(r);
    for (const auto& lab : labs)
      if (r >= lab.records.data() && r < lab.records.data() + lab.records.size()) sel.drives.push_back(lab.drive);
  }
  if (opt.holdout > sel.records.size())
    throw config::InputError(fmt::format("option '--holdout': {} folds need at least {} records; {} are selected",
                                         opt.holdout, opt.holdout, sel.records.size()));
  return sel;
}

// The per-record table and JSON of the start and fitted predictions; with a leave-one-drive-out
// holdout, each record's prediction from the fit that did not see its drive.
void report_records(CalibrateResult& res, const Selection& sel, const std::vector<double>& pred0,
                    const std::vector<double>& pred, const DriveHoldout* loo) {
  const auto& records = sel.records;
  const bool several =
      std::any_of(sel.drives.begin(), sel.drives.end(), [&](const auto& d) { return d != sel.drives[0]; });
  res.text += fmt::format("\n{}{:<28} {:>12} {:>12} {:>9} {:>12} {:>9}{}\n",
                          several ? fmt::format("{:<26}", "drive") : "", "record", "measured", "start", "error",
                          "fitted", "error", loo ? fmt::format(" {:>12} {:>9}", "held out", "error") : "");
  res.json["records"] = json::array();
  for (std::size_t i = 0; i < records.size(); ++i) {
    const double e0 = (pred0[i] / records[i]->measured - 1) * 100, e1 = (pred[i] / records[i]->measured - 1) * 100;
    const double eo = loo ? (loo->out_of_sample[i] / records[i]->measured - 1) * 100 : 0;
    res.text +=
        fmt::format("{}{:<28} {:>12.1f} {:>12.1f} {:>+8.1f}% {:>12.1f} {:>+8.1f}%{}\n",
                    several ? fmt::format("{:<26}", sel.drives[i]) : "", records[i]->id, records[i]->measured, pred0[i],
                    e0, pred[i], e1, loo ? fmt::format(" {:>12.1f} {:>+8.1f}%", loo->out_of_sample[i], eo) : "");
    json r = {{"id", records[i]->id},
              {"drive", sel.drives[i]},
              {"metric", records[i]->metric},
              {"measured", records[i]->measured},
              {"predicted_start", pred0[i]},
              {"predicted_fitted", pred[i]},
              {"error_pct", e1}};
    if (loo) {
      r["predicted_drive_held_out"] = loo->out_of_sample[i];
      r["error_drive_held_out_pct"] = eo;
    }
    res.json["records"].push_back(r);
  }
}

// Writes `text` to `path`; an error names the path (a full disk is not a success).
void write_text(const std::filesystem::path& path, const std::string& text) {
  config::write_file("option '--output'", path.string(), text);
}

// The written profile must parse and hold each fitted value: the line editor's output is
// checked with a TOML parser.
void check_written(const std::string& text, const std::string& what,
                   const std::vector<std::pair<std::string, std::string>>& keys) {
  toml::table t;
  try {
    t = toml::parse(text, what);
  } catch (const toml::parse_error& e) {
    throw std::runtime_error(
        fmt::format("calibrate: the calibrated profile {} does not parse: {}", what, e.description()));
  }
  for (const auto& [key, value] : keys) {
    const auto node = t.at_path(key);
    const std::string got = node.is_integer()          ? fmt::format("{}", node.value<std::int64_t>().value())
                            : node.is_floating_point() ? fmt::format("{:.6g}", node.value<double>().value())
                                                       : "";
    if (got != value)
      throw std::runtime_error(
          fmt::format("calibrate: the calibrated profile {} holds {} = '{}', not {}", what, key, got, value));
  }
}

// A calibrated drive profile (and NAND and host profiles, if their keys were fitted) next
// to `out`.
std::string write_profiles(const CalibrateResult& res, const config::LoadedProfile& profile, const std::string& note,
                           const std::string& out) {
  namespace fs = std::filesystem;
  const fs::path out_drive = out;
  const fs::path out_dir = out_drive.parent_path().empty() ? fs::path(".") : out_drive.parent_path();
  std::string dtext = read_file(profile.drive_path), ntext = read_file(profile.nand_path);
  std::string htext = profile.host_path.empty() ? "[host]\n" : read_file(profile.host_path);
  std::vector<std::pair<std::string, std::string>> dkeys, nkeys, hkeys;
  for (const auto& p : res.params) {
    const bool drive = p.kind == config::ProfileKind::Drive, host = p.kind == config::ProfileKind::Host;
    std::string& text = drive ? dtext : host ? htext : ntext;
    text = set_key_in_toml(text, p.key, format_value(p, p.fitted), note);
    (drive ? dkeys : host ? hkeys : nkeys).emplace_back(p.key, format_value(p, p.fitted));
  }
  std::string host_note;
  if (!hkeys.empty()) {  // the host is not part of the drive: its own profile, used with --host
    const fs::path host_target = out_dir / (out_drive.stem().string() + "-host.toml");
    check_written(htext, host_target.string(), hkeys);
    write_text(host_target, "# " + note + "\n" + htext);
    host_note = " and the host profile " + host_target.string() + " (use it with --host)";
  }
  fs::path nand_target = fs::absolute(profile.nand_path);
  if (!nkeys.empty()) {
    nand_target = out_dir / (out_drive.stem().string() + "-nand.toml");
    check_written(ntext, nand_target.string(), nkeys);
    write_text(nand_target, "# " + note + "\n" + ntext);
  }
  // Paths in the written profile are relative to where it is written.
  auto rel = [&](const std::string& target) {
    return "\"" + fs::relative(fs::absolute(target), fs::absolute(out_dir)).string() + "\"";
  };
  const std::string keep = "path rewritten for this file's location";
  if (!profile.config.base_profile.empty())
    dtext = set_key_in_toml(dtext, "drive.base_profile", rel(profile.base_paths.front()), keep);
  dtext = set_key_in_toml(dtext, "drive.nand_profile", rel(nand_target.string()), keep);
  // Its runs and reports must not pass for the original drive's.
  std::string name = profile.config.name + " (calibrated)";
  for (std::size_t i = name.find_first_of("\"\\"); i != std::string::npos; i = name.find_first_of("\"\\", i + 2))
    name.insert(i, "\\");
  dtext = set_key_in_toml(dtext, "drive.name", "\"" + name + "\"", "the fitted profile is another drive's model");
  check_written(dtext, out_drive.string(), dkeys);
  write_text(out_drive, "# " + note + "\n" + dtext);
  return fmt::format("wrote {}{}{}\n", out_drive.string(), !nkeys.empty() ? " and " + nand_target.string() : "",
                     host_note);
}

}  // namespace

FitParam parse_fit(const std::string& spec, const config::LoadedProfile& profile) {
  auto bad = [&](const std::string& why) {
    return config::InputError(
        fmt::format("option '--fit': '{}' {}; use KEY=LO..HI, e.g. nand.timing.tR_us=30..80", spec, why));
  };
  const auto eq = spec.find('='), dots = spec.find("..");
  if (eq == std::string::npos || dots == std::string::npos || dots < eq) throw bad("is malformed");
  FitParam f;
  f.spec = spec;
  f.set_path = spec.substr(0, eq);
  f.kind = config::ProfileKind::Drive;
  f.key = f.set_path;
  if (f.key.rfind("nand.", 0) == 0 && std::count(f.key.begin(), f.key.end(), '.') == 2) {
    f.kind = config::ProfileKind::Nand;
    f.key = f.key.substr(5);
  } else if (f.key.rfind("host.", 0) == 0) {
    f.kind = config::ProfileKind::Host;
  }
  f.desc = config::find_key(f.kind, f.key);
  if (!f.desc) throw bad("names no profile key (see docs/config.md; NAND keys start with nand., host keys with host.)");
  if (f.desc->type == config::KeyType::String || !f.desc->allowed.empty()) throw bad("is not a continuous numeric key");
  try {
    std::size_t used = 0;
    f.lo = std::stod(spec.substr(eq + 1, dots - eq - 1), &used);
    f.hi = std::stod(spec.substr(dots + 2), &used);
  } catch (const std::exception&) {
    throw bad("has bounds that are not numbers");
  }
  if (!(f.lo < f.hi)) throw bad("needs LO < HI");
  if (f.lo < f.desc->min || f.hi > f.desc->max)
    throw bad(fmt::format("has bounds outside the key's range {}", f.desc->allowed_text()));
  f.start = std::clamp(
      f.kind == config::ProfileKind::Host ? f.desc->get_host_num(profile.host) : f.desc->get_num(profile.config), f.lo,
      f.hi);
  return f;
}

std::string format_value(const FitParam& f, double v) {
  return f.desc->type == config::KeyType::Integer ? fmt::format("{}", std::llround(v)) : fmt::format("{:.6g}", v);
}

// Sets `key = value` under [section] in a profile's text (replacing the line, or adding it
// after the section header, or adding the section), keeping a note of the fit.
std::string set_key_in_toml(const std::string& text, const std::string& key_path, const std::string& value,
                            const std::string& note) {
  const std::string section = key_path.substr(0, key_path.find('.')), key = key_path.substr(key_path.find('.') + 1);
  const std::regex header(R"(^\s*\[([A-Za-z0-9_]+)\]\s*(#.*)?$)"), assign("^\\s*" + key + "\\s*=");
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  const std::string entry = fmt::format("{} = {}   # {}", key, value, note);
  std::string current;
  std::ptrdiff_t header_at = -1;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    std::smatch m;
    if (lines[i].find("[[") != std::string::npos && lines[i].find_first_not_of(" \t") == lines[i].find("[[")) {
      current.clear();  // an array-of-tables entry ends the section
    } else if (std::regex_match(lines[i], m, header)) {
      current = m[1];
      if (current == section) header_at = std::ptrdiff_t(i);
    } else if (current == section && std::regex_search(lines[i], assign)) {
      lines[i] = entry;
      header_at = -2;
      break;
    }
  }
  if (header_at >= 0) lines.insert(lines.begin() + header_at + 1, entry);
  if (header_at == -1) lines.insert(lines.end(), {"", "[" + section + "]", entry});
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

CalibrateResult calibrate(const LabFile& lab, const CalibrateOptions& opt, const Simulator& simulate,
                          const std::function<void(const std::string&)>& log) {
  return calibrate(std::vector<LabFile>{lab}, opt, simulate, log);
}

CalibrateResult calibrate(const std::vector<LabFile>& labs, const CalibrateOptions& opt_in, const Simulator& simulate,
                          const std::function<void(const std::string&)>& log) {
  if (labs.empty()) throw config::InputError("calibrate: at least one --lab LAB.toml is required");
  const LabFile& lab = labs.front();
  const bool joint = labs.size() > 1;
  CalibrateOptions opt = opt_in;
  if (joint && !opt.drive.empty())
    throw config::InputError("calibrate: --drive cannot be given with several lab files (each runs its own drive)");
  if (joint && !opt.output.empty())
    throw config::InputError(
        "calibrate: --output cannot be given with several lab files; put the shared fitted values into the "
        "family's base profile (they are printed)");
  if (opt.holdout_drives && !joint)
    throw config::InputError("option '--holdout': 'drive' needs two or more lab files (one drive each)");
  if (!joint && opt.drive.empty()) opt.drive = lab.drive_profile;
  if (opt.fits.empty()) throw config::InputError("calibrate: at least one --fit KEY=LO..HI is required");
  // The starting point: the (first) drive as simulated, on the lab's host with its conditions.
  std::vector<std::string> sets = lab.host_sets;
  sets.insert(sets.end(), opt.sets.begin(), opt.sets.end());
  const config::LoadedProfile profile =
      config::load_profile(joint ? lab.drive_profile : opt.drive, sets, lab.host_profile);
  CalibrateResult res;
  for (const auto& s : opt.fits) res.params.push_back(parse_fit(s, profile));
  const Selection sel = selected_records(labs, opt);
  const std::vector<const LabRecord*>& records = sel.records;
  Fitter fitter(res.params, records, opt, simulate, log);
  const std::vector<double> pred0 = fitter.predict(fitter.start(), fitter.all());
  res.cost_start = fitter.cost_of(pred0, fitter.all());
  const std::vector<double> u = fitter.fit(fitter.all());
  const nlopt::result fit_result = fitter.result;
  const std::size_t fit_evals = fitter.evals;
  for (std::size_t i = 0; i < res.params.size(); ++i) res.params[i].fitted = fitter.value_of(i, u);
  const std::vector<double> pred = fitter.predict(u, fitter.all());
  res.cost_final = fitter.cost_of(pred, fitter.all());
  std::pair<double, double> holdout_err;
  if (opt.holdout >= 2) holdout_err = cross_validate(fitter, records, opt.holdout);
  DriveHoldout loo;
  if (opt.holdout_drives) loo = leave_one_drive_out(fitter, records, sel.drives);

  json& out = res.json;
  std::string lab_paths;
  for (const auto& l : labs) lab_paths += (lab_paths.empty() ? "" : ", ") + l.path;
  out["lab"] = lab_paths;
  out["drive"] = joint ? "each lab file's" : opt.drive;
  out["algorithm"] = fitter.algorithm();
  out["objective"] = "sum over records of ln(predicted/measured)^2";
  out["evaluations"] = fit_evals;
  out["nlopt_result"] = int(fit_result);
  out["cost_start"] = res.cost_start;
  out["cost_final"] = res.cost_final;
  out["parameters"] = json::array();
  for (const auto& p : res.params)
    out["parameters"].push_back({{"key", p.set_path},
                                 {"lo", p.lo},
                                 {"hi", p.hi},
                                 {"start", p.start},
                                 {"fitted", p.fitted},
                                 {"unit", p.desc->unit}});
  res.text = fmt::format("calibrate: {} parameters on {} records of {} ({} evaluations, {})\n\n", res.params.size(),
                         records.size(), lab_paths, fit_evals, fitter.algorithm());
  for (const auto& p : res.params)
    res.text += fmt::format("  {:<34} {:>12} -> {:>12} {}  (bounds {} .. {})\n", p.set_path, format_value(p, p.start),
                            format_value(p, p.fitted), p.desc->unit, p.lo, p.hi);
  report_records(res, sel, pred0, pred, opt.holdout_drives ? &loo : nullptr);
  res.text += fmt::format("\nsum of squared log errors: {:.6g} -> {:.6g}\n", res.cost_start, res.cost_final);
  if (opt.holdout >= 2) {
    out["holdout"] = {{"folds", opt.holdout},
                      {"in_sample_mean_abs_error_pct", holdout_err.first},
                      {"out_of_sample_mean_abs_error_pct", holdout_err.second}};
    res.text += fmt::format("{}-fold cross-validation: mean |error| in sample {:.2f}%, out of sample {:.2f}%\n",
                            opt.holdout, holdout_err.first, holdout_err.second);
  }
  if (opt.holdout_drives) {
    out["holdout"] = {{"by", "drive"},
                      {"in_sample_mean_abs_error_pct", loo.in_sample_mean_abs_pct},
                      {"out_of_sample_mean_abs_error_pct", loo.out_of_sample_mean_abs_pct},
                      {"folds", json::array()}};
    res.text += "\nleave one drive out (fitted on the other drives, the held-out drive predicted):\n";
    for (const DriveFold& f : loo.folds) {
      json values = json::object();
      std::string text;
      for (std::size_t k = 0; k < res.params.size(); ++k) {
        values[res.params[k].set_path] = f.fitted[k];
        text += fmt::format(" {}={}", res.params[k].set_path, format_value(res.params[k], f.fitted[k]));
      }
      double err = 0;
      for (std::size_t i : f.held_out) err += std::fabs(loo.out_of_sample[i] / records[i]->measured - 1) * 100;
      err /= std::max<std::size_t>(f.held_out.size(), 1);
      out["holdout"]["folds"].push_back({{"held_out", f.drive}, {"fitted", values}, {"mean_abs_error_pct", err}});
      res.text += fmt::format("  without {:<26}{}  -> its mean |error| {:.2f}%\n", f.drive, text, err);
    }
    res.text += fmt::format("mean |error|: in sample {:.2f}%, out of sample {:.2f}%\n", loo.in_sample_mean_abs_pct,
                            loo.out_of_sample_mean_abs_pct);
  }
  if (!opt.output.empty()) {
    std::string ids;
    for (const auto* r : records) ids += (ids.empty() ? "" : ", ") + r->id;
    const std::string note =
        fmt::format("fitted by ssdtwin calibrate to {} ({}); cost {:.3g}", lab.path, ids, res.cost_final);
    res.text += write_profiles(res, profile, note, opt.output);
    out["output"] = opt.output;
  }
  return res;
}

}  // namespace ssdtwin::lab
