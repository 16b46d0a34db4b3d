// One descriptor per profile key: name, type, unit, allowed range, default and meaning.
// The loader, `ssdtwin config --dump` and docs/config.md are all driven by this table,
// so the documentation cannot drift from what is parsed.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "config/drive_config.h"

namespace ssdtwin::config {

// Which file a key lives in: the drive profile, the NAND profile it names, or the host
// profile (the server, OS and benchmark the drive is measured on).
enum class ProfileKind { Drive, Nand, Host };
enum class KeyType { Integer, Float, String };

struct KeyDesc {
  ProfileKind file;
  std::string path;  // "section.key"
  KeyType type;
  std::string unit;  // "" when dimensionless
  double min = 0, max = 0;
  std::vector<double> allowed;              // when non-empty: the only values accepted
  std::optional<std::string> default_text;  // nullopt: required
  std::string description;
  std::function<void(DriveConfig&, double)> set_num;
  std::function<double(const DriveConfig&)> get_num;
  std::function<void(DriveConfig&, const std::string&)> set_str;
  std::function<std::string(const DriveConfig&)> get_str;
  std::function<void(host_if::HostConfig&, double)> set_host_num;  // host keys
  std::function<double(const host_if::HostConfig&)> get_host_num;

  std::string section() const { return path.substr(0, path.find('.')); }
  std::string key() const { return path.substr(path.find('.') + 1); }
  std::string allowed_text() const;  // "1..5", "one of 128, 256, ...", "text"
};

const std::vector<KeyDesc>& config_keys();
const KeyDesc* find_key(ProfileKind file, const std::string& path);

}  // namespace ssdtwin::config
