// `ssdtwin sweep --backend slurm`: a sweep as one Slurm job array over a shared directory
// D, and the commands that run, gather, inspect and resubmit it (docs/cluster.md).
//   D/sweep.json         the validated plan (apps/sweep_plan.h) and the submission settings
//   D/manifest           one point a line: its id, label and `ssdtwin run` arguments
//   D/batch-B.txt        the point ids of each array task of submission B (K per task)
//   D/batch-B.sbatch     its sbatch script; D/batch-B-gather.sbatch the afterany gather job
//   D/points/ID.json     a point's run output (written under a temporary name, then renamed)
//   D/points/ID.status   its last attempt: state, exit status, host, start and end times
//   D/table.csv|json     the gathered table, byte-identical to a local sweep's
#pragma once
#include <string>
#include <vector>

#include "apps/cli_args.h"

namespace ssdtwin::apps {

// The flags `ssdtwin sweep` takes (the local ones and the Slurm backend's).
std::vector<std::string> sweep_flags();
// Validates every point, writes D and submits the array and its gather job.
int submit_slurm_sweep(const cli::Args& a);
// `ssdtwin sweep task|gather|status|resubmit D ...`.
int cmd_sweep_slurm(int argc, char** argv);

}  // namespace ssdtwin::apps
