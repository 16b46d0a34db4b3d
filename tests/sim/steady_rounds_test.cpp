// SNIA steady state in timed rounds: a drive fresh from a sequential fill starts random
// writes above its steady rate (free block groups absorb them), so steady state cannot be
// declared before the write cliff has passed.
#include <boost/test/unit_test.hpp>

#include "model/steady_state.h"
#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(steady_state_round_follows_the_snia_rule_after_the_write_cliff) {
  const std::string job = "[global]\ntime_based\nruntime=200ms\n[w]\nrw=randwrite\nbs=4k\niodepth=32\nnumjobs=2\n";
  model::RunOptions opt;
  opt.precondition_passes = 1;
  opt.steady_max_rounds = 25;
  const auto r = test::simulate_with(test::tiny_drive(), job, 1, opt).result;
  const auto& ss = r.steady_rounds;
  BOOST_TEST_REQUIRE(ss.steady);
  BOOST_TEST(ss.steady_round == ss.round_iops.size());  // the run stopped at the steady round
  BOOST_TEST(ss.steady_round > 5u);                     // round 1 (fresh) keeps the window out
  BOOST_TEST(ss.round_iops.front() > 1.5 * ss.window_iops);
  // The window that was declared steady satisfies the rule, and the one before it did not.
  BOOST_TEST(model::is_steady(ss.round_iops));
  BOOST_TEST(!model::is_steady({ss.round_iops.begin(), ss.round_iops.end() - 1}));
  // The jobs ran exactly steady_round rounds after their ramp, then reaped what was in flight.
  BOOST_TEST(r.jobs[0].end_ps == r.jobs[0].start_ps + ss.steady_round * 200 * kPsPerMs + r.jobs[0].drain_ps);
  BOOST_TEST(r.jobs[0].all_ios == r.jobs[0].issued_ios);
}
