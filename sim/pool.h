// Fixed-type object pool: objects are recycled through a free list, so steady-state
// simulation allocates nothing per I/O. Pointers stay valid (chunked storage).
#pragma once
#include <memory>
#include <vector>

namespace ssdtwin {

template <class T>
class Pool {
 public:
  T* get() {
    if (free_.empty()) grow();
    T* p = free_.back();
    free_.pop_back();
    *p = T{};
    return p;
  }
  void put(T* p) { free_.push_back(p); }

 private:
  static constexpr std::size_t kChunk = 256;
  void grow() {
    chunks_.emplace_back(new T[kChunk]);
    for (std::size_t i = 0; i < kChunk; ++i) free_.push_back(&chunks_.back()[kChunk - 1 - i]);
  }
  std::vector<std::unique_ptr<T[]>> chunks_;
  std::vector<T*> free_;
};

}  // namespace ssdtwin
