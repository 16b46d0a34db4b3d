// A minimal platform: one CPU-like initiator writes 1 MiB to the drive, waits, and reads
// it back with blocking TLM-2.0 transport, printing the latencies it saw.
//   embed_example DRIVE_PROFILE.toml
#include <cstdio>
#include <systemc>
#include <tlm_utils/simple_initiator_socket.h>

#include "config/config_loader.h"
#include "model/drive.h"
#include "config/input_error.h"

struct Cpu : sc_core::sc_module {
  SC_HAS_PROCESS(Cpu);
  tlm_utils::simple_initiator_socket<Cpu> socket;
  explicit Cpu(sc_core::sc_module_name n) : sc_module(n), socket("socket") { SC_THREAD(run); }

  double io(tlm::tlm_command cmd, std::uint64_t addr, unsigned len) {
    static unsigned char buf[131072];
    tlm::tlm_generic_payload t;
    t.set_command(cmd);
    t.set_address(addr);
    t.set_data_ptr(buf);
    t.set_data_length(len);
    t.set_streaming_width(len);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    const auto start = sc_core::sc_time_stamp();
    socket->b_transport(t, delay);
    if (t.get_response_status() != tlm::TLM_OK_RESPONSE) SC_REPORT_ERROR("cpu", "I/O failed");
    return (sc_core::sc_time_stamp() - start).to_seconds() * 1e6;
  }
  void run() {
    double w = 0, r = 0;
    for (int i = 0; i < 8; ++i) w += io(tlm::TLM_WRITE_COMMAND, 131072ull * i, 131072);
    wait(sc_core::sc_time(20, sc_core::SC_MS));
    for (int i = 0; i < 8; ++i) r += io(tlm::TLM_READ_COMMAND, 131072ull * i, 131072);
    std::printf("mean 128 KiB write %.1f us, read %.1f us\n", w / 8, r / 8);
  }
};

int sc_main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: embed_example DRIVE_PROFILE.toml\n");
    return 2;
  }
  try {
    const auto profile = ssdtwin::config::load_profile(argv[1]);
    const auto layout =
        ssdtwin::config::make_layout(profile.config, ssdtwin::config::auto_scale(profile.config, 1ull << 30));
    ssdtwin::model::Drive drive("drive", profile.config, profile.host, layout);
    Cpu cpu("cpu");
    cpu.socket.bind(drive.socket());
    sc_core::sc_start();
  } catch (const ssdtwin::config::InputError& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  }
  return 0;
}
