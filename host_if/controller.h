// NVMe controller front end: the drive's TLM-2.0 target.
//
// Each initiator bound to `socket` owns one I/O submission/completion queue pair (its port
// index is the queue id). A transaction is one NVMe command: TLM_READ_COMMAND or
// TLM_WRITE_COMMAND, address = byte offset, data_length = bytes (both multiples of the
// indirection unit); a DeallocateExtension (host_if/nvme_extension.h) makes it a TRIM. Protocol:
// nb_transport_fw(BEGIN_REQ) returns TLM_UPDATED/END_REQ (the SQ entry is taken); the completion arrives as
// nb_transport_bw(BEGIN_RESP) with the delay to the moment the host sees the CQE and MSI-X. b_transport is also
// accepted.
//
// Path of a command (docs/architecture.md has the equations):
//   doorbell MWr -> SQE fetch (MRd up, 64 B CplD down) -> round-robin across SQs onto a free
//   firmware core (firmware/cores.h) -> FTL -> [write: DMA read of data from host, into the write buffer]
//   [read: NAND or buffer] -> [write: commit latency] -> data MWr up (read) -> 16 B CQE MWr
//   -> MSI-X MWr.
#pragma once
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_target_socket.h>
#include <vector>

#include "firmware/cores.h"
#include "ftl/ftl.h"
#include "host_if/host_if_config.h"
#include "host_if/pcie_link.h"
#include "power/power_manager.h"
#include "sim/pool.h"
#include "sim/sc_wakeup.h"

namespace ssdtwin::host_if {

// The front end's counters and its firmware cores' (the base).
struct ControllerStats : firmware::CoreStats {
  std::uint64_t read_cmds = 0, write_cmds = 0, trim_cmds = 0, rejected_cmds = 0;
  std::vector<std::uint64_t> cmds_per_queue;
};

class Controller : public sc_core::sc_module, public ftl::FtlHost, private firmware::CoreHost {
 public:
  SC_HAS_PROCESS(Controller);
  tlm_utils::multi_passthrough_target_socket<Controller> socket;

  Controller(sc_core::sc_module_name name, const ControllerConfig& ctrl, const PcieConfig& pcie, const HostConfig& host,
             std::uint32_t iu_bytes, std::uint64_t capacity_bytes, ftl::Ftl& ftl);

  const LinkModel& link() const { return link_; }
  ControllerStats stats() const;
  TimePs upstream_busy_ps() const { return up_.busy_ps(); }
  TimePs downstream_busy_ps() const { return down_.busy_ps(); }
  void reset_stats();

  // Power states: idle/busy hooks (APST, exit latency) and the energy each command spends
  // (core time, datapath and DRAM bytes) against the cap. Null: no power management.
  void set_power(power::PowerManager* pm, const power::PowerConfig& cfg);
  // Wake-ups run in `d` (sim/lookahead.h) instead of on this module's own event.
  void join(LookaheadDomain& d) {
    wake_.join(d, [this] { on_wake(); });
  }

  void on_read_ready(ftl::IoRequest* r) override;
  void on_buffer_granted(ftl::IoRequest* r) override;

 private:
  enum class Op : std::uint8_t { Read, Write, Trim };
  struct Command {
    ftl::IoRequest io;  // first member: IoRequest* <-> Command*
    tlm::tlm_generic_payload* trans = nullptr;
    sc_core::sc_event* blocking_done = nullptr;
    std::uint32_t queue = 0;
    Op op = Op::Read;
    Command* next = nullptr;
  };
  enum class Step : std::uint8_t { Fetched, CoreDone, DataIn, Committed, IdleCheck, GcDone };
  struct Wake {
    Step step;
    Command* cmd;
    std::uint64_t idle_gen = 0;  // IdleCheck: valid only if no command arrived since
    nand::NandOp* gc = nullptr;  // GcDone: the GC read batch firmware finished
  };
  struct Queue {  // intrusive FIFO through Command::next
    Command* head = nullptr;
    Command* tail = nullptr;
    void push(Command* c) {
      c->next = nullptr;
      if (tail)
        tail->next = c;
      else
        head = c;
      tail = c;
    }
    Command* pop() {
      Command* c = head;
      head = c->next;
      if (!head) tail = nullptr;
      return c;
    }
  };

  tlm::tlm_sync_enum nb_transport_fw(int id, tlm::tlm_generic_payload& t, tlm::tlm_phase& ph, sc_core::sc_time& delay);
  void b_transport(int id, tlm::tlm_generic_payload& t, sc_core::sc_time& delay);
  void end_of_elaboration() override;
  Command* accept(int id, tlm::tlm_generic_payload& t, TimePs doorbell_ready_ps);
  void on_wake();
  // firmware::CoreHost: time, arbitration of fetched commands, the end of a core's task.
  TimePs now() const override { return sc_now_ps(); }
  bool command_waiting(bool write_core_free) const override;
  bool next_command(bool write_core_free, firmware::CoreTask& task) override;
  void core_done_at(TimePs at, const firmware::CoreTask& task) override;
  void start_data_in(Command* c, TimePs now);
  void complete(Command* c, TimePs now);
  static Command* from(ftl::IoRequest* r) { return reinterpret_cast<Command*>(r); }

  ControllerConfig cfg_;
  HostConfig host_;
  LinkModel link_;
  std::uint32_t iu_bytes_;
  std::uint64_t capacity_bytes_;
  TimePs round_trip_ps_;
  TimePs one_way_ps_;
  ftl::Ftl& ftl_;
  LinkDirection up_, down_;  // device->host, host->device
  // The host-side data path beyond the root complex (HostConfig::path_read/write
  // bytes_per_s), when set: read data cannot land, nor write data leave, faster than it.
  LinkDirection path_up_, path_down_;
  firmware::Cores cores_;
  std::vector<Queue> ready_;  // fetched commands per SQ, awaiting a core
  std::uint32_t ready_count_ = 0, rr_ = 0;
  Queue parked_;  // fetched writes waiting for a write-path core
  Pool<Command> pool_;
  std::uint32_t outstanding_ = 0;  // commands accepted and not yet completed
  std::uint64_t idle_gen_ = 0;
  bool host_idle_ = false;
  power::PowerManager* power_ = nullptr;
  double per_byte_j_ = 0;
  ScWakeups<Wake> wake_;
  ControllerStats stats_;
};

}  // namespace ssdtwin::host_if
