#include "config/input_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <sys/stat.h>

#include "config/input_error.h"

namespace ssdtwin::config {

std::string read_input_file(const std::string& path, const std::string& what, std::uint64_t max_bytes) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw InputError(fmt::format("{}: cannot open {} ({})", path, what, std::strerror(errno)));
  if (!S_ISREG(st.st_mode))
    throw InputError(fmt::format("{}: is not a regular file ({}); give a {}", path,
                                 S_ISDIR(st.st_mode) ? "a directory" : "a device, pipe or socket", what));
  if (std::uint64_t(st.st_size) > max_bytes)
    throw InputError(fmt::format("{}: is {} bytes; a {} may be at most {} bytes", path, st.st_size, what, max_bytes));
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw InputError(fmt::format("{}: cannot open {} ({})", path, what, std::strerror(errno)));
  std::string text(std::size_t(st.st_size), '\0');
  const std::size_t n = std::fread(text.data(), 1, text.size(), f);
  const bool failed = std::ferror(f);
  std::fclose(f);
  if (failed) throw InputError(fmt::format("{}: reading {} failed", path, what));
  text.resize(n);  // a file that shrank while read
  return text;
}

}  // namespace ssdtwin::config
