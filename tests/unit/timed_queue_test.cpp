#include <boost/test/unit_test.hpp>
#include <algorithm>
#include <vector>

#include "sim/rng.h"
#include "sim/timed_queue.h"

using ssdtwin::TimedQueue;

BOOST_AUTO_TEST_SUITE(timed_queue)

// Pops must come out by time, ties in insertion order (the determinism every SystemC adaptor
// relies on): checked against a plain list through pushes and pops interleaved at random,
// with few distinct times, so most pops break a tie.
BOOST_AUTO_TEST_CASE(pops_by_time_then_insertion_order) {
  TimedQueue<std::uint32_t> q;
  struct Ref {
    std::uint64_t when;
    std::uint32_t id;
  };
  std::vector<Ref> ref;  // pending, in insertion order
  // The first (oldest) of the earliest: what the queue must pop next.
  const auto next = [&ref] {
    return std::min_element(ref.begin(), ref.end(), [](const Ref& a, const Ref& b) { return a.when < b.when; });
  };
  ssdtwin::Rng rng(11);
  std::uint32_t next_id = 0, popped = 0;
  for (int step = 0; step < 20000; ++step) {
    if (ref.empty() || rng.below(100) < 55) {
      const std::uint64_t when = rng.below(16);
      q.push(when, next_id);
      ref.push_back({when, next_id++});
    } else {
      const auto it = next();
      BOOST_REQUIRE_EQUAL(q.top_time(), it->when);
      BOOST_REQUIRE_EQUAL(q.pop(), it->id);
      ref.erase(it);
      ++popped;
    }
    BOOST_REQUIRE_EQUAL(q.size(), ref.size());
  }
  BOOST_TEST(popped > 5000u);
  while (!ref.empty()) {
    const auto it = next();
    BOOST_REQUIRE_EQUAL(q.pop(), it->id);
    ref.erase(it);
  }
  BOOST_TEST(q.empty());
}

// Streams that mostly come in time order (what the FIFO lane takes) with earlier items
// mixed in (what the heap takes), long enough for the lane to be compacted while it never
// empties: the same order as the reference.
BOOST_AUTO_TEST_CASE(mostly_ordered_streams_pop_in_the_same_order) {
  TimedQueue<std::uint32_t> q;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> ref;  // (when, id), pending
  ssdtwin::Rng rng(5);
  std::uint64_t ahead = 1000, now = 0;
  std::uint32_t next_id = 0, lane_like = 0;
  for (int step = 0; step < 60000; ++step) {
    if (ref.size() < 50 || rng.below(100) < 50) {
      // 80%: the in-order stream (a link's completions, sometimes at the same time);
      // 20%: an item due sooner (a core finishing).
      const bool ordered = rng.below(100) < 80;
      const std::uint64_t when = ordered ? (ahead += rng.below(3)) : now + rng.below(5);
      lane_like += ordered;
      q.push(when, next_id);
      ref.emplace_back(when, next_id++);
    } else {
      const auto it =
          std::min_element(ref.begin(), ref.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      BOOST_REQUIRE_EQUAL(q.top_time(), it->first);
      BOOST_REQUIRE_EQUAL(q.pop(), it->second);
      now = it->first;
      ref.erase(it);
    }
    BOOST_REQUIRE_EQUAL(q.size(), ref.size());
  }
  BOOST_TEST(lane_like > 20000u);
}

BOOST_AUTO_TEST_SUITE_END()
