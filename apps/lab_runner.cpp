#include "apps/lab_runner.h"

#include "apps/cli_args.h"
#include "apps/process_pool.h"

namespace ssdtwin::apps {

int parse_parallel(const std::map<std::string, std::string>& single) {
  const auto it = single.find("--jobs");
  return it == single.end() ? 2 : int(cli::parse_uint("--jobs", it->second, 1, 256));
}

lab::Simulator process_simulator(int parallel) {
  return [parallel](const std::vector<lab::SimulationSpec>& specs) { return run_simulations(specs, parallel); };
}

}  // namespace ssdtwin::apps
