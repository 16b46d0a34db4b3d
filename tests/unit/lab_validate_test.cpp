// validate's logic with the simulations injected: selection, scoring against tolerance,
// misses with their causes, statistics, and the simulations it asks for. No process runs.
#include <boost/test/unit_test.hpp>

#include "config/input_error.h"
#include "lab/validate.h"
#include "test_support.h"

using namespace ssdtwin;

namespace {

// fio JSON with one job: read IOPS and mean read latency as given.
nlohmann::json fio_output(double read_iops, double read_lat_us) {
  const nlohmann::json dir_r = {
      {"iops", read_iops}, {"bw_bytes", read_iops * 4096}, {"lat_ns", {{"N", 100}, {"mean", read_lat_us * 1e3}}}};
  const nlohmann::json dir_w = {{"iops", 0}, {"bw_bytes", 0}, {"lat_ns", {{"N", 0}, {"mean", 0}}}};
  return {{"jobs", nlohmann::json::array({{{"read", dir_r}, {"write", dir_w}}})},
          {"ssdtwin", {{"bottleneck", {{"resource", "dies"}, {"utilisation", 0.9}}}}}};
}

struct FakeSimulator {
  std::vector<lab::SimulationSpec> seen;
  double iops = 2, lat_us = 50;
  lab::Simulator simulator() {
    return [this](const std::vector<lab::SimulationSpec>& specs) {
      seen.insert(seen.end(), specs.begin(), specs.end());
      return std::vector<nlohmann::json>(specs.size(), fio_output(iops, lat_us));
    };
  }
};

std::vector<lab::LabFile> miss_cause_lab() {
  std::vector<lab::LabFile> labs{lab::load_lab_file(test::source_path("tests/cli/data/lab-miss-cause.toml"))};
  lab::add_derived_tags(labs.back());
  return labs;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(lab_validate)

BOOST_AUTO_TEST_CASE(records_are_scored_against_their_tolerance_and_misses_carry_their_cause) {
  FakeSimulator sim;  // read IOPS 2 against 1 measured: +100%; latency 50 us against 1e9 us
  const lab::ValidateReport rep = lab::validate(miss_cause_lab(), {}, sim.simulator());
  BOOST_TEST(rep.counted == 3u);
  BOOST_TEST(rep.misses == 2u);
  BOOST_TEST(rep.simulations == 1u);  // three records of one job share one simulation
  BOOST_TEST(rep.json["summary"]["outside_tolerance"].get<int>() == 2);
  const auto& recs = rep.json["records"];
  BOOST_TEST(recs[0]["error_pct"].get<double>() == 100.0, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(recs[0]["within_tolerance"].get<bool>() == false);
  BOOST_TEST(recs[2]["within_tolerance"].get<bool>() == true);
  BOOST_TEST(recs[0]["bottleneck"]["resource"].get<std::string>() == "dies");  // what bound the record's run
  BOOST_TEST(recs[0]["bottleneck"]["utilisation"].get<double>() == 0.9);
  BOOST_TEST(rep.text.find("miss miss-with-cause (tiny, +100.0%): the measured value is one I/O per second") !=
             std::string::npos);
  BOOST_TEST(rep.text.find("miss miss-without-cause") != std::string::npos);
  BOOST_TEST(rep.text.find("no cause recorded (miss_cause)") != std::string::npos);
  BOOST_TEST(rep.text.find("within-with-cause (tiny) is within tolerance; its miss_cause is out of date") !=
             std::string::npos);
  BOOST_TEST(rep.markdown.find("- **miss-with-cause** (tiny, +100.0%)") != std::string::npos);
  // Throughput errors of the counted records: +100% (miss) and +100% (within its 1e12%).
  BOOST_TEST(rep.json["summary"]["overall"]["throughput"]["median_abs_error_pct"].get<double>() == 100.0,
             boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(the_simulation_carries_the_record_s_drive_precondition_and_overrides) {
  FakeSimulator sim;
  lab::ValidateOptions opt;
  opt.sets = {"ftl.gc_paced=0"};
  lab::validate(miss_cause_lab(), opt, sim.simulator());
  BOOST_TEST_REQUIRE(sim.seen.size() == 1u);
  const std::vector<std::string>& args = sim.seen[0].args;
  BOOST_TEST(args[0] == "--drive");
  BOOST_TEST(args[1].find("tiny-drive.toml") != std::string::npos);
  BOOST_TEST(args[2].find("ok.fio") != std::string::npos);
  BOOST_TEST((std::vector<std::string>(args.begin() + 3, args.end()) ==
              std::vector<std::string>{"--precondition", "seq1x", "--set", "ftl.gc_paced=0"}));
}

BOOST_AUTO_TEST_CASE(the_lab_s_host_profile_and_conditions_reach_the_simulation_before_the_caller_s_sets) {
  std::vector<lab::LabFile> labs = miss_cause_lab();
  for (auto& r : labs[0].records) {
    r.host_profile = "/hosts/h.toml";
    r.host_sets = {"host.path_write_gbps=4"};
  }
  FakeSimulator sim;
  lab::ValidateOptions opt;
  opt.sets = {"host.path_write_gbps=5"};
  lab::validate(labs, opt, sim.simulator());
  BOOST_TEST_REQUIRE(sim.seen.size() == 1u);
  const std::vector<std::string>& args = sim.seen[0].args;
  BOOST_TEST((std::vector<std::string>(args.begin() + 3, args.end()) ==
              std::vector<std::string>{"--precondition", "seq1x", "--host", "/hosts/h.toml", "--set",
                                       "host.path_write_gbps=4", "--set", "host.path_write_gbps=5"}));
}

BOOST_AUTO_TEST_CASE(selection_narrows_the_records_and_refuses_what_matches_nothing) {
  FakeSimulator sim;
  sim.iops = 1;  // exactly the measured IOPS
  lab::ValidateOptions opt;
  opt.records = "miss-with-cause";
  const lab::ValidateReport rep = lab::validate(miss_cause_lab(), opt, sim.simulator());
  BOOST_TEST(rep.counted == 1u);
  BOOST_TEST(rep.misses == 0u);
  opt.records = "no-such-record";
  BOOST_CHECK_THROW(lab::validate(miss_cause_lab(), opt, sim.simulator()), config::InputError);
  opt.records.clear();
  opt.drive_name = "another drive";
  BOOST_CHECK_THROW(lab::validate(miss_cause_lab(), opt, sim.simulator()), config::InputError);
}

BOOST_AUTO_TEST_SUITE_END()
