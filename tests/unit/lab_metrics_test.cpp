#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "config/input_error.h"
#include "lab/lab.h"
#include "test_support.h"

using ssdtwin::lab::metric_from_fio_json;

namespace {

// fio's JSON shape with one job: 300 reads at 90 us mean, 100 writes at 10 us mean.
nlohmann::json two_directions() {
  return nlohmann::json::parse(R"({"jobs": [{
    "read":  {"bw_bytes": 4000000, "iops": 3000, "lat_ns": {"N": 300, "mean": 90000}},
    "write": {"bw_bytes": 1000000, "iops": 1000, "lat_ns": {"N": 100, "mean": 10000}}}]})");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(lab_metrics)

BOOST_AUTO_TEST_CASE(total_latency_is_the_mean_over_every_io) {
  // VDBench's "resp": (300 x 90 + 100 x 10) / 400 = 70 us, not 90 + 10.
  BOOST_TEST(metric_from_fio_json(two_directions(), "total.lat_mean_us") == 70.0);
  BOOST_TEST(metric_from_fio_json(two_directions(), "read.lat_mean_us") == 90.0);
  BOOST_TEST(metric_from_fio_json(two_directions(), "total.iops") == 4000.0);
  BOOST_TEST(metric_from_fio_json(two_directions(), "total.bw_mbps") == 5.0);
}

BOOST_AUTO_TEST_CASE(total_latency_with_one_direction_idle) {
  auto j = two_directions();
  j["jobs"][0]["write"]["lat_ns"] = {{"N", 0}, {"mean", 0}};
  BOOST_TEST(metric_from_fio_json(j, "total.lat_mean_us") == 90.0);
}

BOOST_AUTO_TEST_CASE(missing_field_is_an_input_error) {
  auto j = two_directions();
  j["jobs"][0]["write"].erase("lat_ns");
  BOOST_CHECK_THROW(metric_from_fio_json(j, "total.lat_mean_us"), ssdtwin::config::InputError);
}

BOOST_AUTO_TEST_CASE(tags_join_the_lab_file_and_the_job) {
  // [lab] tags = ["smoke"]; the job is a 4K random read at QD4, the metric read.iops.
  auto lab = ssdtwin::lab::load_lab_file(ssdtwin::test::source_path("tests/cli/data/lab-tagged.toml"));
  BOOST_TEST(lab.records.at(0).tags == std::vector<std::string>{"smoke"}, boost::test_tools::per_element());
  ssdtwin::lab::add_derived_tags(lab);
  BOOST_REQUIRE(lab.records.size() == 1);
  const std::vector<std::string> want = {"random-read", "smoke", "throughput"};
  BOOST_TEST(lab.records[0].tags == want, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()
