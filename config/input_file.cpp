#include "config/input_file.h"

#include "config/file_stream.h"

namespace ssdtwin::config {

std::string read_input_file(const std::string& path, const std::string& what, std::uint64_t max_bytes) {
  FileSource f(path, what, max_bytes);  // the checks: a regular file within the limit
  std::string text(std::size_t(f.size()), '\0');
  text.resize(f.read(text.data(), text.size()));  // a file that shrank while read
  return text;
}

}  // namespace ssdtwin::config
