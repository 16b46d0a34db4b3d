// Fixed-size array for the multi-gigabyte mapping tables: anonymous mmap with
// MADV_HUGEPAGE, so random L2P/P2L lookups miss the TLB far less often and the tables
// fault in 2 MiB at a time (Linux with transparent huge pages in "madvise" mode).
#pragma once
#include <algorithm>
#include <cstddef>
#include <new>
#include <sys/mman.h>

namespace ssdtwin {

template <class T>
class BigArray {
 public:
  BigArray() = default;
  BigArray(std::size_t n, T fill) : n_(n) {
    if (n_ == 0) return;
    bytes_ = n_ * sizeof(T);
    void* p = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    madvise(p, bytes_, MADV_HUGEPAGE);  // advisory: ignored where THP is off
    data_ = static_cast<T*>(p);
    std::fill(data_, data_ + n_, fill);
  }
  BigArray(const BigArray&) = delete;
  BigArray& operator=(const BigArray&) = delete;
  BigArray(BigArray&& o) noexcept { swap(o); }
  BigArray& operator=(BigArray&& o) noexcept {
    swap(o);
    return *this;
  }
  ~BigArray() {
    if (data_) munmap(data_, bytes_);
  }
  T& operator[](std::size_t i) { return data_[i]; }
  const T& operator[](std::size_t i) const { return data_[i]; }
  std::size_t size() const { return n_; }
  T* begin() { return data_; }
  T* end() { return data_ + n_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + n_; }

 private:
  void swap(BigArray& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(n_, o.n_);
    std::swap(bytes_, o.bytes_);
  }
  T* data_ = nullptr;
  std::size_t n_ = 0, bytes_ = 0;
};

}  // namespace ssdtwin
