// d-choices (random greedy): the fewest-valid of d block groups drawn at random (with
// replacement) from the die's candidates; ties go to the lower block group. d = 1 is random
// selection, large d approaches greedy. Firmware uses it because it needs no sorted index
// of the whole die; Van Houdt (SIGMETRICS 2013) gives its WAF under uniform random writes.
#include "ftl/mapping.h"
#include "ftl/victim_policy.h"
#include "sim/rng.h"

namespace ssdtwin::ftl {
namespace {
class DChoices final : public VictimPolicy {
 public:
  explicit DChoices(const VictimPolicyParams& p) : d_(p.d_choices), rng_(p.seed) {}
  int pick(Mapping& map, std::uint32_t die) override {
    const auto& c = map.gc_candidates(die);
    if (c.empty()) return -1;
    std::uint32_t best = c[rng_.below(c.size())].bg;
    for (std::uint32_t k = 1; k < d_; ++k) {
      const std::uint32_t b = c[rng_.below(c.size())].bg;
      if (map.valid_ius(die, b) < map.valid_ius(die, best) ||
          (map.valid_ius(die, b) == map.valid_ius(die, best) && b < best))
        best = b;
    }
    return static_cast<int>(best);
  }

 private:
  std::uint32_t d_;
  Rng rng_;
};
}  // namespace

const VictimPolicyInfo& d_choices_policy() {
  static const VictimPolicyInfo info{"d_choices", "fewest valid of gc_d_choices random candidates",
                                     make_policy<DChoices>};
  return info;
}

}  // namespace ssdtwin::ftl
