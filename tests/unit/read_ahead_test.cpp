// Read-ahead bookkeeping (ftl/read_ahead.*) without a simulation: stream detection, the
// least-recently-used takeover, page lookup and release, waiters and pages dropped in flight.
#include <boost/test/unit_test.hpp>

#include "ftl/ftl.h"
#include "ftl/read_ahead.h"

using namespace ssdtwin::ftl;

BOOST_AUTO_TEST_SUITE(read_ahead)

BOOST_AUTO_TEST_CASE(a_stream_is_a_run_of_reads_each_starting_where_the_last_ended) {
  ReadAhead ra({64, 2, 2});
  BOOST_TEST(ra.observe(100, 4).run == 1u);
  BOOST_TEST(!ra.should_fetch(ra.observe(500, 4)));  // another place: a second stream
  ReadAhead::Stream& s = ra.observe(104, 4);
  BOOST_TEST(s.run == 2u);
  BOOST_TEST(ra.should_fetch(s));
  BOOST_TEST(ra.observe(108, 4).run == 3u);
  // A third place takes over the least recently used entry (the one at 504), not the stream.
  ra.observe(9000, 1);
  BOOST_TEST(ra.observe(112, 4).run == 4u);
  BOOST_TEST(ra.observe(504, 4).run == 1u);  // forgotten: starts again
  BOOST_TEST(ra.counters().streams_started == 4u);
}

BOOST_AUTO_TEST_CASE(pages_are_found_by_lpn_released_when_passed_and_unused_ius_counted) {
  ReadAhead ra({64, 2, 1});
  ReadAhead::Stream& s = ra.observe(0, 4);
  RaPage* a = ra.push_page(s, 4, 1000, 4);
  RaPage* b = ra.push_page(s, 8, 2000, 4);
  BOOST_TEST(ra.find(s, 5) == a);
  BOOST_TEST(ra.find(s, 11) == b);
  BOOST_TEST(ra.find(s, 12) == nullptr);
  BOOST_TEST(a->current(6, 1002));
  BOOST_TEST(!a->current(6, 1234));  // overwritten or relocated since it was read
  a->used_ius = 4;
  ra.arrived(a);
  ra.arrived(b);
  ra.release_below(s, 8);  // a passed; b not yet
  BOOST_TEST(s.count == 1u);
  BOOST_TEST(ra.find(s, 9) == b);
  ra.release_below(s, 100);
  BOOST_TEST(s.count == 0u);
  BOOST_TEST(ra.counters().unused_ius == 4u);  // b was never read
  BOOST_TEST(ra.counters().nand_reads == 2u);
}

BOOST_AUTO_TEST_CASE(waiters_are_added_once_and_survive_their_page_being_dropped_in_flight) {
  ReadAhead ra({64, 2, 1});
  ReadAhead::Stream& s = ra.observe(0, 4);
  RaPage* p = ra.push_page(s, 4, 1000, 4);
  IoRequest r1, r2;
  BOOST_TEST(ra.add_waiter(p, &r1));
  BOOST_TEST(!ra.add_waiter(p, &r1));  // one wait per command and page
  BOOST_TEST(ra.add_waiter(p, &r2));
  ra.clear();  // power loss while the read is in flight: the page becomes an orphan
  BOOST_TEST(s.count == 0u);
  int n = 0;
  RaWaiter* w = ra.arrived(p);  // its waiters are still handed back, then the page is freed
  for (RaWaiter* x = w; x; x = x->next) ++n;
  ra.release_waiters(w);
  BOOST_TEST(n == 2);
}

BOOST_AUTO_TEST_CASE(off_when_the_window_is_zero) {
  ReadAhead ra({0, 2, 8});
  BOOST_TEST(!ra.enabled());
}

BOOST_AUTO_TEST_SUITE_END()
