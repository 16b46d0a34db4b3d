#include "host_if/controller.h"

#include "host_if/nvme_extension.h"

namespace ssdtwin::host_if {

Controller::Controller(sc_core::sc_module_name name, const ControllerConfig& ctrl, const PcieConfig& pcie,
                       const HostConfig& host, std::uint32_t iu_bytes, std::uint64_t capacity_bytes, ftl::Ftl& ftl)
    : sc_module(name),
      socket("socket"),
      cfg_(ctrl),
      host_(host),
      link_(pcie, host.read_completion_bytes),
      iu_bytes_(iu_bytes),
      capacity_bytes_(capacity_bytes),
      round_trip_ps_(pcie.round_trip_ps),
      one_way_ps_(pcie.round_trip_ps / 2),
      ftl_(ftl),
      cores_(firmware::CoresConfig{ctrl.fe_cores, ctrl.fe_write_cores, ctrl.gc_iu_ps}, ftl),
      wake_("ctrl_wake") {
  socket.register_nb_transport_fw(this, &Controller::nb_transport_fw);
  socket.register_b_transport(this, &Controller::b_transport);
  ftl_.set_host(this);
  cores_.set_host(this);
  SC_METHOD(on_wake);
  sensitive << wake_.event();
  dont_initialize();
}

void Controller::end_of_elaboration() {
  ready_.assign(socket.size(), Queue{});
  stats_.cmds_per_queue.assign(socket.size(), 0);
}

void Controller::reset_stats() {
  const auto queues = stats_.cmds_per_queue.size();
  stats_ = ControllerStats{};
  stats_.cmds_per_queue.assign(queues, 0);
  cores_.reset_stats();
  up_.reset_stats();
  down_.reset_stats();
}

ControllerStats Controller::stats() const {
  ControllerStats s = stats_;
  static_cast<firmware::CoreStats&>(s) = cores_.stats();
  return s;
}

Controller::Command* Controller::accept(int id, tlm::tlm_generic_payload& t, TimePs doorbell_ready_ps) {
  const std::uint64_t addr = t.get_address();
  const std::uint32_t len = t.get_data_length();
  const bool trim = t.get_extension<DeallocateExtension>() != nullptr;
  const bool ok_cmd = t.is_read() || t.is_write() || trim;
  if (!ok_cmd || len == 0 || addr % kSectorBytes || len % kSectorBytes || addr + len > capacity_bytes_ ||
      (trim && (addr % iu_bytes_ || len % iu_bytes_))) {
    ++stats_.rejected_cmds;
    t.set_response_status(ok_cmd ? tlm::TLM_ADDRESS_ERROR_RESPONSE : tlm::TLM_COMMAND_ERROR_RESPONSE);
    return nullptr;
  }
  TimePs exit_latency = 0;
  if (outstanding_++ == 0) {
    if (power_) exit_latency = power_->on_host_busy(sc_now_ps());  // woken from a non-operational state
    ++idle_gen_;                                                   // cancels a pending idle check
    if (host_idle_) {
      host_idle_ = false;
      ftl_.set_host_idle(false);
    }
  }
  Command* c = pool_.get();
  c->trans = &t;
  c->queue = static_cast<std::uint32_t>(id);
  c->op = trim ? Op::Trim : t.is_write() ? Op::Write : Op::Read;
  // Commands are in 512 B sectors; the FTL works in IUs. Partly covered end IUs make a read
  // move less and a write read-modify-write (ftl/ftl.cpp).
  c->io.first_lpn = addr / iu_bytes_;
  c->io.n_ius = static_cast<std::uint32_t>((addr + len + iu_bytes_ - 1) / iu_bytes_ - c->io.first_lpn);
  c->io.bytes = len;
  c->io.partial_first = addr % iu_bytes_ != 0 || (c->io.n_ius == 1 && len < iu_bytes_);
  c->io.partial_last = c->io.n_ius > 1 && (addr + len) % iu_bytes_ != 0;
  // The FTL looks this LPN up once the command is fetched and parsed; a random LPN misses
  // every cache, so start the load now, while other commands' events run (speed only).
  ftl_.mapping().prefetch_l2p(c->io.first_lpn);
  ++stats_.cmds_per_queue[c->queue];
  // Doorbell write down, SQE read request up, 64 B completion down.
  const TimePs now = sc_now_ps();
  const TimePs db = down_.reserve(now, doorbell_ready_ps, link_.wire_time_ps(link_.mwr_wire_bytes(kDoorbellBytes))) +
                    one_way_ps_ + exit_latency;
  const TimePs mrd = up_.reserve(now, db, link_.wire_time_ps(link_.mrd_wire_bytes(kSqeBytes)));
  const TimePs fetched = down_.reserve(now, mrd + round_trip_ps_, link_.wire_time_ps(link_.cpld_wire_bytes(kSqeBytes)));
  wake_.at(fetched, Wake{Step::Fetched, c});
  return c;
}

tlm::tlm_sync_enum Controller::nb_transport_fw(int id, tlm::tlm_generic_payload& t, tlm::tlm_phase& ph,
                                               sc_core::sc_time& delay) {
  if (ph != tlm::BEGIN_REQ) return tlm::TLM_COMPLETED;   // END_RESP: nothing to do
  if (!accept(id, t, sc_kernel_ps() + delay.value())) {  // TLM annotations count from the kernel's time
    ph = tlm::BEGIN_RESP;
    return tlm::TLM_UPDATED;
  }
  ph = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

void Controller::b_transport(int id, tlm::tlm_generic_payload& t, sc_core::sc_time& delay) {
  Command* c = accept(id, t, sc_kernel_ps() + delay.value());
  delay = sc_core::SC_ZERO_TIME;
  if (!c) return;
  sc_core::sc_event done;
  c->blocking_done = &done;
  sc_core::wait(done);
}

// Round-robin arbitration across submission queues with fetched commands (the cores
// take waiting GC work first). Writes and deallocates need a write-path core: a fetched
// write that finds them all busy waits in arrival order without holding a core, so reads
// keep flowing.
bool Controller::command_waiting(bool write_core_free) const {
  return ready_count_ > 0 || (write_core_free && parked_.head);
}

bool Controller::next_command(bool write_core_free, firmware::CoreTask& task) {
  Command* c = nullptr;
  if (write_core_free && parked_.head) {
    c = parked_.pop();
  } else {
    while (!ready_[rr_].head) rr_ = (rr_ + 1) % ready_.size();
    c = ready_[rr_].pop();
    rr_ = (rr_ + 1) % ready_.size();
    --ready_count_;
    if (c->op != Op::Read && !write_core_free) {
      parked_.push(c);
      return false;
    }
  }
  task.cost_ps = c->op == Op::Read    ? cfg_.fe_read_cmd_ps
                 : c->op == Op::Write ? cfg_.fe_write_cmd_ps
                                      : cfg_.fe_trim_cmd_ps;
  task.write_path = c->op != Op::Read;
  // A deallocate moves only its 16 B range descriptor, not the bytes it covers.
  const std::uint64_t moved = c->op == Op::Trim ? kDsmRangeBytes : c->io.bytes;
  task.data_j = per_byte_j_ * double(moved);
  task.cmd = c;
  return true;
}

void Controller::core_done_at(TimePs at, const firmware::CoreTask& task) {
  if (task.gc)
    wake_.at(at, Wake{Step::GcDone, nullptr, 0, task.gc});
  else
    wake_.at(at, Wake{Step::CoreDone, static_cast<Command*>(task.cmd)});
}

void Controller::on_wake() {
  wake_.drain([this](Wake w) {
    const TimePs now = sc_now_ps();
    Command* c = w.cmd;
    switch (w.step) {
      case Step::Fetched: {
        ready_[c->queue].push(c);
        ++ready_count_;
        cores_.dispatch(now);
        break;
      }
      case Step::CoreDone:
        cores_.finish_command(c->op != Op::Read, now);
        if (c->op == Op::Write) {
          ++stats_.write_cmds;
          if (ftl_.reserve_buffer(&c->io)) start_data_in(c, now);
        } else if (c->op == Op::Read) {
          ++stats_.read_cmds;
          if (ftl_.read(&c->io)) complete(c, now);
        } else {
          ++stats_.trim_cmds;
          start_data_in(c, now);  // fetch the 16 B range descriptor
        }
        break;
      case Step::DataIn:
        if (c->op == Op::Trim) {
          ftl_.trim(&c->io);
          complete(c, now);
          break;
        }
        ftl_.commit_write(&c->io);
        if (cfg_.write_commit_ps)
          wake_.at(now + cfg_.write_commit_ps, Wake{Step::Committed, c});
        else
          complete(c, now);
        break;
      case Step::Committed:
        complete(c, now);
        break;
      case Step::GcDone:
        cores_.finish_gc(w.gc, now);
        break;
      case Step::IdleCheck:
        if (w.idle_gen == idle_gen_ && outstanding_ == 0) {
          host_idle_ = true;
          ftl_.set_host_idle(true);
        }
        break;
    }
  });
}

void Controller::set_power(power::PowerManager* pm, const power::PowerConfig& cfg) {
  power_ = pm;
  cores_.set_power(pm ? &pm->budget() : nullptr, cfg.fe_core_busy_w);
  per_byte_j_ = (cfg.datapath_pj_per_byte + cfg.dram_pj_per_byte) * 1e-12;
}

void Controller::on_buffer_granted(ftl::IoRequest* r) { start_data_in(from(r), sc_now_ps()); }

void Controller::on_read_ready(ftl::IoRequest* r) { complete(from(r), sc_now_ps()); }

void Controller::start_data_in(Command* c, TimePs now) {
  // The device reads the host buffer: MRd requests up, data returns as CplD down.
  const std::uint64_t bytes = c->op == Op::Trim ? kDsmRangeBytes : c->io.bytes;
  const TimePs mrd = up_.reserve(now, now, link_.wire_time_ps(link_.mrd_wire_bytes(bytes)));
  TimePs data = down_.reserve(now, mrd + round_trip_ps_, link_.wire_time_ps(link_.cpld_wire_bytes(bytes)));
  if (host_.path_write.bytes_per_s > 0 && c->op == Op::Write)
    data = max_ps(
        data, path_down_.reserve(now, mrd + round_trip_ps_, transfer_ps(double(bytes), host_.path_write.bytes_per_s)));
  wake_.at(data, Wake{Step::DataIn, c});
}

void Controller::complete(Command* c, TimePs now) {
  std::uint64_t wire = link_.mwr_wire_bytes(kCqeBytes) + link_.mwr_wire_bytes(kMsixBytes);
  if (c->op == Op::Read) wire += link_.mwr_wire_bytes(c->io.bytes);
  TimePs seen = up_.reserve(now, now, link_.wire_time_ps(wire)) + one_way_ps_;
  if (host_.path_read.bytes_per_s > 0 && c->op == Op::Read)  // the CQE is ordered behind the data
    seen = max_ps(
        seen, path_up_.reserve(now, now, transfer_ps(double(c->io.bytes), host_.path_read.bytes_per_s)) + one_way_ps_);
  c->trans->set_response_status(tlm::TLM_OK_RESPONSE);
  if (c->op == Op::Write) ftl_.write_acked(&c->io);
  // `now` may be ahead of the kernel (sim/lookahead.h); TLM annotations count from the kernel's time.
  if (c->blocking_done) {
    c->blocking_done->notify(sc_ps(seen - sc_kernel_ps()));
    kernel_touched();
  } else {
    tlm::tlm_phase ph = tlm::BEGIN_RESP;
    sc_core::sc_time d = sc_ps(seen - sc_kernel_ps());
    const DomainAck ack;
    socket[int(c->queue)]->nb_transport_bw(*c->trans, ph, d);
  }
  pool_.put(c);
  if (--outstanding_ == 0) {
    if (power_) power_->on_host_idle(now);
    if (ftl_.idle_gc_after_ps()) wake_.at(now + ftl_.idle_gc_after_ps(), Wake{Step::IdleCheck, nullptr, idle_gen_});
  }
}

}  // namespace ssdtwin::host_if
