#include <boost/test/unit_test.hpp>

#include <set>

#include "soak_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(without_plp_exactly_the_unflushed_writes_are_lost_and_listed) {
  // No hold-up: the write buffer dies with the supply and programs in flight are cut. GC
  // without PLP erases a victim only once its moved data is programmed, so a spare-area
  // scan must find everything that was on NAND; what is lost is exactly what the write
  // buffer held (the LPNs the map pointed into DRAM at the cut), each listed.
  const auto run = test::run_one_cut({"plp.enabled=0"});
  BOOST_TEST(run.result.ended_by_power_loss);
  BOOST_TEST_REQUIRE(run.result.power_losses.size() == 1u);
  const auto& e = run.result.power_losses.front();
  BOOST_TEST_MESSAGE(e.buffered_ius_at_cut << " IUs buffered, " << e.scan.lost_writes << " writes lost ("
                                           << e.scan.lost_acknowledged << " acknowledged), " << e.scan.durable_checked
                                           << " LPNs on NAND checked, recovery " << e.recovery.seconds << " s");
  BOOST_TEST(!e.plp);
  BOOST_TEST(!e.clean);
  BOOST_TEST(e.scan.lost_writes > 0u);
  BOOST_TEST(e.scan.lost_writes == e.scan.unflushed_lpns);
  BOOST_TEST(e.scan.lost_equals_unflushed);  // the same LPNs, not just as many
  BOOST_TEST(e.scan.lost.size() == e.scan.lost_writes);
  BOOST_TEST(e.scan.lost_acknowledged > 0u);
  BOOST_TEST(e.scan.lost_acknowledged <= e.scan.lost_writes);
  BOOST_TEST(e.scan.durable_mismatches == 0u);
  BOOST_TEST(e.scan.durable_checked + e.scan.unflushed_lpns == run.layout.user_ius);  // every LPN was written
  std::set<std::uint64_t> lpns;
  for (const auto& w : e.scan.lost) {
    lpns.insert(w.lpn);
    BOOST_TEST(w.recovered_seq < w.seq);
  }
  BOOST_TEST(lpns.size() == e.scan.lost.size());
  // The buffer holds at most its capacity; overwrites in DRAM make the lost LPNs fewer.
  BOOST_TEST(e.scan.lost_writes <= e.buffered_ius_at_cut);
  BOOST_TEST(e.recovery.basis.find("spare-area scan") != std::string::npos);
}
