// Helpers shared by the tests: paths to bundled profiles and small profile mutations.
#pragma once
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#ifndef SSDTWIN_SOURCE_DIR
#error "SSDTWIN_SOURCE_DIR must be defined by the build"
#endif

namespace ssdtwin::test {

inline std::string source_path(const std::string& rel) { return std::string(SSDTWIN_SOURCE_DIR) + "/" + rel; }
inline std::string tiny_drive() { return source_path("tests/data/tiny-drive.toml"); }
inline std::string max9550() { return source_path("scenarios/drives/micron-9550-max-12.8tb.toml"); }

inline std::string read_text(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Writes `text` to a fresh file in a per-test temp folder and returns its path.
inline std::string write_temp(const std::string& name, const std::string& text) {
  const auto dir = std::filesystem::temp_directory_path() / "ssdtwin-tests";
  std::filesystem::create_directories(dir);
  const auto p = dir / name;
  std::ofstream(p) << text;
  return p.string();
}

// Replaces the first occurrence of `from` (must exist) in `text`.
inline std::string replace_once(std::string text, const std::string& from, const std::string& to) {
  const auto i = text.find(from);
  if (i == std::string::npos) throw std::runtime_error("test setup: '" + from + "' not found");
  return text.replace(i, from.size(), to);
}

}  // namespace ssdtwin::test
