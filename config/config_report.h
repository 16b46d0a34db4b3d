// Writers for the resolved configuration: TOML dump, JSON object, Markdown reference.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

#include "config/config_loader.h"

namespace ssdtwin::config {

std::string dump_profile_toml(const LoadedProfile& p);
nlohmann::ordered_json profile_json(const LoadedProfile& p);
std::string config_reference_markdown();

}  // namespace ssdtwin::config
