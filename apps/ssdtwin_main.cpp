// ssdtwin command line: a thin layer over the library. Subcommands:
//   run      simulate a fio job file on a drive profile
//   config   print the resolved profile (--dump) or the key reference (--docs)
//   compare  run lab records (each in its own process) and print predicted vs measured
//   endurance  WAF to steady state (functional FTL), TBW, DWPD; --op-sweep vs the closed form
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>
#include <systemc>
#include <sys/statvfs.h>
#include <unistd.h>

#include "apps/calibrate_cmd.h"
#include "apps/cli_args.h"
#include "apps/compare.h"
#include "apps/endurance_cmd.h"
#include "apps/lab_cmd.h"
#include "apps/progress_line.h"
#include "apps/sweep_cmd.h"
#include "apps/validate_cmd.h"
#include "report/timeline_report.h"
#include "config/config_loader.h"
#include "config/config_report.h"
#include "workload/fio_job.h"
#include "config/input_error.h"
#include "config/file_stream.h"
#include "config/input_file.h"
#include "config/output_file.h"
#include "report/report.h"
#include "model/saved_state.h"
#include "model/simulation.h"
#include "nand/activity_log.h"

using namespace ssdtwin;

namespace {

const char* kUsage =
    "usage:\n"
    "  ssdtwin run --drive PROFILE.toml JOB.fio [--host HOST.toml] [--output-format=normal|json|json+] [--output "
    "FILE]\n"
    "              [--set section.key=value]... [--scale N] [--precondition none|seqNx[,rand]|rand] [--seed N]\n"
    "              [--check-invariants] [--verify] [--power-loss-at T[,T...]] [--power-loss-random N] [--power-off T]\n"
    "              [--timeseries-ms MS [--timeseries-csv FILE]] [--steady-rounds MAX]\n"
    "              [--power-state N] [--power-timeline T:N[,T:N]...] [--apst] [--job-set fio_key=value]...\n"
    "              [--timeline FILE.json [--timeline-window START:LENGTH]] [--save-state FILE | --load-state FILE]\n"
    "              [--state-cache DIR] [--no-lookahead] [--quiet]\n"
    "  ssdtwin sweep --drive PROFILE.toml[,PROFILE.toml...] --job JOB.fio [--set KEY=V1,V2,...]... [--host HOST.toml]\n"
    "              [--jobs N] (KEY: a fio job key, a profile key section.key, or power_state)\n"
    "              [--precondition P] [--scale N] [--seed N] [--output FILE] [--output-format=csv|json] [--plot "
    "PREFIX]\n"
    "              [--backend local|slurm --dir D [--points-per-task K] [--max-running M] [--partition P]\n"
    "               [--sbatch-arg ARG]... [--dry-run]] (docs/cluster.md)\n"
    "  ssdtwin sweep status D | gather D | resubmit D --failed|--missing [--points-per-task K] [--max-running M]\n"
    "              [--dry-run] | task D --batch B TASK (what an array task runs)\n"
    "  ssdtwin config --dump PROFILE.toml [--host HOST.toml] [--set section.key=value]...\n"
    "  ssdtwin config --docs\n"
    "  ssdtwin compare --lab LAB.toml [--drive PROFILE.toml] [--jobs N] [--output-format=normal|json]\n"
    "  ssdtwin validate [LAB.toml...] [--drive PROFILE.toml] [--drive-name TEXT] [--records ID,ID] [--tag TAG,TAG]\n"
    "              [--jobs N] [--strict] [--curves] [--markdown FILE] [--set k=v]... [--output-format=normal|json]\n"
    "              [--backend local|slurm --dir D [--points-per-task K] [--max-running M] [--partition P]\n"
    "               [--sbatch-arg ARG]...] (docs/cluster.md)\n"
    "  ssdtwin lab import-fio RESULT.json --job JOB.fio --drive PROFILE.toml [--precondition P]\n"
    "              [--power-state N] [--output LAB.toml]\n"
    "  ssdtwin calibrate --lab LAB.toml[,LAB.toml...] --fit KEY=LO..HI [--fit ...] [--records ID,ID] [--tag TAG,TAG] "
    "[--drive "
    "PROFILE.toml]\n"
    "              [--max-evals N] [--holdout K|drive] [--jobs N] [--output CALIBRATED.toml] [--set k=v]...\n"
    "              [--output-format=normal|json] [--backend local|srun|slurm --dir D] (docs/cluster.md)\n"
    "  ssdtwin endurance --drive PROFILE.toml [--workload rand4k|seq128k|jesd219|JOB.fio] [--host-write-mbps R]\n"
    "              [--op-sweep 7,14.5,28] [--scale N] [--seed N] [--set k=v]... [--output-format=normal|json]\n"
    "exit status: 0 done; 1 validate --strict found a miss; 2 bad input (profile, job file, trace, lab file, flag);\n"
    "             3 data integrity (--verify mismatch, acknowledged writes lost); 4 an output could not be written;\n"
    "             5 internal error\n";

// The usage lines of one command (its "  ssdtwin CMD" lines and their continuations).
std::string usage_of(const std::string& cmd) {
  std::stringstream in(kUsage);
  std::string out, line;
  bool mine = false;
  for (std::getline(in, line); std::getline(in, line);) {  // the first line is "usage:"
    if (line.rfind("  ssdtwin ", 0) == 0) mine = line.rfind("  ssdtwin " + cmd + " ", 0) == 0;
    if (mine) out += line + "\n";
  }
  return out;
}

// "none", "seqNx", "rand" or "seqNx,rand": sequential fills, then random writes to steady state.
// "T:PS[,T:PS...]", T a fio-style time (2s, 500ms), times increasing.
std::vector<power::PowerTimelineEntry> parse_power_timeline(const std::string& v) {
  std::vector<power::PowerTimelineEntry> out;
  for (const std::string& item : cli::split_list(v)) {
    const auto colon = item.find(':');
    auto bad = [&](const std::string& why) {
      return config::InputError(
          fmt::format("option '--power-timeline': '{}' {}; use TIME:STATE[,TIME:STATE...], "
                      "e.g. 2s:1,5s:0",
                      item, why));
    };
    if (colon == std::string::npos) throw bad("has no ':'");
    power::PowerTimelineEntry e;
    try {
      e.at_ps = workload::parse_fio_time(item.substr(0, colon));
    } catch (const std::invalid_argument&) {
      throw bad("does not start with a time");
    }
    e.state = static_cast<std::uint32_t>(cli::parse_uint("--power-timeline", item.substr(colon + 1), 0, 31));
    if (!out.empty() && e.at_ps <= out.back().at_ps) throw bad("is not later than the previous entry");
    out.push_back(e);
  }
  if (out.empty()) throw config::InputError("option '--power-timeline' needs at least one TIME:STATE entry");
  return out;
}

void parse_precondition(const std::string& v, model::RunOptions& opt) {
  const auto fail = [&v]() {
    throw config::InputError(
        fmt::format("option '--precondition': '{}' is not allowed; use none, seqNx (N sequential "
                    "fills, e.g. seq2x), rand (random 4K writes to steady state) or seqNx,rand",
                    v));
  };
  if (v == "none") return;
  std::string seq = v;
  if (v == "rand") {
    opt.precondition_random = true;
    return;
  }
  if (v.size() > 5 && v.compare(v.size() - 5, 5, ",rand") == 0) {
    opt.precondition_random = true;
    seq = v.substr(0, v.size() - 5);
  }
  if (seq.size() < 5 || seq.rfind("seq", 0) != 0 || seq.back() != 'x') fail();
  const std::string n = seq.substr(3, seq.size() - 4);
  if (n.empty() || n.size() > 2 || n.find_first_not_of("0123456789") != std::string::npos || std::stoi(n) < 1) fail();
  opt.precondition_passes = static_cast<std::uint32_t>(std::stoi(n));
}

void write_output(const std::string& text, const cli::Args& a) {
  const auto it = a.single.find("--output");
  if (it == a.single.end())
    config::write_stdout(text);
  else
    config::write_file("option '--output'", it->second, text);
}

// Every file the run will write can be created: a missing directory is an error now, not
// after minutes of preconditioning.
void check_output_paths(const cli::Args& a) {
  for (const char* opt : {"--output", "--timeline", "--timeseries-csv"})
    if (a.single.count(opt)) config::check_writable(fmt::format("option '{}'", opt), a.single.at(opt));
}

// The run's options from its flags (everything but the drive, the job file and the output).
model::RunOptions run_options(const cli::Args& a) {
  model::RunOptions opt;
  if (a.single.count("--precondition")) parse_precondition(a.single.at("--precondition"), opt);
  opt.check_invariants = a.has("--check-invariants");
  opt.verify = a.has("--verify");
  opt.lookahead = !a.has("--no-lookahead");
  if (a.single.count("--power-loss-at")) {
    for (const std::string& t : cli::split_list(a.single.at("--power-loss-at")))
      opt.power_loss.at_ps.push_back(cli::parse_time("--power-loss-at", t, "; a list is comma-separated"));
  }
  if (a.single.count("--power-loss-random"))
    opt.power_loss_random =
        static_cast<std::uint32_t>(cli::parse_uint("--power-loss-random", a.single.at("--power-loss-random"), 1, 1000));
  if (a.single.count("--power-off")) {
    opt.power_loss.off_ps = cli::parse_time("--power-off", a.single.at("--power-off"));
    if (opt.power_loss.at_ps.empty() && !opt.power_loss_random)
      throw config::InputError("option '--power-off' needs --power-loss-at or --power-loss-random");
  }
  opt.power.apst = a.has("--apst");
  if (a.single.count("--power-state"))
    opt.power.initial_state =
        static_cast<std::uint32_t>(cli::parse_uint("--power-state", a.single.at("--power-state"), 0, 31));
  if (a.single.count("--power-timeline")) opt.power.timeline = parse_power_timeline(a.single.at("--power-timeline"));
  if (a.single.count("--timeseries-ms"))
    opt.timeseries_interval_ps =
        cli::parse_uint("--timeseries-ms", a.single.at("--timeseries-ms"), 1, 3600000) * kPsPerMs;
  if (a.single.count("--timeseries-csv") && !opt.timeseries_interval_ps)
    throw config::InputError("option '--timeseries-csv' needs --timeseries-ms (the sampling interval)");
  if (a.single.count("--timeline-window") && !a.single.count("--timeline"))
    throw config::InputError("option '--timeline-window' needs --timeline FILE.json");
  if (a.single.count("--timeline")) {
    // START:LENGTH in fio time syntax (default 0:1ms): a window of the timed run.
    const std::string w = a.single.count("--timeline-window") ? a.single.at("--timeline-window") : "0:1ms";
    const auto colon = w.find(':');
    try {
      if (colon == std::string::npos) throw std::invalid_argument("no colon");
      opt.timeline_from_ps = workload::parse_fio_time(w.substr(0, colon));
      opt.timeline_len_ps = workload::parse_fio_time(w.substr(colon + 1));
    } catch (const std::invalid_argument&) {
      throw config::InputError(
          fmt::format("option '--timeline-window': '{}' is not START:LENGTH (fio times, e.g. "
                      "10ms:1ms)",
                      w));
    }
    if (opt.timeline_len_ps == 0 || opt.timeline_len_ps > 10 * kPsPerS)
      throw config::InputError(
          fmt::format("option '--timeline-window': length of '{}' must be above 0 and at most 10s", w));
  }
  if (a.single.count("--seed")) opt.seed = cli::parse_uint("--seed", a.single.at("--seed"), 0, UINT32_MAX);
  if (a.single.count("--steady-rounds"))
    opt.steady_max_rounds =
        static_cast<std::uint32_t>(cli::parse_uint("--steady-rounds", a.single.at("--steady-rounds"), 5, 1000));
  return opt;
}

// Traces folded into their job's region, an FTL invariant violated: said on stderr.
void report_findings(const model::RunResult& result, const config::Layout& layout) {
  for (const auto& f : result.traces)
    if (f.folded)
      std::fprintf(stderr,
                   "ssdtwin: job '%s': %llu of %llu I/Os of trace %s lie beyond the job's region (at scale %llu) "
                   "and were folded into it (offset modulo the region)\n",
                   f.job.c_str(), (unsigned long long)f.folded, (unsigned long long)f.ios, f.path.c_str(),
                   (unsigned long long)layout.scale);
  const ftl::FtlCounters& f = result.drive.ftl;
  if (f.host_read_ius && f.read_unmapped * 100 >= f.host_read_ius)
    std::fprintf(stderr,
                 "ssdtwin: warning: %.1f%% of host reads hit LBAs never written: served without NAND; "
                 "add --precondition seq2x to measure NAND reads\n",
                 100.0 * double(f.read_unmapped) / double(f.host_read_ius));
  if (result.timeline_truncated_at_ps)
    std::fprintf(stderr,
                 "ssdtwin: warning: the timeline window held more than %zu intervals; recording stopped at %.6f s "
                 "(give a shorter --timeline-window)\n",
                 nand::ActivityLog::kMaxEvents, s_from_ps(result.timeline_truncated_at_ps));
  if (!result.drive.invariant_violation.empty())
    std::fprintf(stderr, "ssdtwin: FTL invariant violated: %s\n", result.drive.invariant_violation.c_str());
}

// Data lost or wrong after a power cut or under --verify: said on stderr; 3 when the model
// itself is wrong (the documented verify-mismatch status).
int data_integrity_status(const model::RunResult& result) {
  for (const auto& e : result.power_losses) {
    if (!e.scan.durable_mismatches && !e.scan.lost_acknowledged) continue;
    std::fprintf(stderr,
                 "ssdtwin: power loss at %.6f s: %llu acknowledged writes lost, %llu LPNs already on NAND at the "
                 "cut came back wrong%s\n",
                 s_from_ps(e.cut_ps), (unsigned long long)e.scan.lost_acknowledged,
                 (unsigned long long)e.scan.durable_mismatches,
                 e.plp && !e.clean ? " (the hold-up ran out: GC had erased victims whose moved data was still in its "
                                     "capacitor-protected buffer)"
                                   : "");
    // Without PLP, or with a flush that finished, data on NAND must survive: otherwise the
    // model itself is wrong.
    if (e.scan.durable_mismatches && (!e.plp || e.clean)) return cli::kExitIntegrity;
  }
  if (result.drive.verify.mismatches) {
    std::fprintf(stderr, "ssdtwin: verify: %llu of %llu checks found data other than the newest version written\n",
                 (unsigned long long)result.drive.verify.mismatches, (unsigned long long)result.drive.verify.checked);
    return cli::kExitIntegrity;
  }
  return 0;
}

// The saved-state files a run streams from and to (run_fio sees them by pointer).
struct StateFiles {
  std::unique_ptr<config::FileSource> in;
  std::unique_ptr<config::FileSink> out;
};

// --load-state, --save-state and --state-cache.
void saved_state_options(const cli::Args& a, model::RunOptions& opt, StateFiles& files) {
  // A saved drive state: opened before the run (refused with the reason if it belongs to
  // another drive, scale, preconditioning or seed), streamed out after the preconditioning.
  if (a.single.count("--load-state")) {
    if (opt.verify || !opt.power_loss.at_ps.empty() || opt.power_loss_random)
      throw config::InputError(
          "option '--load-state': not with --verify or power-loss injection (their data tags are not saved)");
    files.in =
        std::make_unique<config::FileSource>(a.single.at("--load-state"), "saved state", config::kMaxSavedStateBytes);
    opt.load_state = files.in.get();
  }
  if (a.single.count("--save-state")) {
    config::check_writable("option '--save-state'", a.single.at("--save-state"));
    files.out = std::make_unique<config::FileSink>("option '--save-state'", a.single.at("--save-state"));
    opt.save_state = files.out.get();
  }
  // --state-cache DIR: a preconditioned state is taken from DIR/<fingerprint>.state when
  // one is there, and put there otherwise (sweep, validate and calibrate give their runs one
  // directory, so each distinct preconditioning is written once per invocation).
  if (a.single.count("--state-cache") && !opt.verify && opt.power_loss.at_ps.empty() && !opt.power_loss_random) {
    const std::string dir = a.single.at("--state-cache");
    if (!std::filesystem::is_directory(dir))
      throw config::InputError(fmt::format("option '--state-cache': '{}' is not a directory", dir));
    auto path = [dir](std::uint64_t fp) { return fmt::format("{}/{:016x}.state", dir, fp); };
    opt.state_lookup = [path](std::uint64_t fp) -> std::unique_ptr<ByteSource> {
      if (!std::filesystem::exists(path(fp))) return nullptr;
      return std::make_unique<config::FileSource>(path(fp), "saved state", config::kMaxSavedStateBytes);
    };
    opt.state_store = [path, dir](std::uint64_t fp, std::uint64_t bytes, const std::function<void(ByteSink&)>& write) {
      // A cache must not fill the disk: kept only while four such states and 8 GiB more fit.
      struct statvfs fs {};
      if (statvfs(dir.c_str(), &fs) == 0 &&
          double(fs.f_bavail) * double(fs.f_frsize) < 4.0 * double(bytes) + double(8ull << 30))
        return;
      // Written under a private name, then renamed: a parallel run sees a whole state or none.
      config::FileSink sink("option '--state-cache'", path(fp));
      write(sink);
      sink.commit();
    };
  }
}

int cmd_run(int argc, char** argv) {
  const cli::Args a = cli::parse_args(
      argc, argv, {"--drive",           "--host",          "--output-format",     "--output",         "--set",
                   "--job-set",         "--scale",         "--precondition",      "--seed",           "--timeseries-ms",
                   "--timeseries-csv",  "--steady-rounds", "--power-state",       "--power-timeline", "--timeline",
                   "--timeline-window", "--power-loss-at", "--power-loss-random", "--power-off",      "--save-state",
                   "--load-state",      "--state-cache"},
      {"--check-invariants", "--verify", "--apst", "--no-lookahead", "--quiet"});
  if (!a.single.count("--drive")) throw config::InputError("run: --drive PROFILE.toml is required");
  if (a.positional.size() != 1) throw config::InputError("run: exactly one fio job file is required");
  // run alone also writes fio's json+ (latency bins for fio_jsonplus_clat2csv).
  const std::string requested = cli::output_format(a, {"normal", "json", "json+"});
  const bool jsonplus = requested == "json+";
  const std::string format = jsonplus ? "json" : requested;
  const config::LoadedProfile profile = config::load_profile(a.single.at("--drive"), a.sets, a.get("--host"));
  workload::FioJobFile jobs = workload::parse_fio_job_file(a.positional[0]);
  workload::apply_job_overrides(jobs, a.job_sets);
  const config::Layout layout = cli::layout_from_args(profile.config, a);
  model::RunOptions opt = run_options(a);
  cli::check_memory(layout, opt.verify || !opt.power_loss.at_ps.empty() || opt.power_loss_random);
  check_output_paths(a);
  StateFiles states;
  saved_state_options(a, opt, states);
  const bool quiet = a.has("--quiet");
  if (!quiet) {
    const bool verify = opt.verify || !opt.power_loss.at_ps.empty() || opt.power_loss_random;
    std::fprintf(
        stderr, "%s",
        cli::scale_note(profile.config, layout, !a.single.count("--scale"), cli::memory_estimate_bytes(layout, verify))
            .c_str());
  }
  apps::ProgressLine progress;
  apps::WallEstimate estimate;
  if (!quiet && isatty(fileno(stderr)))
    progress.install(opt);
  else if (!quiet)
    estimate.install(opt);
  model::RunResult result;
  try {
    result = model::run_fio(profile.config, profile.host, layout, jobs, opt);
  } catch (const model::StateError& e) {
    throw config::InputError(fmt::format("option '--load-state': {}: {}", a.single.at("--load-state"), e.what()));
  }
  progress.clear();
  if (states.out) states.out->commit();
  report_findings(result, layout);
  const report::ReportInput in{profile, layout, jobs, opt, result};
  write_output(format == "json" ? report::report_json(in, jsonplus).dump(2) + "\n" : report::report_normal(in), a);
  if (a.single.count("--timeline"))
    config::write_file("option '--timeline'", a.single.at("--timeline"), report::timeline_chrome_json(result));
  if (a.single.count("--timeseries-csv"))
    config::write_file("option '--timeseries-csv'", a.single.at("--timeseries-csv"),
                       model::to_csv(model::time_series_table(result.timeseries, profile.config, layout)));
  for (const auto& path : report::write_fio_logs(jobs, result))
    std::fprintf(stderr, "ssdtwin: wrote %s\n", path.c_str());
  return data_integrity_status(result);
}

int cmd_config(int argc, char** argv) {
  const cli::Args a = cli::parse_args(argc, argv, {"--dump", "--host", "--set"}, {"--docs"});
  if (a.has("--docs")) {
    config::write_stdout(config::config_reference_markdown());
    return 0;
  }
  if (!a.single.count("--dump")) throw config::InputError("config: use --dump PROFILE.toml or --docs");
  config::write_stdout(config::dump_profile_toml(config::load_profile(a.single.at("--dump"), a.sets, a.get("--host"))));
  return 0;
}

}  // namespace

int run_command(int argc, char** argv) {
  sc_core::sc_report_handler::set_actions("/IEEE_Std_1666/deprecated", sc_core::SC_DO_NOTHING);
  sc_core::sc_report_handler::set_actions(sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  try {
    const std::string cmd = argc >= 2 ? argv[1] : "";
    // "ssdtwin CMD --help": that command's usage (the rest of the line is not parsed).
    for (int i = 2; i < argc; ++i)
      if (const std::string a = argv[i]; a == "--help" || a == "-h") {
        const std::string usage = usage_of(cmd);
        if (usage.empty()) break;  // not a command: reported below
        config::write_stdout("usage:\n" + usage + "(every command: ssdtwin --help; profile keys: docs/config.md)\n");
        return 0;
      }
    if (cmd == "run") return cmd_run(argc, argv);
    if (cmd == "config") return cmd_config(argc, argv);
    if (cmd == "compare") return apps::cmd_compare(argc, argv);
    if (cmd == "endurance") return apps::cmd_endurance(argc, argv);
    if (cmd == "calibrate") return apps::cmd_calibrate(argc, argv);
    if (cmd == "validate") return apps::cmd_validate(argc, argv);
    if (cmd == "lab") return apps::cmd_lab(argc, argv);
    if (cmd == "sweep") return apps::cmd_sweep(argc, argv);
    if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      config::write_stdout(kUsage);
      return 0;
    }
    if (cmd == "--version") {
      config::write_stdout("ssdtwin 0.1.0\n");
      return 0;
    }
    std::cerr << "ssdtwin: error: " << (cmd.empty() ? "no command given" : "unknown command '" + cmd + "'") << "\n"
              << kUsage;
    return cli::kExitInput;
  } catch (const config::InputError& e) {
    std::cerr << "ssdtwin: error: " << e.what() << "\n";
    return cli::kExitInput;
  } catch (const config::OutputError& e) {
    std::cerr << "ssdtwin: error: " << e.what() << "\n";
    return cli::kExitOutput;
  } catch (const std::exception& e) {
    std::cerr << "ssdtwin: internal error: " << e.what() << "\n";
    return cli::kExitInternal;
  }
}

int sc_main(int argc, char** argv) {
  const int status = run_command(argc, argv);
  // Whatever std::cout or stdout were given (they share one buffer) must have reached it:
  // a full disk behind a redirection is an error, not exit 0.
  errno = 0;
  if ((std::fflush(stdout) != 0 || std::ferror(stdout)) && status == 0) {
    std::fprintf(stderr, "ssdtwin: error: writing standard output failed: %s\n",
                 errno ? std::strerror(errno) : "I/O error");
    return cli::kExitOutput;
  }
  return status;
}

// Our own entry point (it takes precedence over the one in libsystemc): silence the
// kernel's banner, which would otherwise precede every run's output, then hand over.
int main(int argc, char** argv) {
  setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}
