#include "config/power_state_keys.h"

#include "sim/time.h"

namespace ssdtwin::config {

using power::PowerStateDesc;
using Type = PowerStateKey::Type;

const std::vector<PowerStateKey>& power_state_keys() {
  static const std::vector<PowerStateKey> keys = {
      {"mp_w", Type::Number, "W", 0.01, 1000, nullptr,
       "Maximum (sustained) power; operational states must exceed the idle operational power",
       [](PowerStateDesc& d, double v) { d.mp_w = v; }, [](const PowerStateDesc& d) { return d.mp_w; }},
      {"non_operational", Type::Boolean, "", 0, 1, "false",
       "NOPS: no I/O in this state (APST targets); PS0 must be operational",
       [](PowerStateDesc& d, double v) { d.non_operational = v != 0; },
       [](const PowerStateDesc& d) { return d.non_operational ? 1.0 : 0.0; }},
      {"enlat_us", Type::Number, "us", 0, 1e8, "0", "Entry latency",
       [](PowerStateDesc& d, double v) { d.enlat_ps = static_cast<TimePs>(v * kPsPerUs); },
       [](const PowerStateDesc& d) { return double(d.enlat_ps) / kPsPerUs; }},
      {"exlat_us", Type::Number, "us", 0, 1e8, "0",
       "Exit latency, charged to the first command after a non-operational state",
       [](PowerStateDesc& d, double v) { d.exlat_ps = static_cast<TimePs>(v * kPsPerUs); },
       [](const PowerStateDesc& d) { return double(d.exlat_ps) / kPsPerUs; }},
      {"rrt", Type::WholeNumber, "", 0, 31, "0", "Relative read throughput rank (below the number of states)",
       [](PowerStateDesc& d, double v) { d.rrt = static_cast<std::uint32_t>(v); },
       [](const PowerStateDesc& d) { return double(d.rrt); }},
      {"rrl", Type::WholeNumber, "", 0, 31, "0", "Relative read latency rank (below the number of states)",
       [](PowerStateDesc& d, double v) { d.rrl = static_cast<std::uint32_t>(v); },
       [](const PowerStateDesc& d) { return double(d.rrl); }},
      {"rwt", Type::WholeNumber, "", 0, 31, "0", "Relative write throughput rank (below the number of states)",
       [](PowerStateDesc& d, double v) { d.rwt = static_cast<std::uint32_t>(v); },
       [](const PowerStateDesc& d) { return double(d.rwt); }},
      {"rwl", Type::WholeNumber, "", 0, 31, "0", "Relative write latency rank (below the number of states)",
       [](PowerStateDesc& d, double v) { d.rwl = static_cast<std::uint32_t>(v); },
       [](const PowerStateDesc& d) { return double(d.rwl); }},
      {"idlp_w", Type::Number, "W", 0, 1000, "0", "Idle power, reported only",
       [](PowerStateDesc& d, double v) { d.idlp_w = v; }, [](const PowerStateDesc& d) { return d.idlp_w; }},
      {"actp_w", Type::Number, "W", 0, 1000, "0", "Active power, reported only",
       [](PowerStateDesc& d, double v) { d.actp_w = v; }, [](const PowerStateDesc& d) { return d.actp_w; }},
  };
  return keys;
}

const PowerStateKey* find_power_state_key(const std::string& key) {
  for (const PowerStateKey& k : power_state_keys())
    if (key == k.key) return &k;
  return nullptr;
}

std::string power_state_key_list() {
  std::string s;
  for (const PowerStateKey& k : power_state_keys()) s += (s.empty() ? "" : ", ") + std::string(k.key);
  return s;
}

}  // namespace ssdtwin::config
