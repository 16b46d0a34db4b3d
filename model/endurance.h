// Endurance prediction: drive a workload through the functional FTL path until its write
// amplification reaches steady state (SNIA PTS rule over rounds), then
//   TBW = pe_cycles x raw bytes / WAF,  DWPD = TBW / (user bytes x 365 x warranty years).
// WAF = NAND bytes programmed / host bytes written, so sub-IU host writes (JESD219's
// 512 B .. 3.5 KiB transfers) pay for the whole indirection unit they rewrite.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "config/drive_config.h"
#include "config/layout.h"

namespace ssdtwin::ftl {
class FunctionalWriter;
}

namespace ssdtwin::workload {
struct FioJob;
}

namespace ssdtwin::model {

enum class EnduranceWorkload { Rand4k, Seq128k, Jesd219, FioJob };
// Throws InputError listing the allowed names (a .fio path is handled by the caller).
EnduranceWorkload parse_endurance_workload(const std::string& name);
const char* workload_name(EnduranceWorkload w);

// The writes of one fio job in the model's (scaled) LPN space. Reads of a mixed job do not
// wear the NAND and are left out; offsets are bs-aligned within the job's region, as fio's.
struct FioWrites {
  std::string name;  // "file.fio:job"
  bool random = false;
  std::uint64_t first_lpn = 0;
  std::uint64_t region_bytes = 0;  // scaled
  std::uint32_t bs_bytes = 0;
};
// Throws InputError naming the job file, line and key when the job cannot drive endurance.
FioWrites fio_writes(const workload::FioJob& job, const std::string& path, const config::DriveConfig& cfg,
                     const config::Layout& layout);

// Called between phases of functional writing (sequential passes, random rounds) for a
// progress display: what is done, e.g. "sequential pass 1/2" or "round 7, WAF 2.41".
using PhaseProgress = std::function<void(const std::string& done)>;

struct EnduranceOptions {
  EnduranceWorkload workload = EnduranceWorkload::Rand4k;
  std::optional<FioWrites> fio;           // workload == FioJob
  std::uint32_t precondition_passes = 2;  // SNIA workload-independent preconditioning
  double round_fraction = 0.25;           // host writes per round, as a fraction of user capacity
  std::uint32_t max_rounds = 80;
  std::uint64_t seed = 1;
  std::optional<double> host_write_mbps;  // for years_to_wearout
  PhaseProgress progress;                 // optional, for a progress display
};

struct EnduranceResult {
  std::string workload;
  double waf = 0;  // mean over the steady-state window
  bool steady = false;
  std::uint32_t steady_round = 0;  // 1-based round at which the window became steady
  std::vector<double> round_waf;
  double host_bytes = 0, nand_bytes = 0;  // over the measured rounds (scaled drive)
  double pe_cycles = 0, warranty_years = 0;
  std::uint64_t raw_capacity_bytes = 0, user_capacity_bytes = 0;  // the full drive
  double tbw_tb = 0, dwpd = 0;
  std::optional<double> host_write_mbps, years_to_wearout;
  double wall_s = 0, iu_updates_per_wall_s = 0;  // speed of the functional path
};

// The rating at a write amplification: TBW = pe_cycles x raw bytes / WAF (in TB) and
// DWPD = TBW / (user bytes x 365 x warranty years); 0 where an input is missing.
struct EnduranceRating {
  double tbw_bytes = 0, tbw_tb = 0, dwpd = 0;
};
EnduranceRating endurance_rating(double waf, double pe_cycles, double raw_bytes, double user_bytes,
                                 double warranty_years);

EnduranceResult run_endurance(const config::DriveConfig& cfg, const config::Layout& layout,
                              const EnduranceOptions& opt);

// Workload rounds on the functional path until the per-round WAF is steady (SNIA rule,
// judged after one full capacity of writes) or max_rounds pass.
struct RoundsResult {
  std::vector<double> round_waf, host_bytes, nand_bytes;
  bool steady = false;
  std::uint32_t steady_round = 0;
  void window_bytes(double& host, double& nand) const;  // sums over the last (up to) 5 rounds
  double window_waf() const;
};
RoundsResult run_rounds_until_steady(ftl::FunctionalWriter& writer, const config::Layout& layout, EnduranceWorkload w,
                                     const FioWrites* fio, double round_fraction, std::uint32_t max_rounds,
                                     std::uint64_t seed, const PhaseProgress& progress = {});
// `passes` sequential fills, reporting each.
void write_sequential_passes(ftl::FunctionalWriter& writer, std::uint32_t passes, const PhaseProgress& progress);

}  // namespace ssdtwin::model
