#include "nand/flash_array.h"

namespace ssdtwin::nand {

FlashArray::FlashArray(sc_core::sc_module_name name, const NandConfig& cfg, const Geometry& geo)
    : sc_module(name),
      cfg_(cfg),
      geo_(geo),
      dies_(geo.dies),
      planes_(std::size_t(geo.dies) * geo.planes),
      channel_free_at_(geo.channels, 0),
      wake_("nand_wake") {
  stats_.reset(geo.dies, geo.channels);
  SC_METHOD(on_wake);
  sensitive << wake_.event();
  dont_initialize();
}

void FlashArray::submit(NandOp* op) {
  const TimePs now = sc_now_ps();
  op->submit_ps = now;
  Die& d = dies_[op->die];
  if (op->kind == OpKind::Read) {
    plane(op->die, op->plane).reads.push(op);
    ++d.reads_queued;
  } else {
    d.pe.push(op);
  }
  try_start(op->die, now);
}

void FlashArray::try_start(std::uint32_t die, TimePs now) {
  Die& d = dies_[die];
  if (d.pe_active) return;
  if (d.reads_queued > 0) {
    for (std::uint32_t p = 0; p < geo_.planes; ++p) {
      Plane& pl = plane(die, p);
      if (!pl.in_tr && !pl.reads.empty()) {
        --d.reads_queued;
        ++d.reads_in_tr;
        start_read(pl, pl.reads.pop(), now);
      }
    }
  }
  if (d.reads_queued == 0 && d.reads_in_tr == 0 && !d.pe.empty()) start_pe(d, die, now);
}

void FlashArray::start_read(Plane& pl, NandOp* op, TimePs now) {
  pl.in_tr = true;
  op->start_ps = max_ps(now, pl.free_at);
  stats_.die_busy_ps[op->die] += cfg_.tR_ps / geo_.planes;
  wake_.at(op->start_ps + cfg_.cmd_overhead_ps + cfg_.tR_ps, Wake{Stage::TrDone, op});
}

void FlashArray::start_pe(Die& d, std::uint32_t die, TimePs now) {
  NandOp* op = d.pe.pop();
  d.pe_active = true;
  TimePs ready = now;
  for (std::uint32_t p = 0; p < geo_.planes; ++p) ready = max_ps(ready, plane(die, p).free_at);
  op->start_ps = ready;
  TimePs done;
  if (op->kind == OpKind::Program) {
    const std::uint32_t ch = geo_.channel_of(die);
    const TimePs xfer = bus_time_ps(op->bus_bytes);
    const TimePs xfer_start = max_ps(ready + cfg_.cmd_overhead_ps, channel_free_at_[ch]);
    channel_free_at_[ch] = xfer_start + xfer;
    stats_.channel_busy_ps[ch] += xfer;
    done = xfer_start + xfer + cfg_.tPROG_ps;
    ++stats_.programs;
    stats_.program_bus_bytes += op->bus_bytes;
  } else {
    done = ready + cfg_.cmd_overhead_ps + cfg_.tBERS_ps;
    ++stats_.erases;
  }
  stats_.die_busy_ps[die] += done - ready;
  wake_.at(done, Wake{Stage::PeDone, op});
}

void FlashArray::on_wake() {
  wake_.drain([this](Wake w) {
    NandOp* op = w.op;
    const TimePs now = sc_now_ps();
    switch (w.stage) {
      case Stage::TrDone: {
        // Page register -> controller over the shared channel, then LDPC decode.
        const std::uint32_t ch = geo_.channel_of(op->die);
        const TimePs xfer = bus_time_ps(op->bus_bytes);
        const TimePs start = max_ps(now, channel_free_at_[ch]);
        channel_free_at_[ch] = start + xfer;
        stats_.channel_busy_ps[ch] += xfer;
        Plane& pl = plane(op->die, op->plane);
        pl.in_tr = false;
        pl.free_at = start + xfer;
        --dies_[op->die].reads_in_tr;
        ++stats_.reads;
        stats_.read_bus_bytes += op->bus_bytes;
        wake_.at(start + xfer + cfg_.ecc_decode_ps, Wake{Stage::ReadDone, op});
        try_start(op->die, now);
        break;
      }
      case Stage::ReadDone:
        op->done_ps = now;
        client_->on_nand_done(op);
        break;
      case Stage::PeDone: {
        Die& d = dies_[op->die];
        d.pe_active = false;
        for (std::uint32_t p = 0; p < geo_.planes; ++p) plane(op->die, p).free_at = now;
        op->done_ps = now;
        const std::uint32_t die = op->die;
        client_->on_nand_done(op);
        try_start(die, now);
        break;
      }
    }
  });
}

}  // namespace ssdtwin::nand
