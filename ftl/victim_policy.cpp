#include "ftl/victim_policy.h"

#include <stdexcept>

namespace ssdtwin::ftl {

#define SSDTWIN_VICTIM_POLICY(stem) const VictimPolicyInfo& stem##_policy();
#include "ftl/gc/policies.def"
#undef SSDTWIN_VICTIM_POLICY

const std::vector<const VictimPolicyInfo*>& victim_policies() {
#define SSDTWIN_VICTIM_POLICY(stem) &stem##_policy(),
  static const std::vector<const VictimPolicyInfo*> all = {
#include "ftl/gc/policies.def"
  };
#undef SSDTWIN_VICTIM_POLICY
  return all;
}

const VictimPolicyInfo* find_victim_policy(const std::string& name) {
  for (const VictimPolicyInfo* p : victim_policies())
    if (name == p->name) return p;
  return nullptr;
}

std::string victim_policy_names() {
  const auto& all = victim_policies();
  std::string s;
  for (std::size_t i = 0; i < all.size(); ++i)
    s += (i == 0 ? "" : i + 1 == all.size() ? " or " : ", ") + std::string(all[i]->name);
  return s;
}

std::unique_ptr<VictimPolicy> make_victim_policy(const std::string& name, const VictimPolicyParams& params) {
  const VictimPolicyInfo* p = find_victim_policy(name);
  if (!p) throw std::invalid_argument("unknown GC victim policy '" + name + "'; use " + victim_policy_names());
  return p->make(params);
}

}  // namespace ssdtwin::ftl
