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

namespace ssdtwin::lab {
namespace {

using json = nlohmann::ordered_json;

std::string read_file(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

double mean(const std::vector<double>& v) {
  return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / v.size();
}

// The fit: parameters are optimised in [0, 1] each; every evaluation is one batch of runs
// of the records in a subset (indices into `records`).
class Fitter {
 public:
  Fitter(std::vector<FitParam>& params, const std::vector<const LabRecord*>& records, const CalibrateOptions& opt,
         const Simulator& simulate, const std::function<void(const std::string&)>& log)
      : params_(params), records_(records), opt_(opt), simulate_(simulate), log_(log) {
    for (const auto& p : params_) u0_.push_back((p.start - p.lo) / (p.hi - p.lo));
    // One integer key over a short range (e.g. a suspend limit, a core count): every value
    // is evaluated. Nelder-Mead's simplex stalls there: its steps round back to the same
    // integer (nand.suspend.max_per_op=1..5 stopped at 4 with 2 the best).
    exhaustive_ = params_.size() == 1 && params_[0].desc->type == config::KeyType::Integer &&
                  std::floor(params_[0].hi) - std::ceil(params_[0].lo) <= 64;
    algorithm_ = params_.size() >= 2 ? nlopt::LN_BOBYQA : nlopt::LN_NELDERMEAD;
  }
  const std::vector<double>& start() const { return u0_; }
  std::vector<std::size_t> all() const {
    std::vector<std::size_t> v(records_.size());
    std::iota(v.begin(), v.end(), 0);
    return v;
  }
  std::string algorithm() const {
    return exhaustive_                      ? "exhaustive over the integer range"
           : algorithm_ == nlopt::LN_BOBYQA ? "NLopt LN_BOBYQA"
                                            : "NLopt LN_NELDERMEAD";
  }
  double value_of(std::size_t i, const std::vector<double>& u) const {
    return params_[i].lo + u[i] * (params_[i].hi - params_[i].lo);
  }
  std::vector<double> predict(const std::vector<double>& u, const std::vector<std::size_t>& subset) const;
  double cost_of(const std::vector<double>& pred, const std::vector<std::size_t>& subset) const;
  std::vector<double> fit(const std::vector<std::size_t>& subset);
  std::size_t evals = 0;
  nlopt::result result = nlopt::FAILURE;

 private:
  double evaluate(const std::vector<double>& u, const std::vector<std::size_t>& subset);
  std::vector<double> fit_exhaustive(const std::vector<std::size_t>& subset);

  std::vector<FitParam>& params_;
  const std::vector<const LabRecord*>& records_;
  const CalibrateOptions& opt_;
  const Simulator& simulate_;
  const std::function<void(const std::string&)>& log_;
  std::vector<double> u0_;
  bool exhaustive_ = false;
  nlopt::algorithm algorithm_;
};

std::vector<double> Fitter::predict(const std::vector<double>& u, const std::vector<std::size_t>& subset) const {
  std::vector<std::string> sets = opt_.sets;
  for (std::size_t i = 0; i < params_.size(); ++i)
    sets.push_back(params_[i].set_path + "=" + format_value(params_[i], value_of(i, u)));
  std::vector<const LabRecord*> recs;
  recs.reserve(subset.size());
  recs.reserve(subset.size());
  for (std::size_t i : subset) recs.push_back(records_[i]);
  const LabRun run = run_lab_jobs(recs, opt_.drive, sets, simulate_);
  std::vector<double> pred(records_.size(), 0.0);
  for (std::size_t i : subset)
    pred[i] = metric_from_fio_json(run.outputs.at(records_[i]->run_key()), records_[i]->metric);
  return pred;
}

double Fitter::cost_of(const std::vector<double>& pred, const std::vector<std::size_t>& subset) const {
  double c = 0;
  for (std::size_t i : subset) {
    const double l = std::log(std::max(pred[i], 1e-12) / records_[i]->measured);
    c += l * l;
  }
  return c;
}

double Fitter::evaluate(const std::vector<double>& u, const std::vector<std::size_t>& subset) {
  const double c = cost_of(predict(u, subset), subset);
  ++evals;
  std::string p;
  for (std::size_t i = 0; i < params_.size(); ++i)
    p += fmt::format(" {}={}", params_[i].set_path, format_value(params_[i], value_of(i, u)));
  if (log_) log_(fmt::format("calibrate: eval {:>3} cost {:.6g}{}\n", evals, c, p));
  return c;
}

std::vector<double> Fitter::fit_exhaustive(const std::vector<std::size_t>& subset) {
  // The lowest cost wins; on a tie, the lower value.
  const FitParam& f = params_[0];
  std::vector<double> best = u0_;
  double best_cost = std::numeric_limits<double>::infinity();
  for (double v = std::ceil(f.lo); v <= std::floor(f.hi); v += 1) {
    const std::vector<double> u{(v - f.lo) / (f.hi - f.lo)};
    if (const double c = evaluate(u, subset); c < best_cost) {
      best_cost = c;
      best = u;
    }
  }
  result = nlopt::SUCCESS;
  return best;
}

std::vector<double> Fitter::fit(const std::vector<std::size_t>& subset) {
  if (exhaustive_) return fit_exhaustive(subset);
  nlopt::opt opt(algorithm_, unsigned(params_.size()));
  opt.set_lower_bounds(std::vector<double>(params_.size(), 0.0));
  opt.set_upper_bounds(std::vector<double>(params_.size(), 1.0));
  opt.set_initial_step(std::vector<double>(params_.size(), 0.15));
  opt.set_maxeval(int(opt_.max_evals));
  opt.set_xtol_rel(1e-4);
  opt.set_ftol_abs(1e-10);
  struct Ctx {
    std::function<double(const std::vector<double>&)> f;
  } ctx{[&](const std::vector<double>& u) { return evaluate(u, subset); }};
  opt.set_min_objective(
      [](const std::vector<double>& x, std::vector<double>&, void* data) { return static_cast<Ctx*>(data)->f(x); },
      &ctx);
  std::vector<double> u = u0_;
  double c = 0;
  try {
    result = opt.optimize(u, c);
  } catch (const nlopt::roundoff_limited&) {
    result = nlopt::ROUNDOFF_LIMITED;
  }
  return u;
}

std::vector<const LabRecord*> selected_records(const LabFile& lab, const CalibrateOptions& opt) {
  std::vector<const LabRecord*> records;
  for (const auto& r : lab.records) records.push_back(&r);
  records = select_records(records, opt.records, lab.path);
  records = select_by_tags(records, opt.tags, lab.path);
  if (opt.holdout > records.size())
    throw config::InputError(fmt::format("option '--holdout': {} folds need at least {} records; {} are selected",
                                         opt.holdout, opt.holdout, records.size()));
  return records;
}

// k-fold cross-validation: fit on all records but one fold, predict that fold. Returns the
// mean absolute errors in and out of sample.
std::pair<double, double> cross_validate(Fitter& fitter, const std::vector<const LabRecord*>& records,
                                         std::uint32_t k_folds) {
  std::vector<double> in_err, out_err;
  for (std::uint32_t k = 0; k < k_folds; ++k) {
    std::vector<std::size_t> train, test;
    for (std::size_t i = 0; i < records.size(); ++i) (i % k_folds == k ? test : train).push_back(i);
    const std::vector<double> uk = fitter.fit(train);
    const std::vector<double> pk = fitter.predict(uk, fitter.all());
    for (std::size_t i : train) in_err.push_back(std::fabs(pk[i] / records[i]->measured - 1) * 100);
    for (std::size_t i : test) out_err.push_back(std::fabs(pk[i] / records[i]->measured - 1) * 100);
  }
  return {mean(in_err), mean(out_err)};
}

// The per-record table and JSON of the start and fitted predictions.
void report_records(CalibrateResult& res, const std::vector<const LabRecord*>& records,
                    const std::vector<double>& pred0, const std::vector<double>& pred) {
  res.text += fmt::format("\n{:<28} {:>12} {:>12} {:>9} {:>12} {:>9}\n", "record", "measured", "start", "error",
                          "fitted", "error");
  res.json["records"] = json::array();
  for (std::size_t i = 0; i < records.size(); ++i) {
    const double e0 = (pred0[i] / records[i]->measured - 1) * 100, e1 = (pred[i] / records[i]->measured - 1) * 100;
    res.text += fmt::format("{:<28} {:>12.1f} {:>12.1f} {:>+8.1f}% {:>12.1f} {:>+8.1f}%\n", records[i]->id,
                            records[i]->measured, pred0[i], e0, pred[i], e1);
    res.json["records"].push_back({{"id", records[i]->id},
                                   {"metric", records[i]->metric},
                                   {"measured", records[i]->measured},
                                   {"predicted_start", pred0[i]},
                                   {"predicted_fitted", pred[i]},
                                   {"error_pct", e1}});
  }
}

// Writes `text` to `path`; an error names the path (a full disk is not a success).
void write_text(const std::filesystem::path& path, const std::string& text) {
  std::ofstream f(path);
  if (!f) throw config::InputError(fmt::format("option '--output': cannot write '{}'", path.string()));
  f << text;
  f.close();
  if (!f) throw config::InputError(fmt::format("option '--output': writing '{}' failed", path.string()));
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

CalibrateResult calibrate(const LabFile& lab, const CalibrateOptions& opt_in, const Simulator& simulate,
                          const std::function<void(const std::string&)>& log) {
  CalibrateOptions opt = opt_in;
  if (opt.drive.empty()) opt.drive = lab.drive_profile;
  if (opt.fits.empty()) throw config::InputError("calibrate: at least one --fit KEY=LO..HI is required");
  // The starting point: the drive as simulated, on the lab's host with its conditions.
  std::vector<std::string> sets = lab.host_sets;
  sets.insert(sets.end(), opt.sets.begin(), opt.sets.end());
  const config::LoadedProfile profile = config::load_profile(opt.drive, sets, lab.host_profile);
  CalibrateResult res;
  for (const auto& s : opt.fits) res.params.push_back(parse_fit(s, profile));
  const std::vector<const LabRecord*> records = selected_records(lab, opt);

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

  json& out = res.json;
  out["lab"] = lab.path;
  out["drive"] = opt.drive;
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
                         records.size(), lab.path, fit_evals, fitter.algorithm());
  for (const auto& p : res.params)
    res.text += fmt::format("  {:<34} {:>12} -> {:>12} {}  (bounds {} .. {})\n", p.set_path, format_value(p, p.start),
                            format_value(p, p.fitted), p.desc->unit, p.lo, p.hi);
  report_records(res, records, pred0, pred);
  res.text += fmt::format("\nsum of squared log errors: {:.6g} -> {:.6g}\n", res.cost_start, res.cost_final);
  if (opt.holdout >= 2) {
    out["holdout"] = {{"folds", opt.holdout},
                      {"in_sample_mean_abs_error_pct", holdout_err.first},
                      {"out_of_sample_mean_abs_error_pct", holdout_err.second}};
    res.text += fmt::format("{}-fold cross-validation: mean |error| in sample {:.2f}%, out of sample {:.2f}%\n",
                            opt.holdout, holdout_err.first, holdout_err.second);
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
