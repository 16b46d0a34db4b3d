// Files streamed in and out in pieces (saved drive states, which are gigabytes: never held
// whole in memory). A FileSource is checked like read_input_file (a regular file within a
// size limit) when opened; a FileSink writes under a private name that commit() renames to
// the real one, so a reader sees a whole file or none, and an abandoned sink (an error, a
// full disk) removes its partial file. Every write is checked.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>

#include "sim/state_io.h"

namespace ssdtwin::config {

class FileSource : public ByteSource {
 public:
  // Throws InputError naming `path` and `what` when it is missing, not a regular file or
  // larger than max_bytes.
  FileSource(const std::string& path, const std::string& what, std::uint64_t max_bytes);
  ~FileSource() override;
  FileSource(const FileSource&) = delete;
  FileSource& operator=(const FileSource&) = delete;
  // Throws InputError on a read error; returns fewer bytes only at the end of the file.
  std::size_t read(char* p, std::size_t n) override;
  std::uint64_t size() const override { return size_; }

 private:
  std::string path_, what_;
  std::FILE* f_ = nullptr;
  std::uint64_t size_ = 0;
};

class FileSink : public ByteSink {
 public:
  // `what` names the output in errors ("option '--save-state'"). Throws OutputError when the
  // private file cannot be created.
  FileSink(const std::string& what, const std::string& path);
  ~FileSink() override;  // not committed: the partial file is removed
  FileSink(const FileSink&) = delete;
  FileSink& operator=(const FileSink&) = delete;
  void write(const char* p, std::size_t n) override;  // throws OutputError
  // Flushes, closes (both checked) and renames the file into place.
  void commit();

 private:
  std::string what_, path_, tmp_;
  std::FILE* f_ = nullptr;
};

}  // namespace ssdtwin::config
