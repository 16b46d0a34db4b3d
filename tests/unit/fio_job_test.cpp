#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "workload/access_pattern.h"
#include "workload/fio_job.h"
#include "config/input_error.h"

using namespace ssdtwin;
using namespace ssdtwin::config;
using namespace ssdtwin::workload;

namespace {
// Asserts that parsing fails and the message names the file:line and contains `what`.
void expect_error(const std::string& text, const std::string& line_tag, const std::string& what) {
  try {
    parse_fio_job_text(text, "job.fio");
    BOOST_FAIL("accepted bad job file: " << text);
  } catch (const InputError& e) {
    const std::string m = e.what();
    BOOST_TEST(m.find("job.fio:" + line_tag) != std::string::npos, m);
    BOOST_TEST(m.find(what) != std::string::npos, m);
  }
}
}  // namespace

BOOST_AUTO_TEST_SUITE(fio_job)

BOOST_AUTO_TEST_CASE(sizes_use_fio_suffixes_base_1024) {
  BOOST_TEST(parse_fio_size("4k") == 4096u);
  BOOST_TEST(parse_fio_size("128K") == 131072u);
  BOOST_TEST(parse_fio_size("1m") == 1048576u);
  BOOST_TEST(parse_fio_size("2GiB") == 2147483648ull);
  BOOST_TEST(parse_fio_size("512") == 512u);
  BOOST_CHECK_THROW(parse_fio_size("4q"), std::invalid_argument);
  BOOST_CHECK_THROW(parse_fio_size("k"), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(times_default_to_seconds) {
  BOOST_TEST(parse_fio_time("2") == 2 * kPsPerS);
  BOOST_TEST(parse_fio_time("200ms") == 200 * kPsPerMs);
  BOOST_TEST(parse_fio_time("50us") == 50 * kPsPerUs);
  BOOST_TEST(parse_fio_time("1m") == 60 * kPsPerS);
  BOOST_TEST(parse_fio_time("250", 1e6) == 250 * kPsPerUs);  // thinktime: bare numbers are microseconds
}

BOOST_AUTO_TEST_CASE(global_section_applies_to_later_jobs_and_jobs_override_it) {
  const auto f = parse_fio_job_text(
      "; comment\n[global]\nbs=128k\niodepth=16\nioengine=libaio\nfilename=/dev/nvme0n1\n"
      "[a]\nrw=write\n[b]\nrw=randrw\nrwmixread=70\nbs=4k\nnumjobs=4\nstonewall\nsize=10%\n",
      "job.fio");
  BOOST_TEST(f.jobs.size() == 2u);
  BOOST_TEST(f.jobs[0].max_bs() == 131072u);
  BOOST_TEST(f.jobs[0].iodepth == 16u);
  BOOST_TEST(f.jobs[0].read_percent() == 0u);
  BOOST_TEST(f.jobs[1].max_bs() == 4096u);
  BOOST_TEST(f.jobs[1].numjobs == 4u);
  BOOST_TEST(f.jobs[1].read_percent() == 70u);
  BOOST_TEST(f.jobs[1].stonewall);
  BOOST_TEST(f.jobs[1].size->percent == 10.0);
  BOOST_TEST(f.ignored_keys.size() == 2u);  // ioengine, filename: reported once each
}

BOOST_AUTO_TEST_CASE(thinktime_defaults_to_microseconds_and_thinktime_blocks_to_one) {
  const auto f =
      parse_fio_job_text("[a]\nrw=randwrite\nthinktime=250\n[b]\nthinktime=2ms\nthinktime_blocks=8\n", "job.fio");
  BOOST_TEST(f.jobs[0].thinktime_ps == 250 * kPsPerUs);
  BOOST_TEST(f.jobs[0].thinktime_blocks == 1u);
  BOOST_TEST(f.jobs[1].thinktime_ps == 2 * kPsPerMs);
  BOOST_TEST(f.jobs[1].thinktime_blocks == 8u);
  expect_error("[a]\nthinktime_blocks=0\n", "2", "thinktime_blocks");
  expect_error("[a]\nthinktime=soon\n", "2", "default us");
}

BOOST_AUTO_TEST_CASE(rwmixwrite_sets_the_read_share) {
  const auto f = parse_fio_job_text("[j]\nrw=randrw\nrwmixwrite=30\n", "job.fio");
  BOOST_TEST(f.jobs[0].read_percent() == 70u);
}

BOOST_AUTO_TEST_CASE(unknown_key_is_an_error_naming_key_and_line) {
  expect_error("[j]\nrw=read\nbogus=1\n", "3", "key 'bogus'");
}
BOOST_AUTO_TEST_CASE(bad_rw_value_lists_allowed_values) {
  expect_error("[j]\nrw=sideways\n", "2", "use read, write, randread");
}
BOOST_AUTO_TEST_CASE(trimwrite_is_refused_until_supported) {
  expect_error("[j]\nrw=trimwrite\n", "2", "not supported yet");
}

BOOST_AUTO_TEST_CASE(trim_and_randtrim_are_trim_workloads) {
  const auto f = parse_fio_job_text("[a]\nrw=trim\n[b]\nrw=randtrim\n", "job.fio");
  BOOST_TEST(f.jobs[0].is_trim());
  BOOST_TEST(!f.jobs[0].is_random());
  BOOST_TEST(f.jobs[1].is_trim());
  BOOST_TEST(f.jobs[1].is_random());
}
BOOST_AUTO_TEST_CASE(bad_size_suffix_is_an_error) { expect_error("[j]\nbs=4q\n", "2", "is not a size"); }
BOOST_AUTO_TEST_CASE(zero_block_size_is_an_error) { expect_error("[j]\nbs=0\n", "2", "greater than 0"); }
BOOST_AUTO_TEST_CASE(rwmixread_above_100_is_an_error) { expect_error("[j]\nrwmixread=101\n", "2", "allowed 0..100"); }
BOOST_AUTO_TEST_CASE(iodepth_zero_is_an_error) { expect_error("[j]\niodepth=0\n", "2", "allowed 1..65535"); }
BOOST_AUTO_TEST_CASE(negative_numjobs_is_an_error) { expect_error("[j]\nnumjobs=-2\n", "2", "not a whole number"); }
BOOST_AUTO_TEST_CASE(bad_runtime_is_an_error) { expect_error("[j]\nruntime=fast\n", "2", "is not a time"); }
BOOST_AUTO_TEST_CASE(option_outside_section_is_an_error) { expect_error("bs=4k\n[j]\n", "1", "outside any section"); }
BOOST_AUTO_TEST_CASE(malformed_section_header_is_an_error) { expect_error("[j\nbs=4k\n", "1", "malformed section"); }
BOOST_AUTO_TEST_CASE(buffered_io_is_refused) { expect_error("[j]\ndirect=0\n", "2", "use direct=1"); }
BOOST_AUTO_TEST_CASE(file_without_jobs_is_an_error) { expect_error("[global]\nbs=4k\n", "2", "no job sections"); }
BOOST_AUTO_TEST_CASE(size_percent_out_of_range_is_an_error) { expect_error("[j]\nsize=150%\n", "2", "(0, 100]"); }

BOOST_AUTO_TEST_CASE(time_based_without_runtime_is_an_error) {
  try {
    parse_fio_job_text("[j]\ntime_based\n", "job.fio");
    BOOST_FAIL("accepted");
  } catch (const InputError& e) {
    BOOST_TEST(std::string(e.what()).find("time_based needs a runtime") != std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(missing_job_file_is_an_error) {
  BOOST_CHECK_EXCEPTION(parse_fio_job_file("/nonexistent/x.fio"), InputError, [](const InputError& e) {
    return std::string(e.what()).find("cannot open job file") != std::string::npos;
  });
}

// ---- fio semantics added for issue 6 (fio's HOWTO, "Block size", "I/O type", "Job file format")

BOOST_AUTO_TEST_CASE(bs_lists_follow_fios_per_direction_rules) {
  const auto f = parse_fio_job_text("[a]\nbs=8k,32k\n[b]\nbs=,8k,\n[c]\nbs=256k\n", "job.fio");
  BOOST_TEST(f.jobs[0].bs[kDirRead].max() == 8192u);
  BOOST_TEST(f.jobs[0].bs[kDirWrite].max() == 32768u);
  BOOST_TEST(f.jobs[0].bs[kDirTrim].max() == 32768u);  // a value not ended by a comma carries on
  BOOST_TEST(f.jobs[1].bs[kDirRead].max() == 4096u);   // empty: fio's default
  BOOST_TEST(f.jobs[1].bs[kDirWrite].max() == 8192u);
  BOOST_TEST(f.jobs[1].bs[kDirTrim].max() == 4096u);  // trailing comma: default
  BOOST_TEST(f.jobs[2].bs[kDirTrim].max() == 262144u);
}

BOOST_AUTO_TEST_CASE(bssplit_fills_blank_percentages_evenly) {
  const auto f = parse_fio_job_text("[j]\nrw=randread\nbssplit=4k/50:1k/:32k/\n", "job.fio");
  const auto& w = f.jobs[0].bs[kDirRead].split;
  BOOST_REQUIRE(w.size() == 3u);
  BOOST_TEST(w[1].bytes == 1024u);
  BOOST_TEST(w[1].percent == 25.0);
  BOOST_TEST(w[2].percent == 25.0);
  BOOST_TEST(f.jobs[0].min_bs() == 1024u);
  BOOST_TEST(f.jobs[0].max_bs() == 32768u);
}

BOOST_AUTO_TEST_CASE(bssplit_over_100_percent_is_an_error) {
  expect_error("[j]\nbssplit=4k/60:8k/50\n", "2", "add up to 110");
}
BOOST_AUTO_TEST_CASE(bssplit_under_100_percent_without_blanks_is_an_error) {
  expect_error("[j]\nbssplit=4k/60:8k/30\n", "2", "must add up to 100");
}
BOOST_AUTO_TEST_CASE(bsrange_needs_min_dash_max) {
  const auto f = parse_fio_job_text("[j]\nbsrange=4k-16k\n", "job.fio");
  BOOST_TEST(f.jobs[0].bs[kDirRead].min() == 4096u);
  BOOST_TEST(f.jobs[0].bs[kDirRead].max() == 16384u);
  expect_error("[j]\nbsrange=16k-4k\n", "2", "below the minimum");
  expect_error("[j]\nbsrange=16k\n", "2", "not a range");
}
BOOST_AUTO_TEST_CASE(four_bs_values_are_an_error) { expect_error("[j]\nbs=4k,8k,4k,4k\n", "2", "at most three"); }

BOOST_AUTO_TEST_CASE(random_distributions_parse_with_fios_syntax) {
  const auto f = parse_fio_job_text(
      "[a]\nrandom_distribution=zipf:1.2\n[b]\nrandom_distribution=pareto:0.3:0.25\n"
      "[c]\nrandom_distribution=normal:5\n[d]\nrandom_distribution=zoned:60/10:30/20:8/30:2/40\n"
      "[e]\nrandom_distribution=zoned_abs:60/20g:40/100g\n",
      "job.fio");
  BOOST_TEST(int(f.jobs[0].random_distribution.kind) == int(RandDist::Zipf));
  BOOST_TEST(f.jobs[0].random_distribution.param == 1.2);
  BOOST_TEST(f.jobs[1].random_distribution.center == 0.25);
  BOOST_TEST(int(f.jobs[2].random_distribution.kind) == int(RandDist::Normal));
  BOOST_TEST(f.jobs[3].random_distribution.zones.size() == 4u);
  BOOST_TEST(f.jobs[4].random_distribution.zones[1].size_bytes == 100ull << 30);
}
BOOST_AUTO_TEST_CASE(zipf_theta_of_one_is_an_error) { expect_error("[j]\nrandom_distribution=zipf:1\n", "2", "not 1"); }
BOOST_AUTO_TEST_CASE(zone_shares_must_add_to_100) {
  expect_error("[j]\nrandom_distribution=zoned:60/10:30/20\n", "2", "add up to 90");
}
BOOST_AUTO_TEST_CASE(unknown_distribution_lists_allowed) {
  expect_error("[j]\nrandom_distribution=gamma:2\n", "2", "use random, zipf, pareto, normal, zoned or zoned_abs");
}

BOOST_AUTO_TEST_CASE(rates_limits_and_loops_parse) {
  const auto f = parse_fio_job_text(
      "[j]\nrate_iops=1000,500\nrate=10m\nnumber_ios=77\nio_size=1g\nloops=3\npercentage_random=40\n", "job.fio");
  const FioJob& j = f.jobs[0];
  BOOST_TEST(j.rate_iops[kDirRead] == 1000.0);
  BOOST_TEST(j.rate_iops[kDirWrite] == 500.0);
  BOOST_TEST(j.rate_bytes_per_s[kDirWrite] == 10485760.0);
  BOOST_TEST(j.number_ios == 77u);
  BOOST_TEST(j.io_size->bytes == 1ull << 30);
  BOOST_TEST(j.loops == 3u);
  BOOST_TEST(j.percentage_random == 40u);
  expect_error("[j]\nrate_iops=1,2,3\n", "2", "trim rates are not modelled");
}

BOOST_AUTO_TEST_CASE(environment_variables_expand_and_unset_ones_are_empty) {
  ::setenv("SSDTWIN_TEST_BS", "64k", 1);
  ::unsetenv("SSDTWIN_TEST_UNSET");
  const auto f = parse_fio_job_text("[j]\nbs=${SSDTWIN_TEST_BS}\n", "job.fio");
  BOOST_TEST(f.jobs[0].max_bs() == 65536u);
  expect_error("[j]\nbs=${SSDTWIN_TEST_UNSET}\n", "2", "needs a value");
}

BOOST_AUTO_TEST_CASE(include_pulls_options_into_the_section_relative_to_the_file) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "ssdtwin_include_test";
  fs::create_directories(dir);
  std::ofstream(dir / "common.fio") << "iodepth=8\nbs=16k\n";
  std::ofstream(dir / "bad.fio") << "iodepth=8\n[nested]\n";
  std::ofstream(dir / "main.fio") << "[global]\ninclude common.fio\n[j]\nrw=randread\n";
  const auto f = parse_fio_job_file((dir / "main.fio").string());
  BOOST_TEST(f.jobs[0].iodepth == 8u);
  BOOST_TEST(f.jobs[0].max_bs() == 16384u);
  try {
    parse_fio_job_text("[j]\ninclude bad.fio\n", (dir / "x.fio").string());
    BOOST_FAIL("accepted a section inside an include");
  } catch (const InputError& e) {
    BOOST_TEST(std::string(e.what()).find("bad.fio:2") != std::string::npos, e.what());
  }
  expect_error("[j]\ninclude does-not-exist.fio\n", "2", "cannot open");
}

BOOST_AUTO_TEST_CASE(verify_options_are_ignored_and_listed) {
  const auto f = parse_fio_job_text("[j]\nverify=crc32c\ndo_verify=1\n", "job.fio");
  BOOST_TEST(f.ignored_keys.size() == 2u);
}

// Distributions: each draw is in range and the shape is fio's (shares checked on 200k draws).
BOOST_AUTO_TEST_CASE(zoned_distribution_puts_each_share_in_its_zone) {
  RandomDistribution d;
  d.kind = RandDist::Zoned;
  d.zones = {{60, 10, 0}, {30, 20, 0}, {8, 30, 0}, {2, 40, 0}};
  AccessPattern p(d, 1000, 4096, 1);
  Rng rng(7);
  int first = 0, n = 200000;
  for (int i = 0; i < n; ++i) {
    const auto b = p.next(rng);
    BOOST_REQUIRE(b < 1000u);
    if (b < 100) ++first;
  }
  BOOST_TEST(double(first) / n == 0.60, boost::test_tools::tolerance(0.01));
}

BOOST_AUTO_TEST_CASE(zipf_hottest_block_has_the_zipf_share) {
  // P(rank 1) = 1 / sum_{k=1..N} k^-theta; theta 1.2, N 1000: 1 / 4.4... (computed here).
  const std::uint64_t n = 1000;
  const double theta = 1.2;
  double h = 0;
  for (std::uint64_t k = 1; k <= n; ++k) h += std::pow(double(k), -theta);
  RandomDistribution d;
  d.kind = RandDist::Zipf;
  d.param = theta;
  d.center = 0.0;  // no scatter: rank k at block k-1
  AccessPattern p(d, n, 4096, 1);
  Rng rng(3);
  int hot = 0, second = 0, draws = 200000;
  for (int i = 0; i < draws; ++i) {
    const auto b = p.next(rng);
    BOOST_REQUIRE(b < n);
    hot += b == 0;
    second += b == 1;
  }
  BOOST_TEST(double(hot) / draws == 1.0 / h, boost::test_tools::tolerance(0.02));
  BOOST_TEST(double(second) / draws == std::pow(2.0, -theta) / h, boost::test_tools::tolerance(0.03));
}

BOOST_AUTO_TEST_CASE(scattered_zipf_is_a_permutation_of_ranks) {
  RandomDistribution d;
  d.kind = RandDist::Pareto;
  d.param = 0.2;
  AccessPattern p(d, 997 * 4, 4096, 1);  // N with small factors: the multiplier must be coprime
  Rng rng(5);
  for (int i = 0; i < 10000; ++i) BOOST_REQUIRE(p.next(rng) < 997u * 4);
}

BOOST_AUTO_TEST_CASE(normal_distribution_centres_on_the_region) {
  RandomDistribution d;
  d.kind = RandDist::Normal;
  d.param = 5;  // sigma = 5% of the region
  AccessPattern p(d, 10000, 4096, 1);
  Rng rng(11);
  int within = 0, draws = 100000;
  for (int i = 0; i < draws; ++i) {
    const auto b = p.next(rng);
    within += b >= 4500 && b < 5500;  // +-1 sigma
  }
  BOOST_TEST(double(within) / draws == 0.6827, boost::test_tools::tolerance(0.02));
}

BOOST_AUTO_TEST_SUITE_END()
