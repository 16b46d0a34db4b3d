#include "config/output_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <unistd.h>

namespace ssdtwin::config {

void throw_write_failed(const std::string& what, const std::string& path, int err) {
  throw OutputError(fmt::format("{}: writing '{}' failed: {}", what, path, std::strerror(err)));
}

void write_file(const std::string& what, const std::string& path, std::string_view text, bool append) {
  std::FILE* f = std::fopen(path.c_str(), append ? "ab" : "wb");
  if (!f) throw_write_failed(what, path, errno);
  errno = 0;
  const bool wrote = std::fwrite(text.data(), 1, text.size(), f) == text.size() && std::fflush(f) == 0;
  const int err = errno ? errno : EIO;
  // fclose reports what the last flush could not (NFS, delayed allocation).
  if (std::fclose(f) != 0 || !wrote) throw_write_failed(what, path, wrote ? (errno ? errno : EIO) : err);
}

void write_stdout(std::string_view text) {
  errno = 0;
  if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0)
    throw OutputError(fmt::format("writing standard output failed: {}", std::strerror(errno ? errno : EIO)));
}

void check_writable(const std::string& what, const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec))
    throw OutputError(fmt::format("{}: '{}' is a directory; give a file name", what, path));
  if (fs::exists(path, ec)) {
    if (access(path.c_str(), W_OK) != 0) throw_write_failed(what, path, errno);
    return;
  }
  const fs::path dir = fs::path(path).parent_path().empty() ? fs::path(".") : fs::path(path).parent_path();
  if (!fs::is_directory(dir, ec))
    throw OutputError(fmt::format("{}: cannot create '{}': directory '{}' does not exist", what, path, dir.string()));
  if (access(dir.c_str(), W_OK) != 0)
    throw OutputError(
        fmt::format("{}: cannot create '{}' in '{}': {}", what, path, dir.string(), std::strerror(errno)));
}

}  // namespace ssdtwin::config
