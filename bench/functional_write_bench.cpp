// Speed of the functional (untimed) write path that preconditioning and endurance runs use:
// 4 KiB random writes on the 9550 MAX 12.8 TB at scale 32, in GC steady state (one
// sequential fill, then half a capacity of random writes), exactly as
// `--precondition seq2x,rand`'s random rounds drive it (model/endurance.cpp).
//   bench_functional_write: IU updates per wall second, and the WAF of the measured writes.
// Every iteration writes 1% of the user capacity (977K IUs) more.
#include <benchmark/benchmark.h>
#include <systemc>  // declares sc_main, which the SystemC library calls

#include "bench_main.h"
#include "config/config_loader.h"
#include "ftl/functional_writer.h"
#include "model/endurance.h"

using namespace ssdtwin;

namespace {

struct Harness {
  config::LoadedProfile profile =
      config::load_profile(std::string(SSDTWIN_SOURCE_DIR) + "/scenarios/drives/micron-9550-max-12.8tb.toml");
  config::Layout layout = config::make_layout(profile.config, 32);
  ftl::Mapping map{layout.geo, layout.user_ius, 1};  // as run_endurance and the timed FTL (kGcReserveBgs)
  ftl::FunctionalWriter writer{map,
                               {profile.config.ftl.gc_low_watermark_bgs, profile.config.ftl.gc_high_watermark_bgs}};
  std::uint64_t seed = 1;

  Harness() {
    const config::DriveConfig& c = profile.config;
    ftl::configure_mapping(map, c.ftl, c.nand.pages_per_block / c.nand.bits_per_cell, c.nand.pe_cycles);
    model::write_sequential_passes(writer, 1, {});
    // As the random preconditioning: GC holds each die at the low watermark.
    writer.set_watermarks({c.ftl.gc_low_watermark_bgs, c.ftl.gc_low_watermark_bgs});
    model::run_rounds_until_steady(writer, layout, model::EnduranceWorkload::Rand4k, nullptr, 0.5, 1, seed++);
  }
};

Harness& harness() {
  static Harness h;
  return h;
}

void BM_FunctionalRandomWrite4k(benchmark::State& state) {
  Harness& h = harness();
  const ftl::FunctionalCounters c0 = h.writer.counters();
  for (auto _ : state)
    model::run_rounds_until_steady(h.writer, h.layout, model::EnduranceWorkload::Rand4k, nullptr, 0.01, 1, h.seed++);
  const ftl::FunctionalCounters& c = h.writer.counters();
  const double updates = double(c.host_ius + c.absorbed_ius - c0.host_ius - c0.absorbed_ius);
  state.SetItemsProcessed(static_cast<std::int64_t>(updates));
  state.counters["iu_updates_per_wall_s"] = benchmark::Counter(updates, benchmark::Counter::kIsRate);
  state.counters["waf"] = updates > 0 ? double(c.programmed_ius - c0.programmed_ius) / updates : 0;
}
BENCHMARK(BM_FunctionalRandomWrite4k)->Unit(benchmark::kMillisecond)->MinTime(3.0);

}  // namespace

int sc_main(int argc, char** argv) {
  return bench::run_benchmarks(argc, argv, [] { harness(); });  // fill and reach GC steady state
}
