// Program/erase suspend in the flash array. Two arrays share one elaboration (SystemC allows
// one per process): one suspends (at most once per operation), one does not.
#include <boost/test/unit_test.hpp>

#include "flash_driver.h"

using namespace ssdtwin;
using namespace ssdtwin::nand;
using test::flash_op;

BOOST_AUTO_TEST_CASE(read_suspends_program_and_erase_at_most_max_per_op_times) {
  const auto on_p =
      config::load_profile(test::tiny_drive(), {"controller.nand_suspend=1", "nand.suspend.max_per_op=1"});
  const auto off_p = config::load_profile(test::tiny_drive(), {"controller.nand_suspend=0"});
  const auto layout = config::make_layout(on_p.config, 1);
  const NandConfig& c = on_p.config.nand;
  FlashArray on("nand_on", c, layout.geo), off("nand_off", off_p.config.nand, layout.geo);
  test::FlashRecorder rec;
  on.set_client(&rec);
  off.set_client(&rec);
  const auto unit = static_cast<std::uint32_t>(program_unit_bus_bytes(c));
  const std::uint32_t iu = 4608;  // one 4 KiB IU with its share of the spare area
  const TimePs us = kPsPerUs;
  // Dies 0 and 1 sit on different channels, so their transfers never meet.
  NandOp prog = flash_op(OpKind::Program, 0, unit), read1 = flash_op(OpKind::Read, 0, iu),
         read2 = flash_op(OpKind::Read, 0, iu);
  NandOp erase = flash_op(OpKind::Erase, 1, 0), read_e = flash_op(OpKind::Read, 1, iu);
  NandOp prog_off = flash_op(OpKind::Program, 0, unit), read_off = flash_op(OpKind::Read, 0, iu);
  NandOp prog_gc = flash_op(OpKind::Program, 3, unit), gc_read = flash_op(OpKind::Read, 3, iu);
  gc_read.may_suspend = false;  // a GC relocation read
  test::FlashDriver drv("driver", {{0, &on, &prog},
                                   {0, &on, &erase},
                                   {0, &off, &prog_off},
                                   {0, &on, &prog_gc},
                                   {500 * us, &on, &read1},
                                   {500 * us, &on, &read_e},
                                   {500 * us, &off, &read_off},
                                   {500 * us, &on, &gc_read},
                                   {1000 * us, &on, &read2}});
  sc_core::sc_start();

  const TimePs read_time = page_read_time_ps(c, layout.geo.ius_per_page, 1);
  const TimePs plane_busy = read_time - c.ecc_decode_ps;  // command + tR + data-out
  const TimePs prog_time = program_unit_time_ps(c);
  // Suspend on: the read starts once the program has paused; the program then runs the time
  // it had left plus the resume overhead.
  BOOST_TEST(read1.done_ps == 500 * us + c.program_suspend_ps + read_time);
  BOOST_TEST(prog.done_ps == prog_time + plane_busy + c.resume_ps);
  // The operation used its one suspend: the second read waits for the program to end.
  BOOST_TEST(read2.done_ps == prog.done_ps + read_time);
  BOOST_TEST(read_e.done_ps == 500 * us + c.erase_suspend_ps + read_time);
  BOOST_TEST(erase.done_ps == c.cmd_overhead_ps + c.tBERS_ps + plane_busy + c.resume_ps);
  BOOST_TEST(on.stats().program_suspends == 1u);
  BOOST_TEST(on.stats().erase_suspends == 1u);
  // GC reads never suspend.
  BOOST_TEST(gc_read.done_ps == prog_time + read_time);
  BOOST_TEST(prog_gc.done_ps == prog_time);
  // Suspend off: the read waits for the whole program.
  BOOST_TEST(read_off.done_ps == prog_time + read_time);
  BOOST_TEST(prog_off.done_ps == prog_time);
  BOOST_TEST(off.stats().program_suspends == 0u);
}
