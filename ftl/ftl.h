// The timed FTL: write buffer, read path, flushing of program units to dies, garbage
// collection and wear levelling, driving the flash array through NandOps. Plain C++: it
// never sees SystemC time directly; the flash array calls back when operations finish.
// GC (ftl/gc_engine.h) remaps each valid IU as soon as its page has been read into the
// controller (GcStream); the unit's program then only costs NAND time, and the victim is
// erased once every valid IU has been read.
#pragma once
#include <memory>
#include <vector>

#include "ftl/ftl_config.h"
#include "ftl/gc_engine.h"
#include "ftl/mapping.h"
#include "ftl/nand_ops.h"
#include "ftl/read_ahead.h"
#include "nand/nand_config.h"
#include "nand/nand_op.h"

namespace ssdtwin::ftl {

// A host command as the FTL sees it: a run of LPNs.
struct IoRequest {
  std::uint64_t first_lpn = 0;
  std::uint32_t n_ius = 0;
  std::uint32_t bytes = 0;     // host bytes; below n_ius x IU when an end IU is partial
  bool partial_first = false;  // the first IU is only partly covered
  bool partial_last = false;   // the last IU is only partly covered (n_ius > 1)
  std::uint32_t pending = 0;
  std::uint32_t first_seq = 0;  // --verify: the write sequence of the first IU (the rest follow)
  IoRequest* next = nullptr;    // write-buffer wait queue
};

// Contract: callbacks run inside the flash array's process, at the simulated time the
// event happens; the host interface may call back into the FTL from them.
class FtlHost {
 public:
  virtual ~FtlHost() = default;
  virtual void on_read_ready(IoRequest* r) = 0;
  virtual void on_buffer_granted(IoRequest* r) = 0;
};

// The firmware that processes GC reads (firmware/cores.h). Contract as for FtlHost.
class GcFirmware {
 public:
  virtual ~GcFirmware() = default;
  // A GC page read has arrived: firmware must check and remap its op->count IUs on a
  // controller core before they can be relocated. Returns false when firmware costs no
  // time (the FTL relocates at once); otherwise Ftl::on_gc_firmware_done(op) follows.
  virtual bool run_gc_batch(nand::NandOp* op) = 0;
};

struct FtlCounters {
  std::uint64_t host_read_ius = 0, read_buffer_hits = 0, read_unmapped = 0;
  std::uint64_t host_written_ius = 0, buffer_overwrites = 0;
  std::uint64_t host_written_bytes = 0;
  std::uint64_t rmw_reads = 0;  // NAND reads of old IU data merged into partial writes
  std::uint64_t host_nand_reads = 0, gc_nand_reads = 0;
  std::uint64_t host_programs = 0, gc_programs = 0;
  std::uint64_t write_stalls = 0;  // commands that waited for buffer space
  TimePs buffer_wait_ps = 0;       // time some host write waited for buffer space (ended waits)
  std::uint64_t trimmed_ius = 0;
  std::uint64_t idle_periods = 0;           // times background GC was started by host idleness
  std::uint64_t dropped_at_power_loss = 0;  // IUs whose data arrived after the supply failed
};

class Ftl : public nand::FlashClient, private GcClient {
 public:
  Ftl(const FtlConfig& cfg, const nand::NandConfig& nand, const nand::Geometry& geo, std::uint64_t user_ius,
      nand::FlashPort& flash);
  ~Ftl() override;
  void set_host(FtlHost* host) { host_ = host; }
  void set_firmware(GcFirmware* fw) { gc_.set_firmware(fw); }

  // Returns true when the data is already available (buffer hits, unmapped LPNs).
  bool read(IoRequest* r);
  // Returns true when buffer space for the whole command is reserved now; otherwise the
  // request waits and on_buffer_granted() follows.
  bool reserve_buffer(IoRequest* r);
  // The command's data has arrived in the buffer: map it there and flush full units.
  void commit_write(IoRequest* r);
  // Deallocate: the LPNs become unmapped; copies on flash turn invalid, and buffered copies
  // become padding when their unit programs.
  void trim(IoRequest* r);

  void on_nand_done(nand::NandOp* op) override;
  // The firmware step that GcFirmware::run_gc_batch() started has finished: relocate the batch.
  void on_gc_firmware_done(nand::NandOp* op) { gc_.on_firmware_done(op); }
  // The host interface reports idleness (no command outstanding for idle_gc_after_ps) and
  // its end; while idle, GC runs unpaced up to idle_gc_target_bgs free block groups per die.
  void set_host_idle(bool idle);
  // Random-write steady state handed over by preconditioning (each die at its low
  // watermark): GC starts on every die below its high watermark, paced to host writes from
  // the first one, as it runs in steady state (otherwise the first block group of every die
  // would be written with no GC at all).
  void start_steady_state_gc() { gc_.start_steady_state(); }
  TimePs idle_gc_after_ps() const { return cfg_.idle_gc_after_ps; }
  // The drive posted a write's completion (--verify records it as acknowledged).
  void write_acked(const IoRequest* r) {
    if (map_.verify()) record_ack(r);
  }

  // Power loss (model/power_loss.*). power_fail(): the supply is gone; host data arriving
  // from now on is dropped and GC starts no new reads. With PLP the firmware flushes on
  // capacitor energy: the open host unit is padded and programmed, each die's partial GC
  // unit once its reads are in. power_restore(): back to normal after recovery.
  void power_fail();
  void power_restore();
  // Data not yet safely on NAND: the write buffer, programs in flight, GC reads and
  // partial GC units.
  bool holds_volatile_data() const;
  // [first PPN, count) ranges a cut now would leave unreadable: GC units whose program has
  // not completed, and partly filled GC units (their IUs were remapped when read).
  std::vector<std::pair<std::uint64_t, std::uint64_t>> interrupted_ranges() const;

  Mapping& mapping() { return map_; }
  const Mapping& mapping() const { return map_; }
  const FtlCounters& counters() const { return counters_; }
  const RaCounters& read_ahead_counters() const { return ra_.counters(); }
  void reset_counters() {
    counters_ = FtlCounters{};
    ra_.counters() = RaCounters{};
    map_.reset_counters();
  }
  const std::uint32_t* buffer_slot_lpns() const { return slot_lpn_.data(); }
  std::uint32_t buffer_capacity_ius() const { return std::uint32_t(slot_lpn_.size()); }
  std::uint32_t buffer_used_ius() const { return used_slots_; }
  // Time some host write waited for buffer space, up to `now` (a wait in progress included).
  TimePs buffer_wait_ps(TimePs now) const {
    return counters_.buffer_wait_ps + (wait_head_ ? now - buffer_wait_since_ps_ : 0);
  }

 private:
  enum class SlotState : std::uint8_t { Free, Dirty, Flushing };
  struct Unit {
    std::uint64_t base_ppn = 0;
    std::vector<std::uint64_t> items;  // buffer slots of a host unit
  };

  Unit* take_unit();
  void give_unit(Unit* u) { free_units_.push_back(u); }
  void close_open_unit();
  void dispatch_host_units();
  void read_ahead(ReadAhead::Stream& s, std::uint64_t from);
  void on_read_ahead_done(nand::NandOp* op);
  void on_host_program_done(nand::NandOp* op);
  void grant_waiting_writes();
  void record_ack(const IoRequest* r);
  // GcClient
  bool host_idle() const override { return host_idle_; }
  bool power_failing() const override { return power_failing_; }
  bool flush_needs_gc(std::uint32_t die) const override;
  void block_group_freed(std::uint32_t) override { dispatch_host_units(); }

  FtlConfig cfg_;
  nand::Geometry geo_;
  std::uint32_t iu_bus_bytes_;    // IU share of page data + spare moved on the bus
  std::uint32_t unit_bus_bytes_;  // a whole program unit
  Mapping map_;
  nand::FlashPort& flash_;
  FtlHost* host_ = nullptr;
  NandOps ops_;

  // Write buffer.
  std::vector<std::uint32_t> slot_lpn_;
  std::vector<SlotState> slot_state_;
  std::vector<std::uint32_t> free_slots_;
  std::uint32_t used_slots_ = 0, reserved_slots_ = 0;
  IoRequest* wait_head_ = nullptr;
  TimePs buffer_wait_since_ps_ = 0;  // when the wait queue last became non-empty
  IoRequest* wait_tail_ = nullptr;
  Unit* open_unit_ = nullptr;
  std::vector<Unit*> ready_units_;  // FIFO (head index below)
  std::size_t ready_head_ = 0;
  std::vector<std::uint32_t> host_programs_inflight_;
  std::uint32_t rr_die_ = 0;
  bool host_idle_ = false;

  std::vector<std::unique_ptr<Unit>> unit_store_;
  std::vector<Unit*> free_units_;
  bool power_failing_ = false;
  ReadAhead ra_;
  FtlCounters counters_;
  GcEngine gc_;  // last: it holds references to the members above
};

}  // namespace ssdtwin::ftl
