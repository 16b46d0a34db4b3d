// The SystemC kernel's floor on this machine: two SC_METHOD processes waking each other
// through timed event notifications 1 ns apart (sc_event::notify(delay), no payload). Each
// wake-up is one timed notification, one delta cycle and one process activation: the least
// a simulated event can cost. Set bench_random_read_4k's kernel_deltas_per_io against it to
// see how much of a simulated I/O is the kernel and how much the model.
#include <benchmark/benchmark.h>
#include <systemc>

#include "bench_main.h"

namespace {

struct PingPong : sc_core::sc_module {
  SC_HAS_PROCESS(PingPong);
  sc_core::sc_event ping, pong;
  std::uint64_t wakes = 0;
  explicit PingPong(sc_core::sc_module_name n) : sc_module(n) {
    SC_METHOD(on_ping);
    sensitive << ping;
    dont_initialize();
    SC_METHOD(on_pong);
    sensitive << pong;
    dont_initialize();
  }
  void start() { ping.notify(sc_core::sc_time(1, sc_core::SC_NS)); }
  void on_ping() {
    ++wakes;
    pong.notify(sc_core::sc_time(1, sc_core::SC_NS));
  }
  void on_pong() {
    ++wakes;
    ping.notify(sc_core::sc_time(1, sc_core::SC_NS));
  }
};

PingPong& pingpong() {
  static PingPong p("pingpong");
  return p;
}

void BM_TimedMethodPingPong(benchmark::State& state) {
  PingPong* pp = &pingpong();
  const std::uint64_t w0 = pp->wakes;
  const sc_dt::uint64 d0 = sc_core::sc_delta_count();
  for (auto _ : state) sc_core::sc_start(sc_core::sc_time(100, sc_core::SC_US));  // 100,000 wake-ups
  const double wakes = double(pp->wakes - w0);
  state.SetItemsProcessed(static_cast<std::int64_t>(wakes));
  state.counters["wakeups_per_wall_s"] = benchmark::Counter(wakes, benchmark::Counter::kIsRate);
  state.counters["deltas_per_wakeup"] = wakes > 0 ? double(sc_core::sc_delta_count() - d0) / wakes : 0;
}
BENCHMARK(BM_TimedMethodPingPong)->Unit(benchmark::kMillisecond)->MinTime(3.0);

}  // namespace

int sc_main(int argc, char** argv) {
  return ssdtwin::bench::run_benchmarks(argc, argv, [] {
    pingpong();
    sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaborate
    pingpong().start();
  });
}
