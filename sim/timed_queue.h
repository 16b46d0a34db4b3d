// A time-ordered queue of pending wake-ups. One SystemC event can hold only its earliest
// notification, so each SystemC adaptor keeps its many outstanding completions here and
// re-arms a single event for the earliest. Ties keep insertion order (determinism).
// Storage is a binary heap in a vector that only grows: no allocation per event once warm.
#pragma once
#include <cstdint>
#include <vector>

#include "sim/time.h"

namespace ssdtwin {

template <class T>
class TimedQueue {
 public:
  void push(TimePs when, T value) {
    heap_.push_back(Item{when, seq_++, value});
    sift_up(heap_.size() - 1);
  }
  bool empty() const { return heap_.empty(); }
  std::size_t size() const { return heap_.size(); }
  TimePs top_time() const { return heap_.front().when; }
  // Floyd's pop: the hole at the root walks down to a leaf, always to the earlier child (one
  // comparison per level, which the compiler makes a conditional move rather than a branch
  // that random times would mispredict), then the last item rises from there (rarely far).
  T pop() {
    T v = heap_.front().value;
    const Item last = heap_.back();
    heap_.pop_back();
    const std::size_t n = heap_.size();
    if (n == 0) return v;
    std::size_t i = 0;
    for (std::size_t c = 1; c < n; c = 2 * i + 1) {
      if (c + 1 < n) c += std::size_t(before(heap_[c + 1], heap_[c]));
      heap_[i] = heap_[c];
      i = c;
    }
    heap_[i] = last;
    sift_up(i);
    return v;
  }
  void reserve(std::size_t n) { heap_.reserve(n); }

 private:
  struct Item {
    TimePs when;
    std::uint64_t seq;
    T value;
  };
  // Bitwise, not short-circuit: no branch on which of two random times is earlier.
  static bool before(const Item& a, const Item& b) {
    return (a.when < b.when) | ((a.when == b.when) & (a.seq < b.seq));
  }
  void sift_up(std::size_t i) {
    Item it = heap_[i];
    while (i > 0) {
      std::size_t p = (i - 1) / 2;
      if (!before(it, heap_[p])) break;
      heap_[i] = heap_[p];
      i = p;
    }
    heap_[i] = it;
  }
  std::vector<Item> heap_;
  std::uint64_t seq_ = 0;
};

}  // namespace ssdtwin
