// Loads a drive profile and the NAND profile it names, applies --set overrides, and
// validates everything once: every error names file, line, key and what is allowed.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "config/drive_config.h"

namespace ssdtwin::config {

struct LoadedProfile {
  DriveConfig config;
  std::string drive_path, nand_path;
  std::vector<std::string> base_paths;  // drive profiles drive_path extends, nearest first
  std::map<std::string, std::string> origin;  // "drive:section.key" -> "file:line" or "--set"
};

// overrides: "section.key=value" for drive keys, "nand.section.key=value" for NAND keys.
LoadedProfile load_profile(const std::string& drive_path, const std::vector<std::string>& overrides = {});

// Cross-key rules (capacity, geometry, buffer, watermarks) and resolution of named choices
// (GC policy); throws InputError.
void validate_drive(LoadedProfile& p);
void validate_power_states(const LoadedProfile& p);

}  // namespace ssdtwin::config
