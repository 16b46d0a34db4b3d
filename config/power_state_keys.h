// The keys of one [[power_state]] entry (the NVMe power-state descriptor table), declared
// once: the loader, `--set power_state.N.key=value`, `config --dump` and the generated
// reference (docs/config.md) all walk this table.
#pragma once
#include <string>
#include <vector>

#include "power/power_config.h"

namespace ssdtwin::config {

struct PowerStateKey {
  enum class Type { Number, WholeNumber, Boolean };
  const char* key;
  Type type;
  const char* unit;          // "" when unitless
  double min, max;           // numbers only
  const char* default_text;  // nullptr: required
  const char* description;
  void (*set)(power::PowerStateDesc&, double);  // booleans: 0 or 1
  double (*get)(const power::PowerStateDesc&);
};

const std::vector<PowerStateKey>& power_state_keys();
const PowerStateKey* find_power_state_key(const std::string& key);
// "mp_w, non_operational, ...": for messages.
std::string power_state_key_list();

}  // namespace ssdtwin::config
