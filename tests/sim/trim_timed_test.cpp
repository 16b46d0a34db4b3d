#include <boost/test/unit_test.hpp>

#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(trim_unmaps_lpns_and_gc_keeps_invariants_after_it) {
  // Fill, deallocate random 16 KiB ranges over half the drive, overwrite it randomly (GC
  // runs), then read: the map must stay exact and trimmed, unwritten LPNs read as zeroes.
  const auto run = test::simulate(test::tiny_drive(),
                                  "[trim]\nrw=randtrim\nbs=16k\niodepth=8\nsize=50%\n"
                                  "[write]\nstonewall\nrw=randwrite\nbs=4k\niodepth=16\nsize=100%\n"
                                  "[read]\nstonewall\nrw=randread\nbs=4k\niodepth=16\nsize=100%\n",
                                  1, 1, {}, true);
  const auto& d = run.result.drive;
  BOOST_TEST(d.invariant_violation == "");
  BOOST_TEST(d.controller.trim_cmds > 0u);
  BOOST_TEST(d.ftl.trimmed_ius == run.entry(0).trim.ios * 4);
  BOOST_TEST(d.ftl.read_unmapped > 0u);  // trimmed and not rewritten since
  BOOST_TEST(d.mapping.gc_victims > 0u);
  BOOST_TEST(run.entry(0).trim.lat_ns.mean() < 30000.0);  // no NAND work: firmware + PCIe only
}
