#include <boost/test/unit_test.hpp>

#include "soak_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(ten_drive_writes_under_verify_return_the_newest_version_everywhere) {
  // tests/data/verify-soak.fio: random mix, large writes, deallocates and sub-IU writes on a
  // 95/5 hot/cold skew, through GC and static wear levelling, with power-state changes
  // (PS1 with its cap, non-operational PS2 and back). Every host read, every relocation
  // and a final read-back of all LPNs must find the newest version written.
  const auto run = test::run_verify_soak("12s");
  const auto& d = run.result.drive;
  const double drive_writes = double(d.ftl.host_written_ius) / double(run.layout.user_ius);
  BOOST_TEST_MESSAGE("drive writes " << drive_writes << ", checks " << d.verify.checked << " (host reads "
                                     << d.verify.host_read_checks << ", relocations " << d.verify.relocation_checks
                                     << "), static WL moves " << d.mapping.static_wl_moves << ", WAF " << d.waf);
  BOOST_TEST(d.verified);
  BOOST_TEST(d.verify.mismatches == 0u);
  BOOST_TEST(d.invariant_violation == "");
  BOOST_TEST(drive_writes >= 10.0);
  BOOST_TEST(d.verify.readback_checks == run.layout.user_ius);
  BOOST_TEST(d.verify.host_read_checks > 10000u);
  BOOST_TEST(d.verify.relocation_checks > 10000u);
  BOOST_TEST(d.mapping.static_wl_moves > 0u);
  BOOST_TEST(d.ftl.trimmed_ius > 0u);
  BOOST_TEST(d.ftl.rmw_reads > 0u);
  BOOST_TEST(run.result.power_states.time_in_state_ps.at(2) > 0u);
}
