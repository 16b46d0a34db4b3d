#include "config/file_stream.h"

#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/input_error.h"
#include "config/output_file.h"

namespace ssdtwin::config {

FileSource::FileSource(const std::string& path, const std::string& what, std::uint64_t max_bytes)
    : path_(path), what_(what) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw InputError(fmt::format("{}: cannot open {} ({})", path, what, std::strerror(errno)));
  if (!S_ISREG(st.st_mode))
    throw InputError(fmt::format("{}: is not a regular file ({}); give a {}", path,
                                 S_ISDIR(st.st_mode) ? "a directory" : "a device, pipe or socket", what));
  if (std::uint64_t(st.st_size) > max_bytes)
    throw InputError(fmt::format("{}: is {} bytes; a {} may be at most {} bytes", path, st.st_size, what, max_bytes));
  f_ = std::fopen(path.c_str(), "rb");
  if (!f_) throw InputError(fmt::format("{}: cannot open {} ({})", path, what, std::strerror(errno)));
  size_ = std::uint64_t(st.st_size);
}

FileSource::~FileSource() {
  if (f_) std::fclose(f_);
}

std::size_t FileSource::read(char* p, std::size_t n) {
  const std::size_t got = std::fread(p, 1, n, f_);
  if (got < n && std::ferror(f_)) throw InputError(fmt::format("{}: reading {} failed", path_, what_));
  return got;
}

FileSink::FileSink(const std::string& what, const std::string& path)
    : what_(what), path_(path), tmp_(fmt::format("{}.{}.tmp", path, getpid())) {
  f_ = std::fopen(tmp_.c_str(), "wb");
  if (!f_) throw_write_failed(what_, tmp_, errno);
}

FileSink::~FileSink() {
  if (!f_) return;
  std::fclose(f_);
  std::remove(tmp_.c_str());
}

void FileSink::write(const char* p, std::size_t n) {
  errno = 0;
  if (std::fwrite(p, 1, n, f_) != n) throw_write_failed(what_, tmp_, errno ? errno : EIO);
}

void FileSink::commit() {
  errno = 0;
  const bool flushed = std::fflush(f_) == 0;
  const int err = errno ? errno : EIO;
  // fclose reports what the last flush could not (NFS, delayed allocation).
  const bool closed = std::fclose(f_) == 0;
  const int close_err = errno ? errno : EIO;
  f_ = nullptr;
  if (!flushed || !closed) {
    std::remove(tmp_.c_str());
    throw_write_failed(what_, tmp_, flushed ? close_err : err);
  }
  if (std::rename(tmp_.c_str(), path_.c_str()) != 0) {
    const int e = errno;
    std::remove(tmp_.c_str());
    throw_write_failed(what_, path_, e);
  }
}

}  // namespace ssdtwin::config
