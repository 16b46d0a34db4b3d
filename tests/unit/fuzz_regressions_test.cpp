#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "fuzz/fuzz_entries.h"
#include "test_support.h"

using namespace ssdtwin;
namespace fs = std::filesystem;

namespace {
std::vector<fs::path> files_in(const fs::path& p) {
  std::vector<fs::path> out;
  if (fs::is_regular_file(p)) out.push_back(p);
  if (fs::is_directory(p))
    for (const auto& e : fs::directory_iterator(p))
      if (e.is_regular_file()) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

void replay(const fuzz::TargetInfo& t, const fs::path& file, std::size_t& n) {
  std::ifstream f(file, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  try {
    fuzz::run_one(t.target, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  } catch (const std::exception& e) {
    BOOST_ERROR(t.name << ": " << file.string() << ": escaped with " << typeid(e).name() << ": " << e.what());
  }
  ++n;
}
}  // namespace

BOOST_AUTO_TEST_SUITE(fuzz_regressions)

// Every input a fuzzer once crashed on (fuzz/regressions/TARGET/) and every seed must now
// load or be rejected with an InputError, in the ordinary (non-clang) build too.
BOOST_AUTO_TEST_CASE(crashers_and_seeds_load_or_fail_with_an_input_error) {
  std::size_t seeds = 0, crashers = 0;
  for (const auto& t : fuzz::targets()) {
    for (const auto& s : t.seeds)
      for (const auto& f : files_in(test::source_path(s))) replay(t, f, seeds);
    for (const auto& f : files_in(test::source_path(std::string("fuzz/regressions/") + t.name))) replay(t, f, crashers);
  }
  BOOST_TEST_MESSAGE(seeds << " seeds and " << crashers << " former crashers replayed");
  BOOST_TEST(seeds > 50u);
}

BOOST_AUTO_TEST_SUITE_END()
