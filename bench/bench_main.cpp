#include "bench_main.h"

#include <benchmark/benchmark.h>
#include <cstdlib>
#include <systemc>

namespace ssdtwin::bench {

int run_benchmarks(int argc, char** argv, const std::function<void()>& setup) {
  benchmark::Initialize(&argc, argv);
  setup();  // outside the timed region
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

}  // namespace ssdtwin::bench

int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}
