// Runs simulations as `ssdtwin run` child processes of this executable (SystemC elaborates
// once per process), up to `parallel` at a time, and collects their JSON outputs. Shared by
// compare, validate, calibrate and sweep.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lab/runner.h"

namespace ssdtwin::apps {

using lab::SimulationSpec;  // --output-format/--output are added to its args

// Outputs in the order of `specs`. Throws std::runtime_error with the failing run's label
// and stderr; no new runs start after a failure.
std::vector<nlohmann::json> run_simulations(const std::vector<SimulationSpec>& specs, int parallel);

}  // namespace ssdtwin::apps
