// GC firmware cost (controller.gc_iu_ns): every IU a GC read brings in takes core time on
// the same cores as host commands. Checked: every relocated IU went through firmware, core
// time is exactly commands x cost + relocated IUs x gc_iu, and at 40 us per IU relocation
// takes most of the cores' time.
#include <boost/test/unit_test.hpp>

#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(host_writes_and_gc_relocation_share_the_firmware_cores) {
  const auto r = test::simulate(test::tiny_drive(),
                                "[global]\nrw=randwrite\nbs=4k\niodepth=32\nsize=100%\n[fill]\n[measure]\nstonewall\n",
                                1, 1, {"controller.gc_iu_ns=40000"});
  const auto& d = r.result.drive;
  const auto& c = d.controller;
  const auto& cfg = r.profile.config.controller;
  BOOST_TEST(c.gc_fw_ius > 0u);
  // Every relocated IU passed through firmware (none left waiting at the end of the run).
  BOOST_TEST(c.gc_fw_ius >= d.mapping.gc_ius_programmed);
  // Core time is exactly the commands' cost plus the relocation cost.
  const double expected_ps =
      double(c.write_cmds) * double(cfg.fe_write_cmd_ps) + double(c.gc_fw_ius) * double(cfg.gc_iu_ps);
  BOOST_TEST(double(c.core_busy_ps) == expected_ps, boost::test_tools::tolerance(1e-9));
  const auto e = r.entry(1);
  const double span_s = s_from_ps(r.result.jobs[1].end_ps - r.result.jobs[1].start_ps);
  const double busy_share = s_from_ps(c.core_busy_ps) / (cfg.fe_cores * s_from_ps(r.result.sim_end_ps));
  BOOST_TEST_MESSAGE("pass 2: " << e.write.ios / span_s << " IOPS; cores busy " << busy_share << "; GC share "
                                << double(c.gc_fw_busy_ps) / double(c.core_busy_ps));
  BOOST_TEST(double(c.gc_fw_busy_ps) / double(c.core_busy_ps) > 0.5);
}
