// GC victim selection: which closed block group of a die GC collects next. One policy per
// file in ftl/gc/, registered by one line in ftl/gc/policies.def; the profile names it in
// ftl.gc_policy. docs/architecture.md ("Where to add") walks through adding one.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ssdtwin::ftl {

class Mapping;

// Profile parameters a policy may use (ftl.gc_window_bgs, ftl.gc_d_choices).
struct VictimPolicyParams {
  std::uint32_t window_bgs = 16;
  std::uint32_t d_choices = 8;
  std::uint64_t seed = 1;  // for randomised policies: same seed, same victims
};

class VictimPolicy {
 public:
  virtual ~VictimPolicy() = default;
  // A closed block group of `die` with fewer valid IUs than a whole one (Mapping::gc_candidates
  // lists them; relocating a full one would free nothing), or -1 when there is none.
  virtual int pick(Mapping& map, std::uint32_t die) = 0;
};

struct VictimPolicyInfo {
  const char* name;
  const char* description;  // one line, for the configuration reference
  std::unique_ptr<VictimPolicy> (*make)(const VictimPolicyParams&);
};

// The factory of a policy class constructed from the parameters.
template <class Policy>
std::unique_ptr<VictimPolicy> make_policy(const VictimPolicyParams& p) {
  return std::make_unique<Policy>(p);
}

// Registered policies, in registration order.
const std::vector<const VictimPolicyInfo*>& victim_policies();
// Null when no policy has that name.
const VictimPolicyInfo* find_victim_policy(const std::string& name);
// "greedy, fifo, ... or d_choices": for error messages and docs.
std::string victim_policy_names();
// Throws std::invalid_argument naming the known policies when `name` is not one of them.
std::unique_ptr<VictimPolicy> make_victim_policy(const std::string& name, const VictimPolicyParams& params);

}  // namespace ssdtwin::ftl
