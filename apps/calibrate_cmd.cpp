#include "apps/calibrate_cmd.h"

#include <cmath>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <limits>
#include <iostream>
#include <nlohmann/json.hpp>
#include <nlopt.hpp>
#include <numeric>
#include <regex>
#include <sstream>

#include "apps/cli_args.h"
#include "apps/lab_runner.h"
#include "config/config_keys.h"
#include "config/config_loader.h"
#include "config/input_error.h"
#include "lab/lab.h"

namespace ssdtwin::apps {
namespace {

struct FitParam {
  std::string spec;       // as given
  std::string set_path;   // for --set (NAND keys carry the "nand." prefix)
  config::ProfileKind kind;
  std::string key;        // section.key within its file
  const config::KeyDesc* desc;
  double lo, hi, start, fitted = 0;
};

FitParam parse_fit(const std::string& spec, const config::LoadedProfile& profile) {
  auto bad = [&](const std::string& why) {
    return config::InputError(fmt::format("option '--fit': '{}' {}; use KEY=LO..HI, e.g. nand.timing.tR_us=30..80", spec, why));
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
  }
  f.desc = config::find_key(f.kind, f.key);
  if (!f.desc) throw bad("names no profile key (see docs/config.md; NAND keys start with nand.)");
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
  f.start = std::clamp(f.desc->get_num(profile.config), f.lo, f.hi);
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

std::string read_file(const std::string& path) {
  std::ifstream f(path);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

}  // namespace

int cmd_calibrate(int argc, char** argv) {
  const cli::Args a = cli::parse_args(
      argc, argv, {"--lab", "--drive", "--fit", "--records", "--tag", "--jobs", "--max-evals", "--output", "--output-format", "--set",
                   "--holdout"}, {});
  if (!a.single.count("--lab")) throw config::InputError("calibrate: --lab LAB.toml is required");
  if (a.fits.empty()) throw config::InputError("calibrate: at least one --fit KEY=LO..HI is required");
  lab::LabFile lab = lab::load_lab_file(a.single.at("--lab"));
  lab::add_derived_tags(lab);
  const std::string drive = a.single.count("--drive") ? a.single.at("--drive") : lab.drive_profile;
  const config::LoadedProfile profile = config::load_profile(drive, a.sets);
  const int parallel = parse_parallel(a.single);
  const std::uint32_t max_evals =
      a.single.count("--max-evals") ? cli::parse_uint("--max-evals", a.single.at("--max-evals"), 1, 100000) : 80;
  const std::string format = cli::output_format(a);
  const std::uint32_t holdout = a.single.count("--holdout") ? cli::parse_uint("--holdout", a.single.at("--holdout"), 2, 100) : 0;

  std::vector<FitParam> params;
  for (const auto& s : a.fits) params.push_back(parse_fit(s, profile));
  std::vector<const lab::LabRecord*> records;
  for (const auto& r : lab.records) records.push_back(&r);
  records = lab::select_records(records, a.single.count("--records") ? a.single.at("--records") : "", lab.path);
  records = lab::select_by_tags(records, a.single.count("--tag") ? a.single.at("--tag") : "", lab.path);
  if (holdout > records.size())
    throw config::InputError(fmt::format("option '--holdout': {} folds need at least {} records; {} are selected", holdout,
                                        holdout, records.size()));

  // Parameters are optimised in [0, 1] each; every evaluation is one parallel batch of runs
  // of the records in `subset` (indices into records).
  std::size_t evals = 0;
  std::vector<std::size_t> all(records.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  auto value_of = [&](std::size_t i, const std::vector<double>& u) { return params[i].lo + u[i] * (params[i].hi - params[i].lo); };
  auto predict = [&](const std::vector<double>& u, const std::vector<std::size_t>& subset) {
    std::vector<std::string> sets = a.sets;
    for (std::size_t i = 0; i < params.size(); ++i) sets.push_back(params[i].set_path + "=" + format_value(params[i], value_of(i, u)));
    std::vector<const lab::LabRecord*> recs;
    for (std::size_t i : subset) recs.push_back(records[i]);
    const lab::LabRun run = lab::run_lab_jobs(recs, drive, sets, process_simulator(parallel));
    std::vector<double> pred(records.size(), 0.0);
    for (std::size_t i : subset) pred[i] = lab::metric_from_fio_json(run.outputs.at(records[i]->run_key()), records[i]->metric);
    return pred;
  };
  auto cost_of = [&](const std::vector<double>& pred, const std::vector<std::size_t>& subset) {
    double c = 0;
    for (std::size_t i : subset) {
      const double l = std::log(std::max(pred[i], 1e-12) / records[i]->measured);
      c += l * l;
    }
    return c;
  };
  std::vector<double> u0;
  for (const auto& p : params) u0.push_back((p.start - p.lo) / (p.hi - p.lo));
  const std::vector<double> pred0 = predict(u0, all);
  const double cost0 = cost_of(pred0, all);

  // One integer key over a short range (e.g. a suspend limit, a core count): every value is
  // evaluated. Nelder-Mead's simplex stalls there: its steps round back to the same integer
  // (nand.suspend.max_per_op=1..5 stopped at 4 with 2 the best).
  const bool exhaustive = params.size() == 1 && params[0].desc->type == config::KeyType::Integer &&
                          std::floor(params[0].hi) - std::ceil(params[0].lo) <= 64;
  const nlopt::algorithm nlopt_algorithm = params.size() >= 2 ? nlopt::LN_BOBYQA : nlopt::LN_NELDERMEAD;
  const std::string algorithm = exhaustive                              ? "exhaustive over the integer range"
                                : nlopt_algorithm == nlopt::LN_BOBYQA ? "NLopt LN_BOBYQA"
                                                                      : "NLopt LN_NELDERMEAD";
  auto evaluate = [&](const std::vector<double>& u, const std::vector<std::size_t>& subset) {
    const double c = cost_of(predict(u, subset), subset);
    ++evals;
    std::string p;
    for (std::size_t i = 0; i < params.size(); ++i) p += fmt::format(" {}={}", params[i].set_path, format_value(params[i], value_of(i, u)));
    std::cerr << fmt::format("calibrate: eval {:>3} cost {:.6g}{}\n", evals, c, p);
    return c;
  };

  nlopt::result result = nlopt::FAILURE;
  auto fit = [&](const std::vector<std::size_t>& subset) {
    if (exhaustive) {  // the lowest cost wins; on a tie, the lower value
      const FitParam& f = params[0];
      std::vector<double> best = u0;
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
    nlopt::opt opt(nlopt_algorithm, unsigned(params.size()));
    opt.set_lower_bounds(std::vector<double>(params.size(), 0.0));
    opt.set_upper_bounds(std::vector<double>(params.size(), 1.0));
    opt.set_initial_step(std::vector<double>(params.size(), 0.15));
    opt.set_maxeval(int(max_evals));
    opt.set_xtol_rel(1e-4);
    opt.set_ftol_abs(1e-10);
    struct Ctx {
      std::function<double(const std::vector<double>&)> f;
    } ctx{[&](const std::vector<double>& u) { return evaluate(u, subset); }};
    opt.set_min_objective(
        [](const std::vector<double>& x, std::vector<double>&, void* data) { return static_cast<Ctx*>(data)->f(x); }, &ctx);
    std::vector<double> u = u0;
    double c = 0;
    try {
      result = opt.optimize(u, c);
    } catch (const nlopt::roundoff_limited&) {
      result = nlopt::ROUNDOFF_LIMITED;
    }
    return u;
  };
  const std::vector<double> u = fit(all);
  const nlopt::result fit_result = result;
  const std::size_t fit_evals = evals;
  for (std::size_t i = 0; i < params.size(); ++i) params[i].fitted = params[i].lo + u[i] * (params[i].hi - params[i].lo);
  const std::vector<double> pred = predict(u, all);
  const double cost = cost_of(pred, all);

  // k-fold cross-validation: fit on all records but one fold, predict that fold.
  std::vector<double> in_err, out_err;
  if (holdout >= 2) {
    for (std::uint32_t k = 0; k < holdout; ++k) {
      std::vector<std::size_t> train, test;
      for (std::size_t i = 0; i < records.size(); ++i) (i % holdout == k ? test : train).push_back(i);
      const std::vector<double> uk = fit(train);
      const std::vector<double> pk = predict(uk, all);
      for (std::size_t i : train) in_err.push_back(std::fabs(pk[i] / records[i]->measured - 1) * 100);
      for (std::size_t i : test) out_err.push_back(std::fabs(pk[i] / records[i]->measured - 1) * 100);
    }
  }
  auto mean = [](const std::vector<double>& v) { return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / v.size(); };

  nlohmann::ordered_json out;
  out["lab"] = lab.path;
  out["drive"] = drive;
  out["algorithm"] = algorithm;
  out["objective"] = "sum over records of ln(predicted/measured)^2";
  out["evaluations"] = fit_evals;
  out["nlopt_result"] = int(fit_result);
  out["cost_start"] = cost0;
  out["cost_final"] = cost;
  out["parameters"] = nlohmann::ordered_json::array();
  for (const auto& p : params)
    out["parameters"].push_back({{"key", p.set_path}, {"lo", p.lo}, {"hi", p.hi}, {"start", p.start}, {"fitted", p.fitted},
                                 {"unit", p.desc->unit}});
  out["records"] = nlohmann::ordered_json::array();
  std::string table = fmt::format("calibrate: {} parameters on {} records of {} ({} evaluations, {})\n\n", params.size(),
                                  records.size(), lab.path, fit_evals, out["algorithm"].get<std::string>());
  for (const auto& p : params)
    table += fmt::format("  {:<34} {:>12} -> {:>12} {}  (bounds {} .. {})\n", p.set_path, format_value(p, p.start),
                         format_value(p, p.fitted), p.desc->unit, p.lo, p.hi);
  table += fmt::format("\n{:<28} {:>12} {:>12} {:>9} {:>12} {:>9}\n", "record", "measured", "start", "error", "fitted", "error");
  for (std::size_t i = 0; i < records.size(); ++i) {
    const double e0 = (pred0[i] / records[i]->measured - 1) * 100, e1 = (pred[i] / records[i]->measured - 1) * 100;
    table += fmt::format("{:<28} {:>12.1f} {:>12.1f} {:>+8.1f}% {:>12.1f} {:>+8.1f}%\n", records[i]->id,
                         records[i]->measured, pred0[i], e0, pred[i], e1);
    out["records"].push_back({{"id", records[i]->id}, {"metric", records[i]->metric}, {"measured", records[i]->measured},
                              {"predicted_start", pred0[i]}, {"predicted_fitted", pred[i]}, {"error_pct", e1}});
  }
  table += fmt::format("\nsum of squared log errors: {:.6g} -> {:.6g}\n", cost0, cost);
  if (holdout >= 2) {
    out["holdout"] = {{"folds", holdout}, {"in_sample_mean_abs_error_pct", mean(in_err)},
                      {"out_of_sample_mean_abs_error_pct", mean(out_err)}};
    table += fmt::format("{}-fold cross-validation: mean |error| in sample {:.2f}%, out of sample {:.2f}%\n", holdout,
                         mean(in_err), mean(out_err));
  }

  if (a.single.count("--output")) {
    // A calibrated drive profile (and NAND profile, if NAND keys were fitted) next to OUT.
    namespace fs = std::filesystem;
    const fs::path out_drive = a.single.at("--output");
    const fs::path out_dir = out_drive.parent_path().empty() ? fs::path(".") : out_drive.parent_path();
    std::string ids;
    for (const auto* r : records) ids += (ids.empty() ? "" : ", ") + r->id;
    const std::string note = fmt::format("fitted by ssdtwin calibrate to {} ({}); cost {:.3g}", lab.path, ids, cost);
    std::string dtext = read_file(profile.drive_path), ntext = read_file(profile.nand_path);
    bool nand_fitted = false;
    for (const auto& p : params) {
      std::string& text = p.kind == config::ProfileKind::Drive ? dtext : ntext;
      nand_fitted |= p.kind == config::ProfileKind::Nand;
      text = set_key_in_toml(text, p.key, format_value(p, p.fitted), note);
    }
    fs::path nand_target = fs::absolute(profile.nand_path);
    if (nand_fitted) {
      nand_target = out_dir / (out_drive.stem().string() + "-nand.toml");
      std::ofstream(nand_target) << "# " << note << "\n" << ntext;
    }
    // Paths in the written profile are relative to where it is written.
    auto rel = [&](const std::string& target) {
      return "\"" + fs::relative(fs::absolute(target), fs::absolute(out_dir)).string() + "\"";
    };
    const std::string keep = "path rewritten for this file's location";
    if (!profile.config.base_profile.empty())
      dtext = set_key_in_toml(dtext, "drive.base_profile", rel(profile.base_paths.front()), keep);
    dtext = set_key_in_toml(dtext, "drive.nand_profile", rel(nand_target.string()), keep);
    std::ofstream f(out_drive);
    if (!f) throw config::InputError(fmt::format("option '--output': cannot write '{}'", out_drive.string()));
    f << "# " << note << "\n" << dtext;
    out["output"] = out_drive.string();
    table += fmt::format("wrote {}{}\n", out_drive.string(), nand_fitted ? " and " + nand_target.string() : "");
  }
  if (format == "json") std::cout << out.dump(2) << "\n";
  else std::cout << table;
  return 0;
}

}  // namespace ssdtwin::apps
