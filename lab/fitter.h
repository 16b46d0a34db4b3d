// calibrate's optimiser: fitted keys scaled to [0, 1] each, every evaluation one batch of
// simulations of a subset of the records (indices into `records`); NLopt BOBYQA for several
// keys, Nelder-Mead for one, every value for one integer key over a short range. Also the
// two ways of testing a fit out of sample: k-fold cross-validation over records, and
// leave-one-drive-out over the drives of a family.
#pragma once
#include <functional>
#include <map>
#include <nlopt.hpp>
#include <string>
#include <vector>

#include "lab/calibrate.h"

namespace ssdtwin::lab {

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
  // Each record's prediction with the keys at `u` (0 for records outside `subset`).
  std::vector<double> predict(const std::vector<double>& u, const std::vector<std::size_t>& subset) const;
  double cost_of(const std::vector<double>& pred, const std::vector<std::size_t>& subset) const;
  std::vector<double> fit(const std::vector<std::size_t>& subset);
  std::size_t evals = 0;
  nlopt::result result = nlopt::FAILURE;

 private:
  double evaluate(const std::vector<double>& u, const std::vector<std::size_t>& subset);
  std::vector<double> fit_exhaustive(const std::vector<std::size_t>& subset);

  mutable std::map<std::pair<std::string, std::size_t>, double> cache_;  // (point's --set list, record) -> prediction
  mutable bool last_was_cached_ = false;
  std::vector<FitParam>& params_;
  const std::vector<const LabRecord*>& records_;
  const CalibrateOptions& opt_;
  const Simulator& simulate_;
  const std::function<void(const std::string&)>& log_;
  std::vector<double> u0_;
  bool exhaustive_ = false;
  nlopt::algorithm algorithm_;
};

double mean(const std::vector<double>& v);

// k-fold cross-validation: fit on all records but one fold, predict that fold. Returns the
// mean absolute errors in and out of sample.
std::pair<double, double> cross_validate(Fitter& fitter, const std::vector<const LabRecord*>& records,
                                         std::uint32_t k_folds);

// Leave one drive out: for each drive (records[i] belongs to drives[i]), fit on the others'
// records and predict its own.
struct DriveFold {
  std::string drive;
  std::vector<double> fitted;         // the keys' values fitted without it
  std::vector<std::size_t> held_out;  // its records
};
struct DriveHoldout {
  std::vector<DriveFold> folds;
  std::vector<double> out_of_sample;  // per record: its prediction from the fold that held its drive out
  double in_sample_mean_abs_pct = 0, out_of_sample_mean_abs_pct = 0;
};
DriveHoldout leave_one_drive_out(Fitter& fitter, const std::vector<const LabRecord*>& records,
                                 const std::vector<std::string>& drives);

}  // namespace ssdtwin::lab
