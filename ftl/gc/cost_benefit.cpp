// Cost-benefit (Rosenblum & Ousterhout, LFS 1992): largest (1 - u) x age / (1 + u), u the
// valid fraction, age in block groups closed since. Old, cold data is collected even when
// a younger block group is slightly emptier, because its data will not be invalidated soon.
#include "ftl/mapping.h"
#include "ftl/victim_policy.h"

namespace ssdtwin::ftl {
namespace {
class CostBenefit final : public VictimPolicy {
 public:
  explicit CostBenefit(const VictimPolicyParams&) {}
  int pick(Mapping& map, std::uint32_t die) override {
    const auto& c = map.gc_candidates(die);
    if (c.empty()) return -1;
    const double ius_per_bg = double(map.geometry().ius_per_bg);
    double best_score = -1;
    std::uint32_t best = 0;
    for (const GcCandidate& k : c) {
      const double u = double(map.valid_ius(die, k.bg)) / ius_per_bg;
      const double score = (1.0 - u) * double(map.close_counter() - k.closed_seq + 1) / (1.0 + u);
      if (score > best_score) {
        best_score = score;
        best = k.bg;
      }
    }
    return static_cast<int>(best);
  }
};
}  // namespace

const VictimPolicyInfo& cost_benefit_policy() {
  static const VictimPolicyInfo info{"cost_benefit", "largest (1 - u) x age / (1 + u) (LFS)", make_policy<CostBenefit>};
  return info;
}

}  // namespace ssdtwin::ftl
