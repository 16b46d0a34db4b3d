// Simulation speed of the 9550 MAX model, measured with Google Benchmark:
//   bench_random_read_4k:        simulated 4 KiB random reads per wall-clock second
//                                (4 jobs x QD 256, preconditioned drive);
//   bench_sequential_write_128k: simulated MB of 128 KiB sequential writes per wall second;
//   bench_sequential_read_16k:   16 KiB sequential reads, one stream at QD64 on the filled
//                                drive: the read-ahead path (ftl/read_ahead.*).
// The drive is elaborated once; every iteration runs 1 ms more of simulated time.
#include <benchmark/benchmark.h>
#include <memory>
#include <systemc>

#include "bench_main.h"
#include "ftl/functional_writer.h"
#include "config/config_loader.h"
#include "model/drive.h"
#include "workload/fio_initiator.h"
#include "workload/fio_job.h"

using namespace ssdtwin;

namespace {

#if defined(SSDTWIN_BENCH_RANDOM_READ_4K)
constexpr const char* kJob = "[r]\nrw=randread\nbs=4k\niodepth=256\nnumjobs=4\ntime_based\nruntime=1h\n";
constexpr std::uint32_t kPreconditionPasses = 1;
#elif defined(SSDTWIN_BENCH_SEQUENTIAL_READ_16K)
constexpr const char* kJob = "[r]\nrw=read\nbs=16k\niodepth=64\ntime_based\nruntime=1h\n";
constexpr std::uint32_t kPreconditionPasses = 1;
#else
constexpr const char* kJob = "[w]\nrw=write\nbs=128k\niodepth=16\ntime_based\nruntime=1h\n";
constexpr std::uint32_t kPreconditionPasses = 0;
#endif

struct Starter : sc_core::sc_module {
  SC_HAS_PROCESS(Starter);
  std::vector<std::unique_ptr<workload::FioInitiator>>& inits;
  Starter(sc_core::sc_module_name n, std::vector<std::unique_ptr<workload::FioInitiator>>& i) : sc_module(n), inits(i) {
    SC_METHOD(go);
  }
  void go() {
    for (auto& i : inits) i->start(0);
  }
};

// Ticks at every iteration's end: the drive runs ahead of the kernel only up to the kernel's
// next activity (sim/lookahead.h), so this keeps each iteration's count to its own 1 ms.
struct Metronome : sc_core::sc_module {
  SC_HAS_PROCESS(Metronome);
  sc_core::sc_event tick;
  explicit Metronome(sc_core::sc_module_name n) : sc_module(n) {
    SC_METHOD(on_tick);
    sensitive << tick;
  }
  void on_tick() { tick.notify(sc_core::sc_time(1, sc_core::SC_MS)); }
};

struct Harness {
  config::LoadedProfile profile =
      config::load_profile(std::string(SSDTWIN_SOURCE_DIR) + "/scenarios/drives/micron-9550-max-12.8tb.toml");
  config::Layout layout = config::make_layout(profile.config, 32);
  model::Drive drive{"drive", profile.config, profile.host, layout};
  std::vector<std::unique_ptr<workload::FioInitiator>> inits;
  std::unique_ptr<Starter> starter;
  Metronome metronome{"metronome"};

  Harness() {
    const auto jobs = workload::parse_fio_job_text(kJob, "bench.fio");
    for (std::uint32_t c = 0; c < jobs.jobs[0].numjobs; ++c) {
      workload::InitiatorSetup s;
      s.job = jobs.jobs[0];
      s.clone = c;
      s.region_bytes = layout.user_bytes() / s.job.max_bs() * s.job.max_bs();
      s.seed = c + 1;
      s.domain = &drive.lookahead();
      inits.push_back(std::make_unique<workload::FioInitiator>(("host" + std::to_string(c)).c_str(), s, profile.host,
                                                               [](workload::FioInitiator&) {}));
      inits.back()->socket.bind(drive.socket());
    }
    starter = std::make_unique<Starter>("starter", inits);
    ftl::precondition_sequential(drive.ftl().mapping(), kPreconditionPasses,
                                 {profile.config.ftl.gc_low_watermark_bgs, profile.config.ftl.gc_high_watermark_bgs});
  }
  std::uint64_t ios() const {
    std::uint64_t n = 0;
    for (const auto& i : inits) n += i->stats().read.ios + i->stats().write.ios;
    return n;
  }
  std::uint64_t bytes() const {
    std::uint64_t n = 0;
    for (const auto& i : inits) n += i->stats().read.bytes + i->stats().write.bytes;
    return n;
  }
};

Harness& harness() {
  static Harness h;
  return h;
}

void advance(benchmark::State& state) {
  Harness& h = harness();
  const std::uint64_t ios0 = h.ios(), bytes0 = h.bytes();
  const sc_dt::uint64 deltas0 = sc_core::sc_delta_count();
  const double sim0 = sc_core::sc_time_stamp().to_seconds();
  for (auto _ : state) sc_core::sc_start(sc_core::sc_time(1, sc_core::SC_MS));
  const double ios = double(h.ios() - ios0), mb = double(h.bytes() - bytes0) / 1e6;
  // SystemC delta cycles per simulated I/O: the kernel steps the model costs, to set against
  // bench_systemc_floor's cost of one step.
  state.counters["kernel_deltas_per_io"] = ios > 0 ? double(sc_core::sc_delta_count() - deltas0) / ios : 0;
  state.SetItemsProcessed(static_cast<std::int64_t>(ios));
  state.counters["sim_ios_per_wall_s"] = benchmark::Counter(ios, benchmark::Counter::kIsRate);
  state.counters["sim_MB_per_wall_s"] = benchmark::Counter(mb, benchmark::Counter::kIsRate);
  state.counters["simulated_IOPS"] = ios / (sc_core::sc_time_stamp().to_seconds() - sim0);
}

#if defined(SSDTWIN_BENCH_RANDOM_READ_4K)
void BM_RandomRead4k_4x256(benchmark::State& state) { advance(state); }
BENCHMARK(BM_RandomRead4k_4x256)->Unit(benchmark::kMillisecond)->MinTime(3.0);
#elif defined(SSDTWIN_BENCH_SEQUENTIAL_READ_16K)
void BM_SequentialRead16k_QD64(benchmark::State& state) { advance(state); }
BENCHMARK(BM_SequentialRead16k_QD64)->Unit(benchmark::kMillisecond)->MinTime(3.0);
#else
void BM_SequentialWrite128k_QD16(benchmark::State& state) { advance(state); }
BENCHMARK(BM_SequentialWrite128k_QD16)->Unit(benchmark::kMillisecond)->MinTime(3.0);
#endif

}  // namespace

int sc_main(int argc, char** argv) {
  return bench::run_benchmarks(argc, argv, [] { harness(); });  // elaborate and precondition
}
