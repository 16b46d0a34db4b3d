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

// How the children start: as child processes of this executable (the default), or through
// a launcher such as `srun --exclusive -n1 -c1` (Slurm job steps inside an allocation),
// whose runs write their outputs and saved states into `work_dir`, a directory every node
// sees.
struct Launch {
  std::vector<std::string> prefix;  // the launcher's argv; empty: a local child
  std::string work_dir;             // "" : $TMPDIR
};

// Outputs in the order of `specs`. Throws std::runtime_error with the failing run's label
// and stderr; no new runs start after a failure.
std::vector<nlohmann::json> run_simulations(const std::vector<SimulationSpec>& specs, int parallel,
                                            const Launch& launch = {});

// One simulation: `ssdtwin run ARGS --output-format=json --output OUT --state-cache DIR`
// as a child with its stderr in ERR; returns its wait status. SIGINT, SIGTERM and SIGHUP
// (scancel) stop the child and this process dies of the signal.
int run_simulation_to(const std::vector<std::string>& args, const std::string& out_path, const std::string& err_path);

// Runs a program (found in PATH) and returns its exit status (or 128 + signal), with its
// stdout and stderr in `output`; -1 when it cannot be started.
int run_program(const std::vector<std::string>& argv, std::string& output);

}  // namespace ssdtwin::apps
