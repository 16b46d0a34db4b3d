#include "workload/fio_initiator.h"

#include <algorithm>

#include "host_if/nvme_extension.h"

namespace ssdtwin::workload {

FioInitiator::FioInitiator(sc_core::sc_module_name name, const InitiatorSetup& setup, const host_if::HostConfig& host,
                           std::function<void(FioInitiator&)> on_done)
    : sc_module(name),
      socket("socket"),
      setup_(setup),
      host_(host),
      on_done_(std::move(on_done)),
      slots_(setup.job.iodepth),
      dummy_data_(1),
      rng_(setup.seed),
      align_(setup.job.min_bs()),
      // Positions for the largest block: a random I/O of any size then fits the region.
      pattern_(setup.job.random_distribution, (setup.region_bytes - setup.job.max_bs()) / align_ + 1, align_,
               setup.scale),
      wake_("host_wake") {
  socket.register_nb_transport_bw(this, &FioInitiator::nb_transport_bw);
  stats_.name = setup.job.name;
  stats_.group = setup.group;
  stats_.job_index = setup.job_index;
  stats_.clone = setup.clone;
  for (Slot& s : slots_) {
    s.trans.set_data_ptr(dummy_data_.data());  // the model moves no payload bytes
    s.trans.set_byte_enable_ptr(nullptr);
    if (setup.job.is_trim()) s.trans.set_extension(new host_if::DeallocateExtension);  // owned by the payload
  }
  if (setup.job.zone_strided) {
    zone_size_ = std::max<std::uint64_t>(setup.job.zonesize / setup.scale, align_);
    const std::uint64_t range = setup.job.zonerange ? setup.job.zonerange : setup.job.zonesize;
    zone_range_ = std::min(setup.region_bytes,
                           std::max<std::uint64_t>(range / setup.scale / align_ * align_, setup.job.max_bs()));
    zone_step_ = zone_range_ + setup.job.zoneskip / setup.scale;
  }
  if (setup.trace) {
    trace_timed_ = setup.job.trace->timed && !setup.job.replay_no_stall;
    if (std::any_of(setup.trace->begin(), setup.trace->end(), [](const TraceIo& io) { return io.dir == kDirTrim; }))
      for (std::size_t i = 0; i < slots_.size(); ++i)
        dealloc_.push_back(std::make_unique<host_if::DeallocateExtension>());
  }
  SC_METHOD(on_wake);
  sensitive << wake_.event();
  dont_initialize();
  if (setup.domain) wake_.join(*setup.domain, [this] { on_wake(); });
}

FioInitiator::~FioInitiator() {
  // Trace slots own their extension; detach it so the payload does not free it too.
  for (std::size_t i = 0; i < dealloc_.size(); ++i)
    if (slots_[i].trans.get_extension<host_if::DeallocateExtension>())
      slots_[i].trans.clear_extension(dealloc_[i].get());
}

bool FioInitiator::may_issue_bytes() const {
  return setup_.io_limit_bytes == 0 || issued_bytes_ < setup_.io_limit_bytes;
}

bool FioInitiator::may_issue(TimePs issue_ps) const {
  return issue_ps < stop_ps_ && may_issue_bytes() &&
         (setup_.job.number_ios == 0 || issued_ios_ < setup_.job.number_ios);
}

void FioInitiator::start(TimePs now) {
  start_ps_ = now;
  stats_from_ps_ = now + setup_.job.ramp_time_ps;
  stats_.start_ps = stats_from_ps_;
  if (setup_.job.runtime_ps) stop_ps_ = stats_from_ps_ + setup_.job.runtime_ps;
  if (setup_.job.logs.any()) stats_.logs.configure(setup_.job.logs, now);
  for (std::uint32_t i = 0; i < slots_.size(); ++i) wake_.at(now + host_.submit_overhead_ps, i);
}

std::uint64_t FioInitiator::draw_bs(std::uint32_t dir) {
  const BlockSizes& b = setup_.job.bs[dir];
  if (b.is_range()) return b.range_lo * (1 + rng_.below(b.range_hi / b.range_lo));
  if (b.split.size() == 1) return b.split.front().bytes;  // no draw: fixed-bs streams stay as they were
  double u = rng_.unit() * 100.0;
  for (const auto& w : b.split) {
    if (u < w.percent) return w.bytes;
    u -= w.percent;
  }
  return b.max();
}

void FioInitiator::plan(Slot& s) {
  const FioJob& j = setup_.job;
  if (setup_.trace) {
    const TraceIo& io = (*setup_.trace)[trace_next_++];
    s.dir = io.dir;
    s.bytes = io.bytes;
    s.offset = io.offset;
    s.not_before_ps = trace_timed_ ? start_ps_ + TimePs(double(io.t_ps) * 100.0 / j.replay_time_scale) : 0;
    s.planned = true;
    return;
  }
  s.dir = j.is_trim() ? kDirTrim : rng_.below(100) < j.read_percent() ? kDirRead : kDirWrite;
  s.bytes = draw_bs(s.dir);
  const bool random = j.is_random() && (j.percentage_random == 100 || rng_.below(100) < j.percentage_random);
  if (j.zone_strided) {
    // Inside the current zone: uniform if random, else on from the zone's start.
    if (random) {
      s.offset = zone_start_ + rng_.below((zone_range_ - std::min(zone_range_, s.bytes)) / align_ + 1) * align_;
    } else {
      if (next_seq_ < zone_start_ || next_seq_ + s.bytes > zone_start_ + zone_range_) next_seq_ = zone_start_;
      s.offset = next_seq_;
    }
    next_seq_ = s.offset + s.bytes;
    zone_done_ += s.bytes;
    if (zone_done_ >= zone_size_) {  // on to the next zone, wrapping at the region's end
      zone_done_ = 0;
      zone_start_ += zone_step_;
      if (zone_start_ + zone_range_ > setup_.region_bytes) zone_start_ = 0;
      next_seq_ = zone_start_;
    }
    s.planned = true;
    return;
  }
  if (random) {
    s.offset = pattern_.next(rng_) * align_;
  } else {
    if (next_seq_ + s.bytes > setup_.region_bytes) next_seq_ = 0;  // wrap, as fio does on a time-based job
    s.offset = next_seq_;
  }
  next_seq_ = s.offset + s.bytes;
  s.planned = true;
}

void FioInitiator::issue(std::uint32_t slot, TimePs issue_ps) {
  const FioJob& j = setup_.job;
  Slot& s = slots_[slot];
  s.issued_ps = issue_ps;
  s.outstanding = true;
  s.planned = false;
  const bool trim = j.is_trim() || s.dir == kDirTrim;
  s.trans.set_command(trim                ? tlm::TLM_IGNORE_COMMAND
                      : s.dir == kDirRead ? tlm::TLM_READ_COMMAND
                                          : tlm::TLM_WRITE_COMMAND);
  if (!dealloc_.empty()) {
    host_if::DeallocateExtension* e = dealloc_[slot].get();
    const bool has = s.trans.get_extension<host_if::DeallocateExtension>() != nullptr;
    if (trim && !has) s.trans.set_extension(e);
    if (!trim && has) s.trans.clear_extension(e);
  }
  s.trans.set_address(setup_.region_start + s.offset);
  s.trans.set_data_length(static_cast<unsigned>(s.bytes));
  s.trans.set_streaming_width(static_cast<unsigned>(s.bytes));
  s.trans.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  issued_bytes_ += s.bytes;
  ++issued_ios_;
  ++stats_.issued_ios;
  ++inflight_;
  if (setup_.timeline) setup_.timeline->queue_depth(setup_.queue_index, sc_now_ps(), inflight_);
  tlm::tlm_phase ph = tlm::BEGIN_REQ;
  TimePs doorbell_ps = sc_now_ps();
  const host_if::HostConfig::PathDirection& path = s.dir == kDirWrite ? host_.path_write : host_.path_read;
  if (setup_.host_path && path.per_io_ps && !trim) {
    // The host path's software prepares the I/O on one worker all jobs share (FIFO) before
    // its doorbell rings.
    setup_.host_path->free_ps = std::max(doorbell_ps, setup_.host_path->free_ps) + path.per_io_ps;
    doorbell_ps = setup_.host_path->free_ps;
  }
  // In a lookahead domain this runs ahead of the kernel: the annotation counts from the
  // kernel's time, as TLM-2.0 defines it.
  sc_core::sc_time delay = sc_ps(doorbell_ps - sc_kernel_ps());
  const tlm::tlm_sync_enum r = socket->nb_transport_fw(s.trans, ph, delay);
  if (r == tlm::TLM_UPDATED && ph == tlm::BEGIN_RESP) {
    // Rejected at once (the job was validated, so this is a model bug, not user input).
    SC_REPORT_FATAL("ssdtwin/host", "drive rejected a command from a validated job");
  }
}

tlm::tlm_sync_enum FioInitiator::nb_transport_bw(tlm::tlm_generic_payload& t, tlm::tlm_phase& ph, sc_core::sc_time& d) {
  if (ph != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
  if (setup_.domain) DomainAck::member();  // this response schedules nothing in the kernel
  const auto offset = reinterpret_cast<const char*>(&t) - reinterpret_cast<const char*>(&slots_[0].trans);
  const std::uint32_t slot = static_cast<std::uint32_t>(offset / std::ptrdiff_t(sizeof(Slot)));
  TimePs seen = sc_kernel_ps() + d.value();
  // The host path's per-I/O latency after the drive completes (not shared between I/Os; a
  // deallocate moves no data through it).
  const host_if::HostConfig::PathDirection& path = t.is_write() ? host_.path_write : host_.path_read;
  if ((t.is_read() || t.is_write()) && (path.latency_ps || path.stream_bytes_per_s > 0))
    seen += path.latency_ps +
            (path.stream_bytes_per_s > 0 ? transfer_ps(double(t.get_data_length()), path.stream_bytes_per_s) : 0);
  slots_[slot].seen_ps = seen;
  wake_.at(seen + host_.complete_overhead_ps + host_.submit_overhead_ps, slot);
  ph = tlm::END_RESP;
  return tlm::TLM_COMPLETED;
}

void FioInitiator::on_slot(std::uint32_t slot, TimePs now) {
  Slot& s = slots_[slot];
  TimePs issue_ps = now - host_.submit_overhead_ps;
  if (s.outstanding) {
    s.outstanding = false;
    --inflight_;
    if (setup_.timeline) setup_.timeline->queue_depth(setup_.queue_index, s.seen_ps, inflight_);
    const TimePs done_ps = s.seen_ps + host_.complete_overhead_ps;  // fio reaps the completion
    issue_ps = done_ps;
    if (!powered_) {  // the drive vanished with this command outstanding
      ++stats_.power_loss_aborted;
      power_parked_.push_back(slot);
      return;
    }
    // Data moved, ramp included (deallocations move none).
    const bool was_trim = setup_.job.is_trim() || s.dir == kDirTrim;
    if (!was_trim) (s.trans.is_read() ? stats_.all_read_bytes : stats_.all_write_bytes) += s.trans.get_data_length();
    ++stats_.all_ios;
    // As fio (backend.c do_io): statistics are cleared when the ramp ends and count every
    // completion from then on. When the runtime ends fio stops issuing and reaps the commands
    // still in flight; they are counted, and the runtime runs to the last one, so a command
    // the drive holds back shows in the latency and the rate instead of vanishing.
    if (done_ps >= stats_from_ps_) {
      if (done_ps > stop_ps_) ++stats_.drained_ios;
      DirectionStats& d = was_trim ? stats_.trim : s.trans.is_read() ? stats_.read : stats_.write;
      ++d.ios;
      d.bytes += s.trans.get_data_length();
      const std::uint64_t lat_ns = (done_ps - s.issued_ps + kPsPerNs / 2) / kPsPerNs;
      d.lat_ns.record(lat_ns);
      stats_.end_ps = done_ps;
      if (stats_.logs.enabled())
        stats_.logs.record(done_ps, s.dir, s.trans.get_data_length(), s.trans.get_address(), lat_ns,
                           host_.submit_overhead_ps / kPsPerNs);
    }
  }
  // A trace is done when every entry has been taken (a slot may hold one waiting for its time).
  if (setup_.trace && !s.planned && trace_next_ >= setup_.trace->size()) return;
  if (!may_issue(issue_ps)) return;
  if (!powered_) {
    power_parked_.push_back(slot);
    return;
  }
  if (thinking_) {
    parked_.push_back(slot);
    return;
  }
  if (!s.planned) plan(s);
  if (s.not_before_ps && issue_ps < s.not_before_ps) {  // open-loop replay: wait for the trace's time
    wake_.at(s.not_before_ps + host_.submit_overhead_ps, slot);
    return;
  }
  if (s.dir != kDirTrim) {
    // rate/rate_iops: this direction's issues are at least one interval apart; a slot that
    // is early sleeps until its direction's next allowed time (no catch-up bursts).
    const FioJob& j = setup_.job;
    const double bps = j.rate_bytes_per_s[s.dir], iops = j.rate_iops[s.dir];
    if (bps > 0 || iops > 0) {
      TimePs& next = next_allowed_ps_[s.dir];
      if (issue_ps < next) {
        wake_.at(next + host_.submit_overhead_ps, slot);
        return;
      }
      const double gap_s = std::max(bps > 0 ? double(s.bytes) / bps : 0.0, iops > 0 ? 1.0 / iops : 0.0);
      next = issue_ps + TimePs(gap_s * 1e12);
    }
  }
  issue(slot, issue_ps);
  if (setup_.job.thinktime_ps && ++since_think_ >= setup_.job.thinktime_blocks) {
    since_think_ = 0;
    thinking_ = true;
  }
}

void FioInitiator::power_on(TimePs now) {
  powered_ = true;
  for (std::uint32_t slot : power_parked_) wake_.at(now + host_.submit_overhead_ps, slot);
  power_parked_.clear();
}

void FioInitiator::on_wake() {
  const TimePs now = sc_now_ps();
  wake_.drain([this, now](std::uint32_t slot) { on_slot(slot, now); });
  if (thinking_ && inflight_ == 0) {
    // Quiesced: the last completion was reaped submit_overhead ago; idle thinktime from then.
    thinking_ = false;
    for (std::uint32_t slot : parked_) wake_.at(now + setup_.job.thinktime_ps, slot);
    parked_.clear();
  }
  if (inflight_ == 0 && wake_.idle() && !done_ && power_parked_.empty()) {
    done_ = true;
    // Stopped by the runtime: the window is the runtime plus the drain of the commands
    // then in flight (fio's runtime ends after its final reap). Stopped by size: it closes
    // at the last completion.
    if (stop_ps_ != kTimeNever && may_issue_bytes()) {
      stats_.drain_ps = stats_.end_ps > stop_ps_ ? stats_.end_ps - stop_ps_ : 0;
      stats_.end_ps = std::max(stats_.end_ps, stop_ps_);
    }
    if (stats_.end_ps < stats_.start_ps) stats_.end_ps = stats_.start_ps;
    if (stats_.logs.enabled()) stats_.logs.finish(stats_.end_ps);
    on_done_(*this);
    kernel_touched();  // the callback is the owner's code: it may have notified kernel events
  }
}

}  // namespace ssdtwin::workload
