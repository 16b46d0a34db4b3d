// Greedy: the closed block group with the fewest valid IUs (least data to relocate now).
// Mapping::fewest_valid_closed scans the die's block groups once per victim; of equal
// counts it takes the one whose count changed last.
#include "ftl/mapping.h"
#include "ftl/victim_policy.h"

namespace ssdtwin::ftl {
namespace {
class Greedy final : public VictimPolicy {
 public:
  explicit Greedy(const VictimPolicyParams&) {}
  int pick(Mapping& map, std::uint32_t die) override { return map.fewest_valid_closed(die); }
};
}  // namespace

const VictimPolicyInfo& greedy_policy() {
  static const VictimPolicyInfo info{"greedy", "fewest valid IUs", make_policy<Greedy>};
  return info;
}

}  // namespace ssdtwin::ftl
