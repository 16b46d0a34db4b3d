// Loads a drive profile, the NAND profile it names and a host profile, applies --set
// overrides, and validates everything once: every error names file, line, key and what is
// allowed.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "config/drive_config.h"

namespace ssdtwin::config {

struct LoadedProfile {
  DriveConfig config;
  // The host the drive is measured on (server, OS, benchmark): its own profile, not the
  // drive's; without one, the keys' defaults (the reference lab host).
  host_if::HostConfig host;
  std::string drive_path, nand_path, host_path;
  std::vector<std::string> base_paths;        // drive profiles drive_path extends, nearest first
  std::map<std::string, std::string> origin;  // "drive:section.key" -> "file:line" or "--set"
  // How near the value came from, for keys that give the same thing two ways (op_pct and
  // user_bytes): the nearer wins.
  enum class Level { Default, Base, Profile, Override };
  std::map<std::string, Level> origin_level;  // same keys as `origin`
};

// overrides: "section.key=value" for drive keys, "nand.section.key=value" for NAND keys,
// "host.key=value" for host keys, "power_state.N.key=value" for a power state.
// host_path: a host profile ([host] keys); "" for the defaults.
LoadedProfile load_profile(const std::string& drive_path, const std::vector<std::string>& overrides = {},
                           const std::string& host_path = "");

// Cross-key rules (capacity, geometry, buffer, watermarks) and resolution of named choices
// (GC policy); throws InputError.
void validate_drive(LoadedProfile& p);
void validate_power_states(const LoadedProfile& p);

}  // namespace ssdtwin::config
