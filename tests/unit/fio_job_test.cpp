#include <boost/test/unit_test.hpp>

#include "model/fio_job.h"
#include "model/input_error.h"

using namespace ssdtwin;
using namespace ssdtwin::model;

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
  BOOST_TEST(f.jobs[0].bs == 131072u);
  BOOST_TEST(f.jobs[0].iodepth == 16u);
  BOOST_TEST(f.jobs[0].read_percent() == 0u);
  BOOST_TEST(f.jobs[1].bs == 4096u);
  BOOST_TEST(f.jobs[1].numjobs == 4u);
  BOOST_TEST(f.jobs[1].read_percent() == 70u);
  BOOST_TEST(f.jobs[1].stonewall);
  BOOST_TEST(f.jobs[1].size->percent == 10.0);
  BOOST_TEST(f.ignored_keys.size() == 2u);  // ioengine, filename: reported once each
}

BOOST_AUTO_TEST_CASE(thinktime_defaults_to_microseconds_and_thinktime_blocks_to_one) {
  const auto f = parse_fio_job_text("[a]\nrw=randwrite\nthinktime=250\n[b]\nthinktime=2ms\nthinktime_blocks=8\n", "job.fio");
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
BOOST_AUTO_TEST_CASE(trimwrite_is_refused_until_supported) { expect_error("[j]\nrw=trimwrite\n", "2", "not supported yet"); }

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
BOOST_AUTO_TEST_CASE(split_block_sizes_are_refused) { expect_error("[j]\nbs=4k,8k\n", "2", "give one size"); }
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

BOOST_AUTO_TEST_SUITE_END()
