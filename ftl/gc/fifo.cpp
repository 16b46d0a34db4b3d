// FIFO: the block group closed longest ago, whatever its valid count (no wear or validity
// bookkeeping; WAF is that of random selection under uniform writes).
#include <algorithm>

#include "ftl/mapping.h"
#include "ftl/victim_policy.h"

namespace ssdtwin::ftl {
namespace {
class Fifo final : public VictimPolicy {
 public:
  explicit Fifo(const VictimPolicyParams&) {}
  int pick(Mapping& map, std::uint32_t die) override {
    const auto& c = map.gc_candidates(die);
    if (c.empty()) return -1;
    return static_cast<int>(std::min_element(c.begin(), c.end())->bg);
  }
};
}  // namespace

const VictimPolicyInfo& fifo_policy() {
  static const VictimPolicyInfo info{"fifo", "the block group closed longest ago", make_policy<Fifo>};
  return info;
}

}  // namespace ssdtwin::ftl
