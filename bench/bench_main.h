// The entry shared by the benchmark programs: SystemC calls sc_main, which calls
// run_benchmarks with what must be built before timing starts (elaboration, preconditioning).
#pragma once
#include <functional>

namespace ssdtwin::bench {

int run_benchmarks(int argc, char** argv, const std::function<void()>& setup);

}  // namespace ssdtwin::bench
