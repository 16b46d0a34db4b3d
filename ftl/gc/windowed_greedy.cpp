// Windowed greedy: fewest valid IUs among the ftl.gc_window_bgs block groups closed longest
// ago (ties: lower block group). Between FIFO (window 1) and greedy (window = all).
#include <algorithm>

#include "ftl/mapping.h"
#include "ftl/victim_policy.h"

namespace ssdtwin::ftl {
namespace {
class WindowedGreedy final : public VictimPolicy {
 public:
  explicit WindowedGreedy(const VictimPolicyParams& p) : window_(p.window_bgs) {}
  int pick(Mapping& map, std::uint32_t die) override {
    scratch_ = map.gc_candidates(die);
    if (scratch_.empty()) return -1;
    const std::size_t w = std::min<std::size_t>(window_, scratch_.size());
    std::nth_element(scratch_.begin(), scratch_.begin() + std::ptrdiff_t(w - 1), scratch_.end());
    std::uint32_t best = scratch_[0].bg;
    for (std::size_t k = 1; k < w; ++k) {
      const std::uint32_t b = scratch_[k].bg;
      if (map.valid_ius(die, b) < map.valid_ius(die, best) ||
          (map.valid_ius(die, b) == map.valid_ius(die, best) && b < best))
        best = b;
    }
    return static_cast<int>(best);
  }

 private:
  std::uint32_t window_;
  std::vector<GcCandidate> scratch_;
};
}  // namespace

const VictimPolicyInfo& windowed_greedy_policy() {
  static const VictimPolicyInfo info{"windowed_greedy", "fewest valid among the gc_window_bgs oldest closed",
                                     make_policy<WindowedGreedy>};
  return info;
}

}  // namespace ssdtwin::ftl
