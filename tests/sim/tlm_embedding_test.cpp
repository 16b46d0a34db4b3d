#include <boost/test/unit_test.hpp>
#include <tlm_utils/simple_initiator_socket.h>

#include "model/drive.h"
#include "sim_support.h"

using namespace ssdtwin;

namespace {
// A plain SystemC initiator, as another virtual platform would have: blocking transport
// from a thread, no fio front end involved.
struct PlatformCpu : sc_core::sc_module {
  SC_HAS_PROCESS(PlatformCpu);
  tlm_utils::simple_initiator_socket<PlatformCpu> socket;
  std::vector<double> write_us, read_us;
  tlm::tlm_response_status bad_status = tlm::TLM_INCOMPLETE_RESPONSE;
  explicit PlatformCpu(sc_core::sc_module_name n) : sc_module(n), socket("socket") { SC_THREAD(run); }

  double transfer(tlm::tlm_command cmd, std::uint64_t addr, unsigned len) {
    std::vector<unsigned char> buf(len);
    tlm::tlm_generic_payload t;
    t.set_command(cmd);
    t.set_address(addr);
    t.set_data_ptr(buf.data());
    t.set_data_length(len);
    t.set_streaming_width(len);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    const auto start = sc_core::sc_time_stamp();
    socket->b_transport(t, delay);
    BOOST_TEST(t.get_response_status() == tlm::TLM_OK_RESPONSE);
    return (sc_core::sc_time_stamp() - start).to_seconds() * 1e6;
  }
  void run() {
    for (int i = 0; i < 8; ++i) write_us.push_back(transfer(tlm::TLM_WRITE_COMMAND, 16384ull * i, 16384));
    wait(sc_core::sc_time(10, sc_core::SC_MS));  // let the buffer flush to NAND
    for (int i = 0; i < 8; ++i) read_us.push_back(transfer(tlm::TLM_READ_COMMAND, 16384ull * i, 16384));
    // A misaligned command is refused with an address error, not a crash.
    tlm::tlm_generic_payload t;
    unsigned char b[512];
    t.set_command(tlm::TLM_READ_COMMAND);
    t.set_address(100);
    t.set_data_ptr(b);
    t.set_data_length(512);
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    socket->b_transport(t, d);
    bad_status = t.get_response_status();
  }
};
}  // namespace

BOOST_AUTO_TEST_CASE(plain_systemc_initiator_drives_the_drive_through_its_tlm_target_socket) {
  const auto p = config::load_profile(test::tiny_drive());
  const auto layout = config::make_layout(p.config, 1);
  model::Drive drive("drive", p.config, p.host, layout);
  PlatformCpu cpu("cpu");
  cpu.socket.bind(drive.socket());
  sc_core::sc_start();
  BOOST_TEST(cpu.write_us.size() == 8u);
  BOOST_TEST(cpu.read_us.size() == 8u);
  // Writes are acknowledged from the DRAM buffer. 128 KiB = 32 IUs filled one 24-IU program
  // unit (the first 6 transfers of 4 IUs, now on NAND: tR is 45 us); the last 8 IUs wait in
  // the power-loss-protected buffer for more data, so reading them is a buffer hit.
  for (double w : cpu.write_us) BOOST_TEST(w < 20.0);
  for (int i = 0; i < 6; ++i) BOOST_TEST(cpu.read_us[i] > 45.0);
  for (int i = 6; i < 8; ++i) BOOST_TEST(cpu.read_us[i] < 20.0);
  BOOST_TEST(drive.flash().stats().programs > 0u);
  BOOST_TEST(cpu.bad_status == tlm::TLM_ADDRESS_ERROR_RESPONSE);
}
