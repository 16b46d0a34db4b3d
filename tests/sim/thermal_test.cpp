// Host-controlled thermal management: a drive with a small heat capacity (time constant
// 75 ms) writing flat out would settle near 35 C + 17 W x 1.5 C/W = 60 C; with TMT1 = 55 C
// and a 12 W light-throttling limit, the composite temperature is held near TMT1.
#include <boost/test/unit_test.hpp>

#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(hctm_light_throttling_holds_the_temperature_near_tmt1) {
  const auto r =
      test::simulate(test::max9550(), "[global]\ntime_based\nruntime=600ms\n[w]\nrw=write\nbs=128k\niodepth=16\n", 128,
                     1, {"thermal.c_th_j_per_c=0.05", "thermal.tmt1_c=55", "thermal.tmt1_limit_w=12"});
  const auto& t = r.result.power_states;
  BOOST_TEST(t.start_temp_c < 45.0);  // idle steady state: 35 C + about 5.8 W x 1.5 C/W
  BOOST_TEST(t.hctm_light_ps > 0u);
  BOOST_TEST(t.hctm_transitions >= 1u);
  BOOST_TEST(t.max_temp_c > 55.0);
  BOOST_TEST(t.max_temp_c < 57.5);  // the unthrottled drive would reach about 60 C
  BOOST_TEST(t.end_temp_c < 57.5);
}
