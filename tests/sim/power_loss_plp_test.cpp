#include <boost/test/unit_test.hpp>

#include "soak_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(three_power_losses_with_plp_lose_no_acknowledged_write_over_ten_drive_writes) {
  // The verify soak (mix, large writes, deallocates, sub-IU writes, GC, static wear
  // levelling, power-state changes), lengthened to cover the three outages, cut at 3, 7
  // and 11 s with the default hold-up (1.6 J at 20 W: 80 ms).
  const auto run = test::run_verify_soak("15s", {3 * kPsPerS, 7 * kPsPerS, 11 * kPsPerS});
  const auto& d = run.result.drive;
  const double drive_writes = double(d.ftl.host_written_ius) / double(run.layout.user_ius);
  BOOST_TEST_MESSAGE("drive writes " << drive_writes << ", checks " << d.verify.checked << ", static WL moves "
                                     << d.mapping.static_wl_moves);
  BOOST_TEST(drive_writes >= 10.0);
  BOOST_TEST(d.verify.mismatches == 0u);
  BOOST_TEST(d.verify.readback_checks == run.layout.user_ius);
  BOOST_TEST(d.invariant_violation == "");
  BOOST_TEST(d.mapping.static_wl_moves > 0u);
  BOOST_TEST(d.ftl.trimmed_ius > 0u);
  BOOST_TEST(!run.result.ended_by_power_loss);
  BOOST_TEST_REQUIRE(run.result.power_losses.size() == 3u);
  for (const auto& e : run.result.power_losses) {
    BOOST_TEST_MESSAGE("cut at " << s_from_ps(e.cut_ps) << " s: " << e.buffered_ius_at_cut
                                 << " IUs buffered, flushed in " << double(e.flushed_after_ps) / kPsPerUs << " us, "
                                 << e.aborted_commands << " commands aborted, scan checked " << e.scan.durable_checked
                                 << " LPNs");
    BOOST_TEST(e.plp);
    BOOST_TEST(e.clean);                     // flushed within the hold-up
    BOOST_TEST(e.buffered_ius_at_cut > 0u);  // there was something to flush
    BOOST_TEST(e.flushed_after_ps < e.hold_up_ps);
    BOOST_TEST(e.scan.lost_writes == 0u);
    BOOST_TEST(e.scan.lost_acknowledged == 0u);
    BOOST_TEST(e.scan.durable_mismatches == 0u);
    BOOST_TEST(e.scan.unflushed_lpns == 0u);
    BOOST_TEST(e.scan.durable_checked > run.layout.user_ius / 2);
    BOOST_TEST(e.aborted_commands > 0u);
    BOOST_TEST(e.resumed_ps >= e.cut_ps + model::PowerLossOptions{}.off_ps);
  }
}
