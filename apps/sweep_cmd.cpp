#include "apps/sweep_cmd.h"

#include <cstdio>
#include <fmt/format.h>

#include "apps/cli_args.h"
#include "apps/lab_runner.h"
#include "apps/process_pool.h"
#include "apps/sweep_plan.h"
#include "apps/sweep_slurm.h"
#include "config/input_error.h"

namespace ssdtwin::apps {

int cmd_sweep(int argc, char** argv) {
  const std::string sub = argc >= 3 ? argv[2] : "";
  if (sub == "task" || sub == "gather" || sub == "status" || sub == "resubmit") return cmd_sweep_slurm(argc, argv);
  const cli::Args a = cli::parse_args(argc, argv, sweep_flags(), {"--dry-run"});
  if (!a.positional.empty()) throw config::InputError(fmt::format("sweep: unexpected argument '{}'", a.positional[0]));
  const std::string backend = a.single.count("--backend") ? a.single.at("--backend") : "local";
  if (backend == "slurm") return submit_slurm_sweep(a);
  if (backend != "local")
    throw config::InputError(fmt::format("option '--backend': '{}' is not local or slurm", backend));
  for (const char* f : {"--dir", "--points-per-task", "--max-running", "--partition"})
    if (a.single.count(f)) throw config::InputError(fmt::format("option '{}' needs --backend slurm", f));
  if (!a.sbatch_args.empty() || a.has("--dry-run"))
    throw config::InputError("options '--sbatch-arg' and '--dry-run' need --backend slurm");
  const int parallel = parse_parallel(a.single);
  const SweepPlan p = plan_sweep(a, false);
  std::fprintf(stderr, "ssdtwin sweep: %zu points, %d at a time\n", p.specs.size(), parallel);
  write_sweep(p, run_simulations(p.specs, parallel));
  return 0;
}

}  // namespace ssdtwin::apps
