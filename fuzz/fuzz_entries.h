// Fuzz entry points for every input parser, shared by the libFuzzer programs (fuzz/*.cpp,
// preset "fuzz") and the regression test that replays fuzz/regressions/ and the seed
// corpora in the ordinary suite (unit.fuzz_regressions). The contract under test: any input
// either loads or is rejected with an InputError; any other exception, crash, sanitizer
// report or hang is a bug.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace ssdtwin::fuzz {

enum class Target { DriveProfile, NandProfile, FioJob, Trace, LabFile, FioResult };

struct TargetInfo {
  Target target;
  const char* name;  // program fuzz_NAME, corpus and regression folder NAME
  // Seed files, relative to the source tree: folders (every file in them) or files.
  std::vector<std::string> seeds;
};
const std::vector<TargetInfo>& targets();

// Feeds one input to the target's parser. Returns normally when the input loads or is
// rejected with an InputError; lets any other exception escape (the caller aborts).
void run_one(Target t, const std::uint8_t* data, std::size_t size);

}  // namespace ssdtwin::fuzz
