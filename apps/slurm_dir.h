// A directory of simulations run as Slurm job arrays (the layout in apps/sweep_slurm.h):
// writing it, submitting batches of its points, running an array task's points, and
// reading what they left. Shared by `sweep --backend slurm` and `validate --backend slurm`.
#pragma once
#include <cstdint>
#include <filesystem>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "apps/cli_args.h"
#include "apps/sweep_plan.h"
#include "lab/runner.h"

namespace ssdtwin::apps {

constexpr std::uint64_t kMaxSweepFileBytes = 64ull << 20;  // sweep.json of ~100k points

// A point's id: its index in the plan, zero-padded so that ids sort as numbers.
std::string point_id(std::size_t i);
std::string sh_quote(const std::string& s);  // for sh: 'a'\''b'
std::string utc_now();                       // 2026-12-06T03:37:41Z
// Written under a temporary name and renamed, so a reader never sees half a file.
void write_atomic(const std::string& what, const std::filesystem::path& path, const std::string& text);
nlohmann::json read_json(const std::filesystem::path& path, const std::string& what);

struct SweepDir {
  std::filesystem::path dir;
  nlohmann::json desc;  // sweep.json: exe, mem_mib, points_per_task, max_running, partition, sbatch_args, gather, plan
  SweepPlan plan;
  std::filesystem::path result(std::size_t i) const { return dir / "points" / (point_id(i) + ".json"); }
  std::filesystem::path status(std::size_t i) const { return dir / "points" / (point_id(i) + ".status"); }
  std::size_t batches() const {
    std::size_t b = 0;
    while (std::filesystem::exists(dir / fmt::format("batch-{}.txt", b))) ++b;
    return b;
  }
};

SweepDir open_sweep_dir(const std::string& d);
// Writes D/points, D/logs, sweep.json and the manifest of a new directory.
void create_sweep_dir(const SweepDir& s);
// The --mem (MiB) of a task running any of `specs` one after another.
std::uint64_t task_mem_mib(const std::vector<lab::SimulationSpec>& specs);
// Packs `ids` K per task into a new batch, writes its scripts and submits the array (and,
// when sweep.json says gather, an afterany gather job); returns the array's job id ("" when
// `dry`: the scripts are printed instead).
std::string submit_batch(const SweepDir& s, const std::vector<std::size_t>& ids, std::size_t k, bool dry);
// The jobs of D's submissions still queued or running (squeue), as "JOBID STATE" lines.
std::vector<std::string> live_jobs(const SweepDir& s);

// `ssdtwin sweep task D --batch B TASK`: runs the task's points that have no result.
int cmd_task(const cli::Args& a);

enum class PointState { Done, Failed, Running, NotRun };
PointState point_state(const SweepDir& s, std::size_t i);
std::string id_list(const std::vector<std::size_t>& ids);  // 0001,0007

}  // namespace ssdtwin::apps
