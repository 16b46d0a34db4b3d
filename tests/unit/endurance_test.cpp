#include <boost/test/unit_test.hpp>

#include "ftl/waf_model.h"
#include "config/config_loader.h"
#include "model/endurance.h"
#include "workload/fio_job.h"
#include "config/input_error.h"
#include "model/steady_state.h"
#include "test_support.h"

using namespace ssdtwin;

BOOST_AUTO_TEST_SUITE(endurance)

BOOST_AUTO_TEST_CASE(closed_form_lru_waf_matches_published_values) {
  // domain.md section 4 (Desnoyers SYSTOR'12): 7% -> 7.8, 28% -> 2.48, 50% -> 1.72, 100% -> 1.25.
  BOOST_TEST(ftl::waf_lru(1.07) == 7.8, boost::test_tools::tolerance(0.01));
  BOOST_TEST(ftl::waf_lru(1.28) == 2.48, boost::test_tools::tolerance(0.01));
  BOOST_TEST(ftl::waf_lru(1.50) == 1.72, boost::test_tools::tolerance(0.01));
  BOOST_TEST(ftl::waf_lru(2.00) == 1.25, boost::test_tools::tolerance(0.01));
  BOOST_TEST(ftl::waf_greedy(1.28, 1e6) == ftl::waf_lru(1.28), boost::test_tools::tolerance(1e-4));
  BOOST_TEST(ftl::waf_greedy(1.28, 16) < ftl::waf_lru(1.28));  // small blocks: greedy beats LRU
}

BOOST_AUTO_TEST_CASE(snia_steady_state_rule_needs_flat_and_level_window) {
  BOOST_TEST(!model::is_steady({1, 1, 1, 1}));                    // fewer than 5 rounds
  BOOST_TEST(model::is_steady({9, 2.0, 2.1, 1.95, 2.05, 2.0}));   // last five flat
  BOOST_TEST(!model::is_steady({1.6, 1.7, 1.8, 1.9, 2.0}));       // range 22% of the mean
  BOOST_TEST(!model::is_steady({1.80, 1.85, 1.90, 1.95, 2.00}));  // excursion 0.2 > 10% of 1.9
  BOOST_TEST(model::is_steady({1.90, 1.92, 1.94, 1.96, 1.98}));   // excursion 0.08 < 0.194
}

namespace {
model::EnduranceResult uniform_random(double op_pct) {
  auto p = config::load_profile(test::source_path("tests/data/waf-drive.toml"));
  p.config.user_bytes = static_cast<std::uint64_t>(double(p.config.raw_bytes()) / (1 + op_pct / 100));
  model::EnduranceOptions opt;
  opt.precondition_passes = 1;
  return model::run_endurance(p.config, config::make_layout(p.config, 1), opt);
}
}  // namespace

BOOST_AUTO_TEST_CASE(uniform_random_waf_matches_the_greedy_closed_form_at_28_pct_op) {
  const auto r = uniform_random(28);
  const double ref = ftl::waf_greedy(1.28, 384);  // 2 planes x 16 wordlines x 3 pages x 4 IUs
  BOOST_TEST_MESSAGE("WAF " << r.waf << " vs closed form " << ref << ", steady at round " << r.steady_round);
  BOOST_TEST(r.steady);
  BOOST_TEST(r.waf == ref, boost::test_tools::tolerance(0.05));
}

BOOST_AUTO_TEST_CASE(tbw_and_dwpd_follow_from_waf_pe_and_capacity) {
  const auto r = uniform_random(50);
  BOOST_TEST(r.tbw_tb == r.pe_cycles * double(r.raw_capacity_bytes) / r.waf / 1e12, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(r.dwpd == r.tbw_tb * 1e12 / (double(r.user_capacity_bytes) * 365 * r.warranty_years),
             boost::test_tools::tolerance(1e-9));
}

BOOST_AUTO_TEST_CASE(waf_at_scale_8_and_32_matches_the_full_scale_drive_within_3_pct) {
  // Scaling divides wordlines per block: the block-group count, and so GC's choice and its
  // reserve, stay the same. 256 wordlines per block keep 192 IUs per block group at 32.
  const auto p = config::load_profile(test::source_path("tests/data/scale-drive.toml"));
  model::EnduranceOptions opt;
  opt.precondition_passes = 1;
  const double full = model::run_endurance(p.config, config::make_layout(p.config, 1), opt).waf;
  for (std::uint32_t scale : {8u, 32u}) {
    const double w = model::run_endurance(p.config, config::make_layout(p.config, scale), opt).waf;
    BOOST_TEST_MESSAGE("scale " << scale << ": WAF " << w << " vs full scale " << full);
    BOOST_TEST(w == full, boost::test_tools::tolerance(0.03));
  }
}

BOOST_AUTO_TEST_CASE(cost_benefit_beats_greedy_on_the_skewed_jesd219_workload) {
  auto p = config::load_profile(test::source_path("tests/data/waf-drive.toml"));
  model::EnduranceOptions opt;
  opt.workload = model::EnduranceWorkload::Jesd219;
  opt.precondition_passes = 1;
  const auto layout = config::make_layout(p.config, 1);
  const double greedy = model::run_endurance(p.config, layout, opt).waf;
  p.config.ftl.gc_policy = "cost_benefit";
  const double cb = model::run_endurance(p.config, layout, opt).waf;
  BOOST_TEST_MESSAGE("JESD219 WAF: greedy " << greedy << ", cost-benefit " << cb);
  BOOST_TEST(cb < 0.9 * greedy);
}

BOOST_AUTO_TEST_CASE(fio_job_workload_drives_endurance_and_hot_regions_lower_waf) {
  auto p = config::load_profile(test::source_path("tests/data/waf-drive.toml"));
  const auto layout = config::make_layout(p.config, 1);
  model::EnduranceOptions opt;
  opt.precondition_passes = 1;
  const double builtin = model::run_endurance(p.config, layout, opt).waf;
  auto with_job = [&](const std::string& text) {
    const auto jf = workload::parse_fio_job_text(text, "w.fio");
    model::EnduranceOptions o = opt;
    o.workload = model::EnduranceWorkload::FioJob;
    o.fio = model::fio_writes(jf.jobs[0], jf.path, p.config, layout);
    return model::run_endurance(p.config, layout, o);
  };
  // A whole-drive 4 KiB randwrite job is the built-in rand4k workload, draw for draw.
  const auto uniform = with_job("[u]\nrw=randwrite\nbs=4k\n");
  BOOST_TEST(uniform.waf == builtin);
  BOOST_TEST(uniform.workload == "w.fio:u");
  // Writes confined to half the drive leave the other half cold: more spare per hot LBA.
  BOOST_TEST(with_job("[h]\nrw=randwrite\nbs=4k\nsize=50%\n").waf < 0.8 * builtin);
  // Sequential overwrites invalidate whole block groups: WAF 1.
  BOOST_TEST(with_job("[s]\nrw=write\nbs=128k\n").waf == 1.0, boost::test_tools::tolerance(0.01));
  const auto reads = workload::parse_fio_job_text("[r]\nrw=randread\n", "r.fio");
  BOOST_CHECK_EXCEPTION(model::fio_writes(reads.jobs[0], reads.path, p.config, layout), config::InputError,
                        [](const config::InputError& e) {
                          const std::string m = e.what();
                          return m.find("r.fio:1: job 'r': key 'rw' must write") != std::string::npos;
                        });
}

BOOST_AUTO_TEST_CASE(unknown_endurance_workload_lists_the_allowed_ones) {
  BOOST_CHECK_EXCEPTION(model::parse_endurance_workload("oltp"), std::runtime_error, [](const std::runtime_error& e) {
    return std::string(e.what()).find("use rand4k, seq128k, jesd219 or a fio job file") != std::string::npos;
  });
}

BOOST_AUTO_TEST_SUITE_END()
