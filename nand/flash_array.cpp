#include "nand/flash_array.h"

namespace ssdtwin::nand {

FlashArray::FlashArray(sc_core::sc_module_name name, const NandConfig& cfg, const Geometry& geo)
    : sc_module(name),
      cfg_(cfg),
      geo_(geo),
      dies_(geo.dies),
      plane_free_at_(std::size_t(geo.dies) * geo.planes, 0),
      channels_(geo.channels),
      wake_("nand_wake") {
  stats_.reset(geo.dies, geo.channels);
  SC_METHOD(on_wake);
  sensitive << wake_.event();
  dont_initialize();
}

TimePs FlashArray::planes_free_at(std::uint32_t die) const {
  TimePs t = 0;
  for (std::uint32_t p = 0; p < geo_.planes; ++p) t = max_ps(t, plane_free_at_[die * geo_.planes + p]);
  return t;
}

void FlashArray::submit(NandOp* op) {
  const TimePs now = sc_now_ps();
  op->submit_ps = now;
  if (op->kind == OpKind::Read) {
    book_read(op, now);
  } else {
    dies_[op->die].pe.push(op);
    try_start_pe(op->die, now);
  }
}

void FlashArray::book_read(NandOp* op, TimePs now) {
  TimePs& plane_free = plane_free_at_[op->die * geo_.planes + op->plane];
  op->start_ps = max_ps(now, plane_free);
  const TimePs data_ready = op->start_ps + cfg_.cmd_overhead_ps + cfg_.tR_ps;
  const std::uint32_t ch = geo_.channel_of(op->die);
  const TimePs xfer = bus_time_ps(op->bus_bytes);
  const TimePs out_end = channels_[ch].reserve(now, data_ready, xfer);
  plane_free = out_end;
  stats_.die_busy_ps[op->die] += cfg_.tR_ps / geo_.planes;
  stats_.channel_busy_ps[ch] += xfer;
  ++stats_.reads;
  stats_.read_bus_bytes += op->bus_bytes;
  wake_.at(out_end + cfg_.ecc_decode_ps, Wake{Stage::ReadDone, op, 0});
}

void FlashArray::try_start_pe(std::uint32_t die, TimePs now) {
  Die& d = dies_[die];
  if (d.pe_active || d.pe.empty()) return;
  const TimePs ready = planes_free_at(die);
  if (ready > now) {
    // Reads booked on the die go first; look again when they have left the planes.
    if (!d.check_pending) {
      d.check_pending = true;
      wake_.at(ready, Wake{Stage::DieCheck, nullptr, die});
    }
    return;
  }
  NandOp* op = d.pe.pop();
  d.pe_active = true;
  op->start_ps = now;
  TimePs done;
  if (op->kind == OpKind::Program) {
    const std::uint32_t ch = geo_.channel_of(die);
    const TimePs xfer = bus_time_ps(op->bus_bytes);
    done = channels_[ch].reserve(now, now + cfg_.cmd_overhead_ps, xfer) + cfg_.tPROG_ps;
    stats_.channel_busy_ps[ch] += xfer;
    ++stats_.programs;
    stats_.program_bus_bytes += op->bus_bytes;
  } else {
    done = now + cfg_.cmd_overhead_ps + cfg_.tBERS_ps;
    ++stats_.erases;
  }
  for (std::uint32_t p = 0; p < geo_.planes; ++p) plane_free_at_[die * geo_.planes + p] = done;
  stats_.die_busy_ps[die] += done - now;
  wake_.at(done, Wake{Stage::PeDone, op, die});
}

void FlashArray::on_wake() {
  wake_.drain([this](Wake w) {
    const TimePs now = sc_now_ps();
    switch (w.stage) {
      case Stage::ReadDone:
        w.op->done_ps = now;
        client_->on_nand_done(w.op);
        break;
      case Stage::PeDone:
        dies_[w.die].pe_active = false;
        w.op->done_ps = now;
        client_->on_nand_done(w.op);
        try_start_pe(w.die, now);
        break;
      case Stage::DieCheck:
        dies_[w.die].check_pending = false;
        try_start_pe(w.die, now);
        break;
    }
  });
}

}  // namespace ssdtwin::nand
