#include "apps/lab_runner.h"

#include <algorithm>
#include <fmt/format.h>
#include <unistd.h>

#include "apps/cli_args.h"
#include "apps/process_pool.h"
#include "config/input_error.h"

namespace ssdtwin::apps {

int parse_parallel(const std::map<std::string, std::string>& single) {
  // Each simulation is one single-threaded process: more at a time than CPUs only adds
  // memory (the pool also waits while memory is short; apps/process_pool.cpp).
  // (Two are always allowed: the default, and what the tests run with.)
  const long cpus = std::max(2L, sysconf(_SC_NPROCESSORS_ONLN));
  const auto it = single.find("--jobs");
  if (it == single.end()) return 2;
  const std::uint32_t n = cli::parse_uint("--jobs", it->second, 1, 1u << 20);
  if (n > cpus)
    throw config::InputError(
        fmt::format("option '--jobs': {} is more than this machine's {} CPUs (each simulation is "
                    "one single-threaded process; more only adds memory); use 1..{}",
                    n, cpus, cpus));
  return int(n);
}

lab::Simulator process_simulator(int parallel) {
  return [parallel](const std::vector<lab::SimulationSpec>& specs) { return run_simulations(specs, parallel); };
}

}  // namespace ssdtwin::apps
