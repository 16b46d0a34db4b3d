#include "lab/run_summary.h"

#include <initializer_list>

namespace ssdtwin::lab {
namespace {

const nlohmann::json* find(const nlohmann::json& j, std::initializer_list<const char*> path) {
  const nlohmann::json* p = &j;
  for (const char* k : path) {
    if (!p->is_object() || !p->contains(k)) return nullptr;
    p = &p->at(k);
  }
  return p;
}

double number(const nlohmann::json& j, std::initializer_list<const char*> path) {
  const nlohmann::json* p = find(j, path);
  return p && p->is_number() ? p->get<double>() : 0.0;
}

}  // namespace

RunSummary run_summary(const nlohmann::json& out) {
  RunSummary r;
  const nlohmann::json* s = find(out, {"ssdtwin"});
  if (!s) return r;
  r.waf = number(*s, {"write_amplification"});
  r.average_w = number(*s, {"power", "average_w"});
  r.mb_per_s_per_w = number(*s, {"power", "mb_per_s_per_w"});
  if (const nlohmann::json* b = find(*s, {"bottleneck", "resource"}); b && b->is_string())
    r.bottleneck = b->get<std::string>();
  r.bottleneck_share = number(*s, {"bottleneck", "utilisation"});
  r.user_bytes = number(*s, {"profile", "drive_profile", "capacity", "user_bytes"});
  r.raw_bytes = number(*s, {"profile", "derived", "raw_bytes"});
  r.pe_cycles = number(*s, {"profile", "nand_profile", "endurance", "pe_cycles"});
  r.warranty_years = number(*s, {"profile", "drive_profile", "endurance", "warranty_years"});
  return r;
}

}  // namespace ssdtwin::lab
