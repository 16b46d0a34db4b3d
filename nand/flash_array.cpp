#include "nand/flash_array.h"

#include "nand/nand_energy.h"
#include "nand/nand_timing.h"

namespace ssdtwin::nand {

FlashArray::FlashArray(sc_core::sc_module_name name, const NandConfig& cfg, const Geometry& geo)
    : sc_module(name),
      cfg_(cfg),
      geo_(geo),
      dies_(geo.dies),
      plane_free_at_(std::size_t(geo.dies) * geo.planes, 0),
      cache_free_at_(std::size_t(geo.dies) * geo.planes, 0),
      channels_(geo.channels),
      wake_("nand_wake") {
  stats_.reset(geo.dies, geo.channels);
  for (std::size_t t = 0; t < 4; ++t) {
    tR_ps_[t] = tR_ps_of(cfg_, PageType(t));
    read_j_[t] = read_energy_j(cfg_, tR_ps_[t]);
  }
  program_j_ = program_energy_j(cfg_);
  erase_j_ = erase_energy_j(cfg_, cfg_.tBERS_ps);
  SC_METHOD(on_wake);
  sensitive << wake_.event();
  dont_initialize();
}

// A program or erase (or a resume) needs every plane's array and registers: it waits for
// reads still streaming out of the cache registers too.
TimePs FlashArray::planes_free_at(std::uint32_t die) const {
  TimePs t = 0;
  for (std::uint32_t p = 0; p < geo_.planes; ++p) {
    const std::size_t i = die * geo_.planes + p;
    t = max_ps(t, max_ps(plane_free_at_[i], cache_free_at_[i]));
  }
  return t;
}

void FlashArray::submit(NandOp* op) {
  const TimePs now = sc_now_ps();
  op->submit_ps = now;
  if (op->kind == OpKind::Read) {
    if (budget_ && (budget_head_ < budget_waiters_.size() || !budget_->grants(now))) {
      wait_for_budget({op, op->die}, now);  // over the power budget: wait in arrival order
      return;
    }
    book_read(op, now);
  } else {
    dies_[op->die].pe.push(op);
    try_start_pe(op->die, now);
  }
}

void FlashArray::book_read(NandOp* op, TimePs now) {
  Die& d = dies_[op->die];
  if (op->may_suspend && cfg_.suspend_enabled && d.active && !d.suspended) maybe_suspend(d, op->die, now);
  const std::size_t pi = op->die * geo_.planes + op->plane;
  TimePs& plane_free = plane_free_at_[pi];
  TimePs& cache_free = cache_free_at_[pi];
  // Charged when admitted (now), not at its later start on a busy plane, so one far-future
  // booking cannot hold back every other die.
  const std::size_t type = std::size_t(op->page_type) < 4 ? std::size_t(op->page_type) : 0;
  const TimePs tR = tR_ps_[type];
  if (budget_) budget_->spend(now, read_j_[type] + io_energy_j(cfg_, op->bus_bytes));
  op->start_ps = max_ps(now, cfg_.cache_read_enabled ? plane_free : max_ps(plane_free, cache_free));
  const TimePs sensed = op->start_ps + cfg_.cmd_overhead_ps + tR;
  // With cache read the sensed page waits in the page register until the previous page has
  // left the cache register; without it the plane started only after that anyway.
  const TimePs data_ready = max_ps(sensed, cache_free);
  const std::uint32_t ch = geo_.channel_of(op->die);
  const TimePs xfer = bus_time_ps(op->bus_bytes);
  const TimePs out_end = channels_[ch].reserve(now, data_ready, xfer);
  plane_free = cfg_.cache_read_enabled ? data_ready : out_end;
  cache_free = out_end;
  if (activity_) {
    activity_->add(ActivityInterval::Read, false, !op->may_suspend, op->die, sensed - tR, sensed);
    activity_->add(ActivityInterval::ReadOut, true, !op->may_suspend, ch, out_end - xfer, out_end);
  }
  stats_.die_busy_ps[op->die] += tR / geo_.planes;
  stats_.read_sense_ps += tR;
  stats_.channel_busy_ps[ch] += xfer;
  ++stats_.reads;
  stats_.read_bus_bytes += op->bus_bytes;
  wake_.at(out_end + cfg_.ecc_decode_ps, Wake{Stage::ReadDone, op, 0, 0});
  if (d.suspended) check_die_at(op->die, planes_free_at(op->die));
}

void FlashArray::maybe_suspend(Die& d, std::uint32_t die, TimePs now) {
  if (d.suspends >= cfg_.max_suspends_per_op) return;
  const bool program = d.active->kind == OpKind::Program;
  const TimePs latency = program ? cfg_.program_suspend_ps : cfg_.erase_suspend_ps;
  const TimePs free_at = max_ps(now, d.array_start_ps) + latency;
  // Suspending only pays if the operation would still be running when the planes free up.
  if (free_at + cfg_.resume_ps >= d.done_ps) return;
  d.remaining_ps = d.done_ps - free_at;
  d.suspended = true;
  ++d.suspends;
  ++d.gen;  // the pending PeDone wake is now stale
  for (std::uint32_t p = 0; p < geo_.planes; ++p) plane_free_at_[die * geo_.planes + p] = free_at;
  stats_.die_busy_ps[die] -= d.remaining_ps;  // charged again on resume
  ++(program ? stats_.program_suspends : stats_.erase_suspends);
}

void FlashArray::check_die_at(std::uint32_t die, TimePs when) {
  Die& d = dies_[die];
  if (d.check_pending && d.check_at_ps <= when) return;  // an earlier check re-books itself if too early
  d.check_pending = true;
  d.check_at_ps = when;
  wake_.at(when, Wake{Stage::DieCheck, nullptr, die, 0});
}

void FlashArray::wait_for_budget(BudgetWaiter w, TimePs now) {
  budget_waiters_.push_back(w);
  if (!budget_wake_armed_) {
    budget_wake_armed_ = true;
    wake_.at(budget_->earliest(now), Wake{Stage::BudgetCheck, nullptr, 0, 0});
  }
}

// Admits waiters in arrival order while the budget conforms; one wake-up serves all dies.
void FlashArray::on_budget_check(TimePs now) {
  budget_wake_armed_ = false;
  while (budget_head_ < budget_waiters_.size()) {
    if (!budget_->grants(now)) {
      const TimePs t = budget_->earliest(now);
      budget_wake_armed_ = true;
      wake_.at(t, Wake{Stage::BudgetCheck, nullptr, 0, 0});
      compact_budget_waiters();
      return;
    }
    const BudgetWaiter w = budget_waiters_[budget_head_++];
    if (w.read) {
      budget_->note_throttled(now - w.read->submit_ps);
      book_read(w.read, now);
    } else {
      dies_[w.die].waiting_budget = false;
      serving_budget_ = true;
      try_start_pe(w.die, now);
      serving_budget_ = false;
      // The die may have gone back to waiting (a read took its planes): it re-queues itself.
    }
  }
  budget_waiters_.clear();
  budget_head_ = 0;
}

// Under a sustained cap the FIFO may never empty (so it is never cleared): the admitted
// front is dropped once it is half the vector, or the vector would grow by one entry per
// throttled operation for the whole run.
void FlashArray::compact_budget_waiters() {
  if (budget_head_ < 1024 || budget_head_ * 2 < budget_waiters_.size()) return;
  budget_waiters_.erase(budget_waiters_.begin(), budget_waiters_.begin() + std::ptrdiff_t(budget_head_));
  budget_head_ = 0;
}

// Resumes a suspended operation or starts the next queued one once the die's reads are out.
void FlashArray::service_die(std::uint32_t die, TimePs now) {
  Die& d = dies_[die];
  if (!d.suspended) {
    try_start_pe(die, now);
    return;
  }
  const TimePs ready = planes_free_at(die);
  if (ready > now) {
    check_die_at(die, ready);
    return;
  }
  d.suspended = false;
  d.done_ps = now + cfg_.resume_ps + d.remaining_ps;
  for (std::uint32_t p = 0; p < geo_.planes; ++p) plane_free_at_[die * geo_.planes + p] = d.done_ps;
  stats_.die_busy_ps[die] += d.done_ps - now;
  wake_.at(d.done_ps, Wake{Stage::PeDone, d.active, die, d.gen});
}

void FlashArray::try_start_pe(std::uint32_t die, TimePs now) {
  Die& d = dies_[die];
  if (d.active || d.pe.empty()) return;
  const TimePs ready = planes_free_at(die);
  if (ready > now) {
    check_die_at(die, ready);  // reads booked on the die go first
    return;
  }
  const bool program = d.pe.head->kind == OpKind::Program;
  if (program && program_limit_) {
    if (d.waiting_program) return;
    if (programs_active_ >= program_limit_) {
      d.waiting_program = true;
      program_waiters_.push_back(die);
      ++stats_.program_limit_waits;
      return;
    }
  }
  if (budget_) {
    if (d.waiting_budget) return;
    // Behind earlier waiters unless this is its turn (called from on_budget_check).
    if ((!serving_budget_ && budget_head_ < budget_waiters_.size()) || !budget_->grants(now)) {
      d.waiting_budget = true;
      budget_->note_throttled(budget_->earliest(now) - now);
      wait_for_budget({nullptr, die}, now);
      return;
    }
    NandOp* head = d.pe.head;
    budget_->spend(now, head->kind == OpKind::Program ? program_j_ + io_energy_j(cfg_, head->bus_bytes) : erase_j_);
  }
  NandOp* op = d.pe.pop();
  op->start_ps = now;
  TimePs done;
  if (op->kind == OpKind::Program) {
    ++programs_active_;
    const std::uint32_t ch = geo_.channel_of(die);
    const TimePs xfer = bus_time_ps(op->bus_bytes);
    d.array_start_ps = channels_[ch].reserve(now, now + cfg_.cmd_overhead_ps, xfer);
    done = d.array_start_ps + cfg_.tPROG_ps;
    if (activity_) {
      activity_->add(ActivityInterval::ProgramIn, true, false, ch, d.array_start_ps - xfer, d.array_start_ps);
      activity_->add(ActivityInterval::Program, false, false, die, d.array_start_ps, done);
    }
    stats_.channel_busy_ps[ch] += xfer;
    ++stats_.programs;
    stats_.program_bus_bytes += op->bus_bytes;
  } else {
    d.array_start_ps = now + cfg_.cmd_overhead_ps;
    done = d.array_start_ps + cfg_.tBERS_ps;
    if (activity_) activity_->add(ActivityInterval::Erase, false, true, die, d.array_start_ps, done);
    ++stats_.erases;
  }
  d.active = op;
  d.done_ps = done;
  d.suspends = 0;
  for (std::uint32_t p = 0; p < geo_.planes; ++p) plane_free_at_[die * geo_.planes + p] = done;
  stats_.die_busy_ps[die] += done - now;
  wake_.at(done, Wake{Stage::PeDone, op, die, d.gen});
}

void FlashArray::on_program_slot_free(TimePs now) {
  while (program_head_ < program_waiters_.size() && programs_active_ < program_limit_) {
    const std::uint32_t die = program_waiters_[program_head_++];
    dies_[die].waiting_program = false;
    try_start_pe(die, now);  // may find its planes busy with reads and book a retry
  }
  if (program_head_ == program_waiters_.size()) {
    program_waiters_.clear();
    program_head_ = 0;
  }
}

void FlashArray::on_wake() {
  wake_.drain([this](Wake w) {
    const TimePs now = sc_now_ps();
    switch (w.stage) {
      case Stage::ReadDone:
        w.op->done_ps = now;
        client_->on_nand_done(w.op);
        break;
      case Stage::PeDone: {
        Die& d = dies_[w.die];
        if (w.gen != d.gen) break;  // suspended after this wake was booked
        d.active = nullptr;
        const bool program = w.op->kind == OpKind::Program;
        w.op->done_ps = now;
        if (program) --programs_active_;
        client_->on_nand_done(w.op);
        if (program) on_program_slot_free(now);
        try_start_pe(w.die, now);
        break;
      }
      case Stage::DieCheck:
        dies_[w.die].check_pending = false;
        service_die(w.die, now);
        break;
      case Stage::BudgetCheck:
        on_budget_check(now);
        break;
    }
  });
}

}  // namespace ssdtwin::nand
