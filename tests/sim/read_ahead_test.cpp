// Sequential read-ahead (ftl/read_ahead.h) on the tiny drive, in one run of four jobs:
// a 16 KiB sequential stream at QD1, a second stream of 128 KiB reads, random 16 KiB reads
// and random writers overwriting the streams' regions (one of them a slow stream whose
// prefetched data goes stale before it is read). Streams are served from prefetched
// data (latency below one NAND page read), random reads never start a stream, and under
// --verify every IU served from read-ahead is the newest version, although the writer keeps
// superseding data already read ahead.
#include <boost/test/unit_test.hpp>

#include "nand/nand_timing.h"
#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(streams_hit_prefetched_data_random_reads_do_not_and_stale_data_is_never_served) {
  model::RunOptions opt;
  opt.precondition_passes = 1;
  opt.verify = true;
  opt.check_invariants = true;
  const auto run =
      test::simulate_with(test::tiny_drive(),
                          "[global]\ntime_based\nruntime=100ms\n"
                          "[seq16k]\nrw=read\nbs=16k\niodepth=1\noffset=0\nsize=25%\n"
                          "[seq128k]\nrw=read\nbs=128k\niodepth=4\noffset=25%\nsize=25%\n"
                          "[rand16k]\nrw=randread\nbs=16k\niodepth=1\noffset=50%\nsize=50%\n"
                          "[writer]\nrw=randwrite\nbs=4k\niodepth=1\noffset=0\nsize=50%\nrate_iops=5000\n"
                          // A slow stream: its read-ahead window lives ~32 ms, long enough
                          // for overwrites of it to reach NAND before it is read.
                          "[slowseq]\nrw=read\nbs=16k\niodepth=1\noffset=0\nsize=5%\nrate_iops=500\n"
                          "[slowwriter]\nrw=randwrite\nbs=4k\niodepth=1\noffset=0\nsize=5%\nrate_iops=20000\n",
                          1, opt, {"ftl.read_ahead_kib=256"});
  const auto& d = run.result.drive;
  const auto seq = run.entry(0), big = run.entry(1), rnd = run.entry(2);
  const double t_read_ns =
      double(nand::page_read_time_ps(run.profile.config.nand, run.layout.geo.ius_per_page, 4)) / 1e3;
  BOOST_TEST_MESSAGE("mean latency: seq16k " << seq.read.lat_ns.mean() << " ns, seq128k " << big.read.lat_ns.mean()
                                             << " ns, rand16k " << rnd.read.lat_ns.mean() << " ns; page read "
                                             << t_read_ns << " ns; read-ahead " << d.read_ahead.nand_reads << " reads, "
                                             << d.read_ahead.hit_ius << " hit, " << d.read_ahead.joined_ius
                                             << " joined, " << d.read_ahead.unused_ius << " unused; verify "
                                             << d.verify.host_read_checks << " checks");
  BOOST_TEST_REQUIRE(seq.read.ios > 1000u);
  BOOST_TEST_REQUIRE(rnd.read.ios > 100u);
  // The QD1 stream is served from DRAM (its fastest reads take less than one page read)
  // and waits far less than the random reads, which queue on the same busy dies.
  BOOST_TEST(double(seq.read.lat_ns.min()) < t_read_ns);
  BOOST_TEST(seq.read.lat_ns.mean() < 0.5 * rnd.read.lat_ns.mean());
  // Nearly every streamed IU came from read-ahead; the random job's IUs did not.
  const double streamed_ius = double(seq.read.bytes + big.read.bytes) / 4096.0;
  BOOST_TEST(double(d.read_ahead.hit_ius + d.read_ahead.joined_ius) > 0.9 * streamed_ius);
  BOOST_TEST(double(d.read_ahead.hit_ius + d.read_ahead.joined_ius) <= streamed_ius);
  // Stale prefetched data is skipped, never served: verify finds every read current.
  BOOST_TEST(d.ftl.host_written_ius > 300u);
  BOOST_TEST(d.verified);
  BOOST_TEST(d.verify.mismatches == 0u);
  BOOST_TEST(d.verify.host_read_checks > 10000u);
  BOOST_TEST(d.invariant_violation == "");
}
