// One libFuzzer program per parser: SSDTWIN_FUZZ_TARGET names the target (fuzz_entries.cpp).
#include <cstdlib>
#include <cstring>

#include "fuzz/fuzz_entries.h"

namespace {
ssdtwin::fuzz::Target target() {
  static const ssdtwin::fuzz::Target t = [] {
    for (const auto& i : ssdtwin::fuzz::targets())
      if (std::strcmp(i.name, SSDTWIN_FUZZ_TARGET) == 0) return i.target;
    std::abort();  // a build error: the CMake list and targets() disagree
  }();
  return t;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  ssdtwin::fuzz::run_one(target(), data, size);  // anything but an InputError escapes and aborts
  return 0;
}

// libsystemc.so refers to sc_main; libFuzzer supplies main(), so this is never called.
extern "C" int sc_main(int, char**) { return 0; }
