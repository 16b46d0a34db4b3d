// Bytes of a saved drive state (model/saved_state.h): plain values and arrays of trivially
// copyable types, streamed through a 1 MiB buffer to a ByteSink and back from a ByteSource
// (the CLI backs both with files), so a multi-gigabyte state never has a second copy in
// memory. Every read is bounds-checked against the payload's stated length, and both sides
// hash what passes (FNV-1a over 8-byte words, then the tail bytes).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace ssdtwin {

// Where written bytes go; write() throws on failure (a full disk is an error).
class ByteSink {
 public:
  virtual ~ByteSink() = default;
  virtual void write(const char* p, std::size_t n) = 0;
};

// Where read bytes come from: read() returns fewer than `n` only at the end.
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  virtual std::size_t read(char* p, std::size_t n) = 0;
  virtual std::uint64_t size() const = 0;  // of the whole source
};

// The running hash of a state's payload. Chunks must be multiples of 8 bytes except the last.
class StateHash {
 public:
  void add(const char* p, std::size_t n) {
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t w;
      std::memcpy(&w, p + i, 8);
      h_ = (h_ ^ w) * kPrime;
    }
    for (; i < n; ++i) h_ = (h_ ^ std::uint8_t(p[i])) * kPrime;
  }
  std::uint64_t value() const { return h_; }

 private:
  static constexpr std::uint64_t kPrime = 1099511628211ull;
  std::uint64_t h_ = 1469598103934665603ull;
};

class StateWriter {
 public:
  // sink == nullptr: only counts the bytes (the payload's length, known before the header).
  explicit StateWriter(ByteSink* sink) : sink_(sink) {
    if (sink_) buf_.reserve(kChunk);
  }
  template <class T>
  void put(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    append(reinterpret_cast<const char*>(&v), sizeof(T));
  }
  template <class T>
  void put_array(const T* data, std::size_t n) {
    static_assert(std::is_trivially_copyable_v<T>);
    put<std::uint64_t>(n);
    if (n) append(reinterpret_cast<const char*>(data), n * sizeof(T));  // data may be null when empty
  }
  template <class T>
  void put_vector(const std::vector<T>& v) {
    put_array(v.data(), v.size());
  }
  // Writes what is buffered; returns the payload's hash.
  std::uint64_t finish() {
    flush();
    return hash_.value();
  }
  std::uint64_t bytes() const { return bytes_; }

  static constexpr std::size_t kChunk = 1u << 20;

 private:
  void append(const char* p, std::size_t n) {
    bytes_ += n;
    if (!sink_) return;
    while (n) {
      const std::size_t k = std::min(n, kChunk - buf_.size());
      buf_.insert(buf_.end(), p, p + k);
      p += k;
      n -= k;
      if (buf_.size() == kChunk) flush();
    }
  }
  void flush() {
    if (!sink_ || buf_.empty()) return;
    hash_.add(buf_.data(), buf_.size());
    sink_->write(buf_.data(), buf_.size());
    buf_.clear();
  }
  ByteSink* sink_;
  std::vector<char> buf_;
  std::uint64_t bytes_ = 0;
  StateHash hash_;
};

// Throws std::runtime_error on a read past the payload's end or the source's (a truncated
// or corrupt state; the hash is compared only once the whole payload is read).
class StateReader {
 public:
  StateReader(ByteSource& src, std::uint64_t payload_bytes) : src_(src), left_(payload_bytes), buf_(kChunk) {}
  template <class T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    T v;
    take(reinterpret_cast<char*>(&v), sizeof(T));
    return v;
  }
  // Reads an array of exactly `n` elements into `data` (the size was fixed by the geometry).
  template <class T>
  void get_array(T* data, std::size_t n) {
    if (get<std::uint64_t>() != n) throw std::runtime_error("saved state: an array of another size");
    take(reinterpret_cast<char*>(data), n * sizeof(T));
  }
  template <class T>
  void get_vector(std::vector<T>& v, std::size_t max_n) {
    const std::uint64_t n = get<std::uint64_t>();
    if (n > max_n) throw std::runtime_error("saved state: an array larger than the drive allows");
    v.resize(n);
    take(reinterpret_cast<char*>(v.data()), n * sizeof(T));
  }
  bool at_end() const { return left_ == 0 && pos_ == end_; }
  std::uint64_t hash() const { return hash_.value(); }

  static constexpr std::size_t kChunk = StateWriter::kChunk;

 private:
  void take(char* dst, std::size_t n) {
    while (n) {
      if (pos_ == end_) refill();
      const std::size_t k = std::min(n, end_ - pos_);
      std::memcpy(dst, buf_.data() + pos_, k);  // never called with n == 0 (dst may be null)
      pos_ += k;
      dst += k;
      n -= k;
    }
  }
  void refill() {
    if (left_ == 0) throw std::runtime_error("saved state: truncated");
    const std::size_t want = std::size_t(std::min<std::uint64_t>(left_, kChunk));
    if (src_.read(buf_.data(), want) != want) throw std::runtime_error("saved state: truncated");
    hash_.add(buf_.data(), want);
    left_ -= want;
    pos_ = 0;
    end_ = want;
  }
  ByteSource& src_;
  std::uint64_t left_;  // payload bytes not yet read from the source
  std::vector<char> buf_;
  std::size_t pos_ = 0, end_ = 0;
  StateHash hash_;
};

}  // namespace ssdtwin
