#include <boost/test/unit_test.hpp>

#include "model/drive.h"
#include "workload/fio_initiator.h"
#include "sim_support.h"

using namespace ssdtwin;

namespace {
// Starts both initiators at t = 0 (one elaboration holds both drives).
struct Starter : sc_core::sc_module {
  SC_HAS_PROCESS(Starter);
  std::vector<workload::FioInitiator*> inits;
  explicit Starter(sc_core::sc_module_name n) : sc_module(n) { SC_METHOD(go); }
  void go() {
    for (auto* i : inits) i->start(0);
  }
};
}  // namespace

BOOST_AUTO_TEST_CASE(doubling_dies_doubles_program_bound_write_bandwidth) {
  // The tiny drive programs 96 KiB per die per ~1.9 ms, far below its PCIe link: writes
  // are NAND-bound, so twice the dies per channel should give twice the bandwidth. The
  // write buffer is enlarged so that it does not limit either drive (it is 1 MiB in the
  // profile: about 10 program units, fewer than 8 dies x 2 queued programs need).
  const auto small = config::load_profile(test::tiny_drive(), {"ftl.write_buffer_mib=8"});
  const auto big = config::load_profile(test::tiny_drive(), {"ftl.write_buffer_mib=8", "topology.dies_per_channel=4"});
  const auto job = workload::parse_fio_job_text(
      "[w]\nrw=write\nbs=128k\niodepth=32\ntime_based\nramp_time=30ms\nruntime=150ms\n", "test.fio");
  const config::Layout ls = config::make_layout(small.config, 1), lb = config::make_layout(big.config, 1);
  model::Drive d1("small", small.config, small.host, ls), d2("big", big.config, big.host, lb);
  auto setup = [&](const config::Layout& l) {
    workload::InitiatorSetup s;
    s.job = job.jobs[0];
    s.region_bytes = l.user_bytes() / s.job.max_bs() * s.job.max_bs();
    return s;
  };
  workload::FioInitiator i1("i1", setup(ls), small.host, [](workload::FioInitiator&) {});
  workload::FioInitiator i2("i2", setup(lb), big.host, [](workload::FioInitiator&) {});
  i1.socket.bind(d1.socket());
  i2.socket.bind(d2.socket());
  Starter st("starter");
  st.inits = {&i1, &i2};
  sc_core::sc_start();
  const auto bw = [](const workload::JobStats& s) { return double(s.write.bytes) / s_from_ps(s.runtime_ps()); };
  const double ratio = bw(i2.stats()) / bw(i1.stats());
  BOOST_TEST_MESSAGE("4 dies: " << bw(i1.stats()) / 1e6 << " MB/s, 8 dies: " << bw(i2.stats()) / 1e6 << " MB/s, ratio "
                                << ratio);
  BOOST_TEST(ratio == 2.0, boost::test_tools::tolerance(0.05));
}
