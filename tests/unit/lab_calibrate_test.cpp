// calibrate's logic with the simulations injected: a made-up model whose prediction is a
// known function of the fitted key, so the fit must find the value the measurements imply.
// No process runs.
#include <boost/test/unit_test.hpp>
#include <filesystem>
#include <fstream>
#include <toml++/toml.h>

#include "config/input_error.h"
#include "lab/calibrate.h"
#include "test_support.h"

using namespace ssdtwin;
namespace fs = std::filesystem;

namespace {

// The value given for `key` in a simulation's --set arguments (0 when absent).
double set_value(const lab::SimulationSpec& s, const std::string& key) {
  for (std::size_t i = 0; i + 1 < s.args.size(); ++i)
    if (s.args[i] == "--set" && s.args[i + 1].rfind(key + "=", 0) == 0)
      return std::stod(s.args[i + 1].substr(key.size() + 1));
  return 0;
}

nlohmann::json fio_output(double read_iops, double read_lat_us) {
  const nlohmann::json r = {
      {"iops", read_iops}, {"bw_bytes", read_iops * 4096}, {"lat_ns", {{"N", 100}, {"mean", read_lat_us * 1e3}}}};
  const nlohmann::json w = {{"iops", 0}, {"bw_bytes", 0}, {"lat_ns", {{"N", 0}, {"mean", 0}}}};
  return {{"jobs", nlohmann::json::array({{{"read", r}, {"write", w}}})}};
}

// Latency = tR + 10 us; IOPS = 100K per write-path core.
lab::Simulator made_up_model(std::size_t* simulations = nullptr) {
  return [simulations](const std::vector<lab::SimulationSpec>& specs) {
    std::vector<nlohmann::json> out;
    for (const auto& s : specs) {
      out.push_back(
          fio_output(1e5 * set_value(s, "controller.fe_write_cores"), set_value(s, "nand.timing.tR_us") + 10));
      if (simulations) ++*simulations;
    }
    return out;
  };
}

// A lab file on the tiny drive (or another test drive, for a family of two).
lab::LabFile lab_file(const std::string& records, const std::string& drive = "tiny-drive") {
  const fs::path dir = fs::temp_directory_path() / "ssdtwin-lab-calibrate-test";
  fs::create_directories(dir);
  const fs::path path = dir / ("lab-" + drive + ".toml");
  std::ofstream(path) << "[lab]\ndrive = \"" << drive << "\"\ndrive_profile = \""
                      << test::source_path("tests/data/" + drive + ".toml")
                      << "\"\nprecondition = \"none\"\nsource = \"test\"\n"
                      << records;
  lab::LabFile lab = lab::load_lab_file(path.string());
  lab::add_derived_tags(lab);
  return lab;
}

// `n` picks the record's preconditioning, so records with another n are other simulations.
std::string record(const std::string& id, const std::string& metric, double measured, int n) {
  static const char* const precondition[] = {"none", "seq1x", "seq2x", "seq3x", "rand"};
  return "[[record]]\nid = \"" + id + "\"\njob = \"" + test::source_path("tests/cli/data/ok.fio") +
         "\"\nprecondition = \"" + precondition[n] + "\"\nmetric = \"" + metric +
         "\"\nmeasured = " + std::to_string(measured) +
         "\nunit = \"x\"\ntolerance_pct = 5\nkind = \"spec\"\nsource = \"test\"\n";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(lab_calibrate)

BOOST_AUTO_TEST_CASE(a_continuous_key_is_fitted_to_the_value_the_measurements_imply) {
  // The tiny NAND's tR is 45 us; the measurements imply 62 us.
  const lab::LabFile lab = lab_file(record("a", "read.lat_mean_us", 72, 1) + record("b", "read.lat_mean_us", 72, 2));
  lab::CalibrateOptions opt;
  opt.fits = {"nand.timing.tR_us=30..80"};
  std::vector<std::string> log;
  const lab::CalibrateResult res =
      lab::calibrate(lab, opt, made_up_model(), [&](const std::string& l) { log.push_back(l); });
  BOOST_TEST(res.params.at(0).fitted == 62.0, boost::test_tools::tolerance(0.01));
  BOOST_TEST(res.cost_final < 1e-6);
  BOOST_TEST(res.cost_final < res.cost_start);
  BOOST_TEST(res.json["algorithm"].get<std::string>() == "NLopt LN_NELDERMEAD");
  BOOST_TEST(log.size() == res.json["evaluations"].get<std::size_t>());
}

BOOST_AUTO_TEST_CASE(one_short_integer_range_is_searched_exhaustively) {
  const lab::LabFile lab = lab_file(record("a", "read.iops", 300000, 1));
  lab::CalibrateOptions opt;
  opt.fits = {"controller.fe_write_cores=1..6"};
  std::size_t simulations = 0;
  const lab::CalibrateResult res = lab::calibrate(lab, opt, made_up_model(&simulations));
  BOOST_TEST(res.params.at(0).fitted == 3.0, boost::test_tools::tolerance(1e-9));
  BOOST_TEST(res.json["evaluations"].get<int>() == 6);  // every value once
  // The start, the six values and the fitted value are six distinct points, each simulated
  // once (the start and the fitted value are among the six: cached, not run again; was 8).
  BOOST_TEST(simulations == 6u);
}

BOOST_AUTO_TEST_CASE(cross_validation_reports_in_and_out_of_sample_error) {
  // Three records agree on tR = 45; the fourth implies 65, so leaving it out predicts it badly.
  const lab::LabFile lab = lab_file(record("a", "read.lat_mean_us", 55, 1) + record("b", "read.lat_mean_us", 55, 2) +
                                    record("c", "read.lat_mean_us", 55, 3) + record("d", "read.lat_mean_us", 75, 4));
  lab::CalibrateOptions opt;
  opt.fits = {"nand.timing.tR_us=30..80"};
  opt.holdout = 4;
  const lab::CalibrateResult res = lab::calibrate(lab, opt, made_up_model());
  const double in = res.json["holdout"]["in_sample_mean_abs_error_pct"].get<double>();
  const double out = res.json["holdout"]["out_of_sample_mean_abs_error_pct"].get<double>();
  BOOST_TEST(out > in);
  BOOST_TEST(out > 5.0);
}

BOOST_AUTO_TEST_CASE(bad_fits_and_too_many_folds_are_input_errors) {
  const lab::LabFile lab = lab_file(record("a", "read.lat_mean_us", 55, 1));
  lab::CalibrateOptions opt;
  for (const char* bad : {"nand.timing.tR_us", "nand.timing.tR_us=80..30", "no.such_key=1..2", "ftl.gc_policy=1..2"}) {
    opt.fits = {bad};
    BOOST_CHECK_THROW(lab::calibrate(lab, opt, made_up_model()), config::InputError);
  }
  opt.fits = {"nand.timing.tR_us=30..80"};
  opt.holdout = 2;  // one record cannot make two folds
  BOOST_CHECK_THROW(lab::calibrate(lab, opt, made_up_model()), config::InputError);
}

BOOST_AUTO_TEST_CASE(the_calibrated_profiles_hold_the_fitted_values_and_keep_comments) {
  const lab::LabFile lab = lab_file(record("a", "read.lat_mean_us", 55, 1) + record("b", "read.iops", 300000, 1));
  lab::CalibrateOptions opt;
  opt.fits = {"nand.timing.tR_us=30..80", "controller.fe_write_cores=1..6"};
  opt.max_evals = 60;
  opt.output = (fs::temp_directory_path() / "ssdtwin-lab-calibrate-test" / "calibrated.toml").string();
  const lab::CalibrateResult res = lab::calibrate(lab, opt, made_up_model());
  const toml::table drive = toml::parse_file(opt.output);
  const toml::table nand = toml::parse_file(fs::path(opt.output).replace_filename("calibrated-nand.toml").string());
  BOOST_TEST(drive.at_path("controller.fe_write_cores").value<std::int64_t>().value() ==
             std::llround(res.params[1].fitted));
  BOOST_TEST(nand.at_path("timing.tR_us").value<double>().value() == res.params[0].fitted,
             boost::test_tools::tolerance(1e-4));
  std::ifstream f(opt.output);
  const std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  BOOST_TEST(text.find("# Test drive: 2 channels x 2 dies") !=
             std::string::npos);  // the source profile's comments stay
  BOOST_TEST(text.find("fitted by ssdtwin calibrate") != std::string::npos);
}

// Latency = tR + 10 us on the tiny drive, tR + 30 us on the WAF test drive: a family whose
// members share tR but differ by structure.
lab::Simulator made_up_family() {
  return [](const std::vector<lab::SimulationSpec>& specs) {
    std::vector<nlohmann::json> out;
    for (const auto& s : specs) {
      const bool waf = std::find_if(s.args.begin(), s.args.end(), [](const std::string& a) {
                         return a.find("waf-drive.toml") != std::string::npos;
                       }) != s.args.end();
      out.push_back(fio_output(1e5, set_value(s, "nand.timing.tR_us") + (waf ? 30 : 10)));
    }
    return out;
  };
}

BOOST_AUTO_TEST_CASE(a_family_is_fitted_jointly_and_each_drive_predicted_from_the_others) {
  lab::CalibrateOptions opt;
  opt.fits = {"nand.timing.tR_us=30..80"};
  opt.holdout_drives = true;
  {  // Both drives imply tR = 50: the joint fit finds it, and each drive left out is still predicted.
    const std::vector<lab::LabFile> labs = {lab_file(record("a", "read.lat_mean_us", 60, 1)),
                                            lab_file(record("a", "read.lat_mean_us", 80, 1), "waf-drive")};
    const lab::CalibrateResult res = lab::calibrate(labs, opt, made_up_family());
    BOOST_TEST(res.params.at(0).fitted == 50.0, boost::test_tools::tolerance(0.01));
    BOOST_TEST(res.json["holdout"]["folds"].size() == 2u);
    BOOST_TEST(res.json["holdout"]["out_of_sample_mean_abs_error_pct"].get<double>() < 0.1);
    BOOST_TEST(res.json["records"][1]["drive"].get<std::string>() == "waf-drive");
  }
  {  // The WAF drive implies tR = 70: left out, it is predicted from the tiny drive's 50 (-20/100).
    const std::vector<lab::LabFile> labs = {lab_file(record("a", "read.lat_mean_us", 60, 1)),
                                            lab_file(record("a", "read.lat_mean_us", 100, 1), "waf-drive")};
    const lab::CalibrateResult res = lab::calibrate(labs, opt, made_up_family());
    const auto& rec = res.json["records"][1];
    BOOST_TEST(rec["error_drive_held_out_pct"].get<double>() == -20.0, boost::test_tools::tolerance(0.01));
    BOOST_TEST(res.json["holdout"]["out_of_sample_mean_abs_error_pct"].get<double>() >
               res.json["holdout"]["in_sample_mean_abs_error_pct"].get<double>());
  }
  {  // What a family cannot take: one drive for all, one output profile, a drive holdout of one drive.
    const std::vector<lab::LabFile> labs = {lab_file(record("a", "read.lat_mean_us", 60, 1)),
                                            lab_file(record("a", "read.lat_mean_us", 80, 1), "waf-drive")};
    lab::CalibrateOptions bad = opt;
    bad.drive = test::source_path("tests/data/tiny-drive.toml");
    BOOST_CHECK_THROW(lab::calibrate(labs, bad, made_up_family()), config::InputError);
    bad = opt;
    bad.output = "x.toml";
    BOOST_CHECK_THROW(lab::calibrate(labs, bad, made_up_family()), config::InputError);
    BOOST_CHECK_THROW(lab::calibrate(labs[0], opt, made_up_family()), config::InputError);
  }
}

BOOST_AUTO_TEST_CASE(set_key_in_toml_replaces_inserts_or_adds_the_section) {
  const std::string text = "[a]\nx = 1  # source\n[b]\ny = 2\n[[list]]\nx = 5\n";
  BOOST_TEST(lab::set_key_in_toml(text, "a.x", "7", "n") == "[a]\nx = 7   # n\n[b]\ny = 2\n[[list]]\nx = 5\n");
  BOOST_TEST(lab::set_key_in_toml(text, "b.z", "3", "n") ==
             "[a]\nx = 1  # source\n[b]\nz = 3   # n\ny = 2\n[[list]]\nx = 5\n");
  BOOST_TEST(lab::set_key_in_toml(text, "c.w", "4", "n") == text + "\n[c]\nw = 4   # n\n");
}

BOOST_AUTO_TEST_SUITE_END()
