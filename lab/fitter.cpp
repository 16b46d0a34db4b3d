#include "lab/fitter.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <fmt/format.h>
#include <limits>
#include <numeric>

namespace ssdtwin::lab {

double mean(const std::vector<double>& v) {
  return v.empty() ? 0.0 : std::accumulate(v.begin(), v.end(), 0.0) / v.size();
}

std::vector<double> Fitter::predict(const std::vector<double>& u, const std::vector<std::size_t>& subset) const {
  std::vector<std::string> sets = opt_.sets;
  for (std::size_t i = 0; i < params_.size(); ++i)
    sets.push_back(params_[i].set_path + "=" + format_value(params_[i], value_of(i, u)));
  // A point already simulated (the optimiser revisits points; integer keys round several
  // points to one; the final in- and out-of-sample predictions repeat the fitted point) is
  // taken from the cache, record by record: only records not yet run at it are simulated.
  std::string point;
  for (const auto& s : sets) point += s + ";";
  std::vector<const LabRecord*> recs;
  for (std::size_t i : subset)
    if (!cache_.count({point, i})) recs.push_back(records_[i]);
  last_was_cached_ = recs.empty();
  if (!recs.empty()) {
    const LabRun run = run_lab_jobs(recs, opt_.drive, sets, simulate_);
    for (std::size_t i : subset)
      if (!cache_.count({point, i}))
        cache_[{point, i}] = metric_from_fio_json(run.outputs.at(records_[i]->run_key()), records_[i]->metric);
  }
  std::vector<double> pred(records_.size(), 0.0);
  for (std::size_t i : subset) pred[i] = cache_.at({point, i});
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
  if (log_)
    log_(fmt::format("calibrate: eval {:>3} cost {:.6g}{}{}\n", evals, c, p, last_was_cached_ ? " (cached)" : ""));
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
  // NLopt turns an exception in the objective into a bare "nlopt failure": keep it (a failed
  // simulation, with its message) and rethrow it once the optimiser has stopped.
  struct Ctx {
    std::function<double(const std::vector<double>&)> f;
    std::exception_ptr error;
  } ctx{[&](const std::vector<double>& u) { return evaluate(u, subset); }, nullptr};
  opt.set_min_objective(
      [](const std::vector<double>& x, std::vector<double>&, void* data) {
        Ctx* c = static_cast<Ctx*>(data);
        try {
          return c->f(x);
        } catch (...) {
          c->error = std::current_exception();
          throw nlopt::forced_stop();
        }
      },
      &ctx);
  std::vector<double> u = u0_;
  double c = 0;
  try {
    result = opt.optimize(u, c);
  } catch (const nlopt::roundoff_limited&) {
    result = nlopt::ROUNDOFF_LIMITED;
  } catch (const nlopt::forced_stop&) {
    if (!ctx.error) throw;
  }
  if (ctx.error) std::rethrow_exception(ctx.error);
  return u;
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

DriveHoldout leave_one_drive_out(Fitter& fitter, const std::vector<const LabRecord*>& records,
                                 const std::vector<std::string>& drives) {
  DriveHoldout h;
  h.out_of_sample.assign(records.size(), 0.0);
  std::vector<std::string> order;
  for (const auto& d : drives)
    if (std::find(order.begin(), order.end(), d) == order.end()) order.push_back(d);
  std::vector<double> in_err, out_err;
  for (const auto& d : order) {
    DriveFold fold;
    fold.drive = d;
    std::vector<std::size_t> train;
    for (std::size_t i = 0; i < records.size(); ++i) (drives[i] == d ? fold.held_out : train).push_back(i);
    const std::vector<double> u = fitter.fit(train);
    for (std::size_t k = 0; k < u.size(); ++k) fold.fitted.push_back(fitter.value_of(k, u));
    const std::vector<double> p = fitter.predict(u, fitter.all());
    for (std::size_t i : train) in_err.push_back(std::fabs(p[i] / records[i]->measured - 1) * 100);
    for (std::size_t i : fold.held_out) {
      h.out_of_sample[i] = p[i];
      out_err.push_back(std::fabs(p[i] / records[i]->measured - 1) * 100);
    }
    h.folds.push_back(std::move(fold));
  }
  h.in_sample_mean_abs_pct = mean(in_err);
  h.out_of_sample_mean_abs_pct = mean(out_err);
  return h;
}

}  // namespace ssdtwin::lab
