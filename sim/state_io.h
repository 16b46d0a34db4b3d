// Bytes of a saved drive state (model/saved_state.h): plain values and arrays of trivially
// copyable types appended to a string, read back with every read bounds-checked.
#pragma once
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace ssdtwin {

class StateWriter {
 public:
  template <class T>
  void put(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    out_.append(reinterpret_cast<const char*>(&v), sizeof(T));
  }
  template <class T>
  void put_array(const T* data, std::size_t n) {
    static_assert(std::is_trivially_copyable_v<T>);
    put<std::uint64_t>(n);
    if (n) out_.append(reinterpret_cast<const char*>(data), n * sizeof(T));  // data may be null when empty
  }
  template <class T>
  void put_vector(const std::vector<T>& v) {
    put_array(v.data(), v.size());
  }
  std::string& bytes() { return out_; }

 private:
  std::string out_;
};

// Throws std::runtime_error on a read past the end (a truncated or corrupt state, which the
// checksum should have caught first).
class StateReader {
 public:
  StateReader(const char* p, std::size_t n) : p_(p), end_(p + n) {}
  template <class T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    T v;
    take(&v, sizeof(T));
    return v;
  }
  // Reads an array of exactly `n` elements into `data` (the size was fixed by the geometry).
  template <class T>
  void get_array(T* data, std::size_t n) {
    if (get<std::uint64_t>() != n) throw std::runtime_error("saved state: an array of another size");
    take(data, n * sizeof(T));
  }
  template <class T>
  void get_vector(std::vector<T>& v, std::size_t max_n) {
    const std::uint64_t n = get<std::uint64_t>();
    if (n > max_n) throw std::runtime_error("saved state: an array larger than the drive allows");
    v.resize(n);
    take(v.data(), n * sizeof(T));
  }
  bool at_end() const { return p_ == end_; }

 private:
  void take(void* dst, std::size_t n) {
    if (std::size_t(end_ - p_) < n) throw std::runtime_error("saved state: truncated");
    if (n == 0) return;  // an empty vector's data() may be null, which memcpy must not get
    std::memcpy(dst, p_, n);
    p_ += n;
  }
  const char* p_;
  const char* end_;
};

}  // namespace ssdtwin
