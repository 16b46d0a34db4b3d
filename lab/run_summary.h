// What an ssdtwin run's JSON says about the run as a whole (the `ssdtwin` section), read
// once for validate's records and sweep's table: write amplification, power, what bound it,
// and the profile facts endurance needs. Absent fields read as 0 / "" (real fio output has
// no `ssdtwin` section).
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace ssdtwin::lab {

struct RunSummary {
  double waf = 0;                                                           // ssdtwin.write_amplification (whole run)
  double average_w = 0, mb_per_s_per_w = 0;                                 // ssdtwin.power
  std::string bottleneck;                                                   // ssdtwin.bottleneck.resource
  double bottleneck_share = 0;                                              // its busy share over the run
  double user_bytes = 0, raw_bytes = 0, pe_cycles = 0, warranty_years = 0;  // the profile
};
RunSummary run_summary(const nlohmann::json& out);

}  // namespace ssdtwin::lab
