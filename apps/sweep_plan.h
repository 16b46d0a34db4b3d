// A sweep's points, validated once, and the table made from their run outputs: shared by
// the local sweep (apps/sweep_cmd.cpp) and the Slurm backend (apps/sweep_slurm.cpp), so a
// local and a cluster sweep of the same points give byte-identical tables.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "apps/cli_args.h"
#include "lab/runner.h"

namespace ssdtwin::apps {

struct Axis {
  // A fio job key (iodepth), a profile key (section.key), the drive profile itself (--drive
  // A,B,...) or the power state the run starts in (power_state=0,1,2: --power-state).
  enum Kind { Job, Profile, Drive, PowerState };
  std::string key;
  Kind kind = Job;
  std::vector<std::string> values;
  // The run's arguments for value v.
  std::vector<std::string> args(const std::string& v) const {
    switch (kind) {
      case Profile:
        return {"--set", key + "=" + v};
      case Drive:
        return {"--drive", v};
      case PowerState:
        return {"--power-state", v};
      case Job:
        break;
    }
    return {"--job-set", key + "=" + v};
  }
};

struct SweepPlan {
  std::string drive_arg, job;  // --drive and --job as given (the JSON table names them)
  std::vector<std::string> drives;
  std::string format = "csv";  // csv | json
  std::string output, plot;    // --output FILE, --plot PREFIX ("" when not given)
  std::vector<Axis> axes;
  std::vector<std::vector<std::size_t>> points;  // value index per axis, first axis slowest
  std::vector<lab::SimulationSpec> specs;        // one `ssdtwin run` per point
};

// Everything a sweep needs, checked before any point runs: the axes, every value (a job
// value must parse, a profile value must load), the output paths. `absolute` makes the
// runs' file arguments absolute (points run elsewhere, from another directory).
SweepPlan plan_sweep(const cli::Args& a, bool absolute);
// The table (CSV or JSON text, as the plan's format says) of the points' run outputs.
std::string sweep_text(const SweepPlan& p, const std::vector<nlohmann::json>& outputs);
// Writes the table to --output (or stdout) and, with --plot, the PNGs.
void write_sweep(const SweepPlan& p, const std::vector<nlohmann::json>& outputs);

// A plan as JSON (the Slurm backend's sweep description) and back.
nlohmann::json plan_to_json(const SweepPlan& p);
SweepPlan plan_from_json(const nlohmann::json& j);

}  // namespace ssdtwin::apps
