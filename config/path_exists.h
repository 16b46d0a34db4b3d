// Whether a path names something that exists, without throwing: std::filesystem::exists
// throws for names the OS rejects (too long, ...), and input paths come from users.
#pragma once
#include <filesystem>
#include <system_error>

namespace ssdtwin::config {

inline bool path_exists(const std::filesystem::path& p) {
  std::error_code ec;
  return std::filesystem::exists(p, ec) && !ec;
}

}  // namespace ssdtwin::config
