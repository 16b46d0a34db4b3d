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
  T pop() {
    T v = heap_.front().value;
    heap_.front() = heap_.back();
    heap_.pop_back();
    if (!heap_.empty()) sift_down(0);
    return v;
  }
  void reserve(std::size_t n) { heap_.reserve(n); }

 private:
  struct Item {
    TimePs when;
    std::uint64_t seq;
    T value;
  };
  static bool before(const Item& a, const Item& b) { return a.when < b.when || (a.when == b.when && a.seq < b.seq); }
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
  void sift_down(std::size_t i) {
    Item it = heap_[i];
    const std::size_t n = heap_.size();
    for (;;) {
      std::size_t c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && before(heap_[c + 1], heap_[c])) ++c;
      if (!before(heap_[c], it)) break;
      heap_[i] = heap_[c];
      i = c;
    }
    heap_[i] = it;
  }
  std::vector<Item> heap_;
  std::uint64_t seq_ = 0;
};

}  // namespace ssdtwin
