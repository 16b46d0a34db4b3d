#include <boost/test/unit_test.hpp>

#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(writing_three_times_the_capacity_runs_gc_and_keeps_invariants) {
  // Tiny drive, preconditioned full, then random 4K overwrites of 3x its user capacity
  // through the timed FTL: GC must run, WAF must exceed 1, and the map must stay exact.
  const auto run = test::simulate(test::tiny_drive(),
                                  "[global]\nrw=randwrite\nbs=4k\niodepth=32\nsize=100%\n"
                                  "[pass1]\n[pass2]\nstonewall\n[pass3]\nstonewall\n",
                                  1, 1, {}, true);
  const auto& d = run.result.drive;
  BOOST_TEST(d.invariants_checked);
  BOOST_TEST(d.invariant_violation == "");
  BOOST_TEST(d.mapping.gc_victims > 0u);
  BOOST_TEST(d.flash.erases > 0u);
  BOOST_TEST(d.waf > 1.0);
  for (std::size_t i = 0; i < 3; ++i) BOOST_TEST(run.entry(i).write.ios == run.layout.user_bytes() / 4096);
  BOOST_TEST_MESSAGE("WAF " << d.waf << ", GC victims " << d.mapping.gc_victims);
}
