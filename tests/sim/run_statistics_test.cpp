// Every statistic declared in model/run_statistics.cpp reaches the JSON report at its path,
// with the value the declaration reads: a counter added to the table cannot be forgotten
// by the reporter, and none is reported under two names.
#include <boost/test/unit_test.hpp>
#include <set>

#include "model/run_statistics.h"
#include "sim_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_CASE(every_declared_statistic_appears_in_the_json_report) {
  // Reads, writes and trims, so most counters are non-zero.
  const std::string job =
      "[global]\ntime_based\nruntime=5ms\n[mixed]\nrw=randrw\nrwmixread=60\nbs=4k\niodepth=8\n"
      "[trims]\nrw=randtrim\nbs=16k\niodepth=2\n";
  const test::SimRun run = test::simulate(test::source_path("tests/data/tiny-drive.toml"), job, 1, 1);
  const model::RunOptions opt;
  const report::ReportInput in{run.profile, run.layout, run.jobs, opt, run.result};
  const nlohmann::ordered_json out = report::report_json(in);
  const nlohmann::ordered_json& s = out.at("ssdtwin");

  std::set<std::string> paths;
  std::size_t nonzero = 0;
  for (const model::Statistic& st : model::run_statistics()) {
    BOOST_TEST_CONTEXT(st.path) {
      BOOST_TEST(paths.insert(st.path).second);  // declared once
      BOOST_TEST(std::string(st.unit).size() > 0);
      BOOST_TEST(std::string(st.description).size() > 0);
      std::string pointer = "/" + std::string(st.path);
      for (char& c : pointer) c = c == '.' ? '/' : c;
      const nlohmann::json::json_pointer ptr(pointer);
      BOOST_TEST_REQUIRE(s.contains(ptr));
      std::visit(
          [&](const auto& v) {
            BOOST_TEST((s.at(ptr) == nlohmann::ordered_json(v)));
            if (s.at(ptr) != nlohmann::ordered_json(0) && s.at(ptr) != nlohmann::ordered_json(0.0)) ++nonzero;
          },
          st.value(run.result, run.profile.config));
    }
  }
  // What bound the run: every resource's share, and the busiest candidate named.
  const auto& u = s.at("utilisation");
  for (const char* r : {"firmware_cores", "dies", "channels", "pcie_up", "pcie_down", "power_budget"})
    BOOST_TEST_CONTEXT(r) { BOOST_TEST((u.contains(r) && u.at(r).get<double>() >= 0.0)); }
  const std::string b = s.at("bottleneck").at("resource").get<std::string>();
  const double bf = s.at("bottleneck").at("utilisation").get<double>();
  BOOST_TEST_REQUIRE((u.contains(b) || b == "latency"));
  BOOST_TEST((b == "latency") == (bf < 0.9));  // a saturated resource, or none (latency-bound)
  for (const auto& [name, f] : u.items())
    if (name != "dies_busiest" && name != "firmware_cores_gc") BOOST_TEST(f.get<double>() <= bf);
  BOOST_TEST(paths.size() >= 50u);
  BOOST_TEST(nonzero >= 25u);  // a run that did I/O: the walk compared real values, not only zeros
}
