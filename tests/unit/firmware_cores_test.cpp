// Firmware cores (firmware/cores.*) without a simulation: a scripted front end hands them
// commands, GC batches arrive through ftl::GcFirmware, and tasks end when the test says.
// Checked: a free core takes a waiting GC batch before a waiting command; GC batches and
// writes together never hold more than the write-path cores; core time and energy are
// charged per task.
#include <boost/test/unit_test.hpp>
#include <deque>

#include "config/config_loader.h"
#include "config/layout.h"
#include "firmware/cores.h"
#include "test_support.h"

using namespace ssdtwin;

namespace {
struct NoFlash : nand::FlashPort {
  void submit(nand::NandOp*) override {}
};
// Commands are ints: > 0 a read, < 0 a write; the front end parks a write it cannot start.
struct ScriptedFrontEnd : firmware::CoreHost {
  std::deque<int> waiting, parked;
  std::vector<firmware::CoreTask> running;
  std::vector<int> order;  // what started: command ids, 0 for a GC batch
  TimePs t = 0;
  TimePs now() const override { return t; }
  bool command_waiting(bool wfree) const override { return !waiting.empty() || (wfree && !parked.empty()); }
  bool next_command(bool wfree, firmware::CoreTask& task) override {
    int c;
    if (wfree && !parked.empty()) {
      c = parked.front();
      parked.pop_front();
    } else {
      c = waiting.front();
      waiting.pop_front();
      if (c < 0 && !wfree) {
        parked.push_back(c);
        return false;
      }
    }
    task.cost_ps = 1000;
    task.write_path = c < 0;
    task.data_j = 1e-9;
    task.cmd = reinterpret_cast<void*>(std::intptr_t(c));
    return true;
  }
  void core_done_at(TimePs, const firmware::CoreTask& task) override {
    running.push_back(task);
    order.push_back(task.gc ? 0 : int(reinterpret_cast<std::intptr_t>(task.cmd)));
  }
  std::uint32_t write_path_running() const {
    std::uint32_t n = 0;
    for (const auto& r : running) n += r.write_path;
    return n;
  }
};
}  // namespace

BOOST_AUTO_TEST_SUITE(firmware_cores)

BOOST_AUTO_TEST_CASE(gc_batches_go_first_and_the_write_path_is_capped) {
  const auto p = config::load_profile(test::tiny_drive());
  const auto l = config::make_layout(p.config, 1);
  NoFlash flash;
  ftl::Ftl ftl(p.config.ftl, p.config.nand, l.geo, l.user_ius, flash);
  firmware::Cores cores({4, 2, 50}, ftl);
  ScriptedFrontEnd fe;
  cores.set_host(&fe);
  EnergyBudget budget;
  cores.set_power(&budget, 2.0);

  // Two GC batches of 4 IUs wait while every core is busy with reads.
  for (int c = 1; c <= 4; ++c) fe.waiting.push_back(c);
  cores.dispatch(0);
  BOOST_TEST(fe.running.size() == 4u);
  nand::NandOp gc1, gc2;
  gc1.count = gc2.count = 4;
  BOOST_TEST(cores.run_gc_batch(&gc1));
  BOOST_TEST(cores.run_gc_batch(&gc2));
  BOOST_TEST(fe.running.size() == 4u);  // no core free yet
  // More commands arrive: two writes and two reads.
  for (int c : {-5, -6, 7, 8}) fe.waiting.push_back(c);
  // Cores free one at a time. GC batches go first (their reads were paced by host writes
  // already), so both take the write-path cores; the writes -5 and -6 are parked, and the
  // reads 7 and 8 take the cores that free next.
  for (int i = 0; i < 4; ++i) {
    fe.running.erase(fe.running.begin());
    cores.finish_command(false, 1000);
  }
  BOOST_TEST(fe.order == (std::vector<int>{1, 2, 3, 4, 0, 0, 7, 8}), boost::test_tools::per_element());
  BOOST_TEST(fe.parked == (std::deque<int>{-5, -6}), boost::test_tools::per_element());
  BOOST_TEST(fe.write_path_running() == 2u);
  // The first GC batch's core frees (releasing it as a write-path task: finish_gc would also
  // hand the batch to the FTL, which holds no data here): the parked write -5 starts.
  fe.running.erase(fe.running.begin());
  cores.finish_command(true, 2000);
  BOOST_TEST(fe.order.back() == -5);
  BOOST_TEST(fe.write_path_running() == 2u);  // the second GC batch and -5
  BOOST_TEST(fe.parked == (std::deque<int>{-6}), boost::test_tools::per_element());
  BOOST_TEST(cores.stats().gc_fw_batches == 2u);
  BOOST_TEST(cores.stats().gc_fw_ius == 8u);
  BOOST_TEST(cores.stats().gc_fw_busy_ps == 400u);
  BOOST_TEST(cores.stats().core_busy_ps == 7 * 1000u + 400u);
  // Energy: 2 W over each task's core time plus each command's data energy.
  BOOST_TEST(budget.spent_j() == 2.0 * 7400e-12 + 7 * 1e-9, boost::test_tools::tolerance(1e-12));
}

BOOST_AUTO_TEST_CASE(gc_costs_no_core_time_when_gc_iu_is_zero) {
  const auto p = config::load_profile(test::tiny_drive());
  const auto l = config::make_layout(p.config, 1);
  NoFlash flash;
  ftl::Ftl ftl(p.config.ftl, p.config.nand, l.geo, l.user_ius, flash);
  firmware::Cores cores({2, 0, 0}, ftl);
  ScriptedFrontEnd fe;
  cores.set_host(&fe);
  nand::NandOp gc;
  gc.count = 4;
  BOOST_TEST(!cores.run_gc_batch(&gc));  // the FTL relocates at once
  BOOST_TEST(fe.running.empty());
}

BOOST_AUTO_TEST_SUITE_END()
