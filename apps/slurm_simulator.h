// Simulations on Slurm for the lab commands: `validate --backend slurm --dir D` submits its
// runs as one job array (apps/slurm_dir.h, one run directory D/run-N per batch of
// simulations), waits for it by polling squeue, and returns the same outputs a local run
// would, so the report is the same.
#pragma once
#include <string>
#include <vector>

#include "apps/cli_args.h"
#include "lab/runner.h"

namespace ssdtwin::apps {

// The flags of the Slurm backend of a lab command.
std::vector<std::string> slurm_lab_flags();
// The Simulator that --backend asks for: local processes (--jobs N) or Slurm.
lab::Simulator lab_simulator(const cli::Args& a);

}  // namespace ssdtwin::apps
