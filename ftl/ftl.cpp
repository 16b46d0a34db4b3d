#include "ftl/ftl.h"

#include <algorithm>
#include <stdexcept>

#include "ftl/verify_tags.h"
#include "nand/nand_timing.h"
#include "sim/sc_wakeup.h"

namespace ssdtwin::ftl {
namespace {
constexpr std::uint32_t kGcReserveBgs = 1;
constexpr std::uint32_t kMaxHostProgramsPerDie = 2;  // one programming, one queued
}  // namespace

Ftl::Ftl(const FtlConfig& cfg, const nand::NandConfig& nand, const nand::Geometry& geo, std::uint64_t user_ius,
         nand::FlashPort& flash)
    : cfg_(cfg),
      geo_(geo),
      iu_bus_bytes_((nand.page_bytes + nand.spare_bytes) / geo.ius_per_page),
      unit_bus_bytes_(static_cast<std::uint32_t>(nand::program_unit_bus_bytes(nand))),
      map_(geo, user_ius, kGcReserveBgs),
      flash_(flash),
      ops_(geo_, unit_bus_bytes_),
      slot_lpn_(cfg.write_buffer_bytes / cfg.iu_bytes, 0),
      slot_state_(slot_lpn_.size(), SlotState::Free),
      host_programs_inflight_(geo.dies, 0),
      ra_(ReadAheadConfig{cfg.read_ahead_bytes / cfg.iu_bytes, cfg.read_ahead_trigger, cfg.read_ahead_streams}),
      gc_(cfg_, geo_, iu_bus_bytes_, map_, ops_, flash_, counters_, *this) {
  free_slots_.reserve(slot_lpn_.size());
  for (std::uint32_t s = std::uint32_t(slot_lpn_.size()); s-- > 0;) free_slots_.push_back(s);
  ready_units_.reserve(slot_lpn_.size() / geo.ius_per_unit + 2);
  configure_mapping(map_, cfg, nand.pages_per_block / nand.bits_per_cell, nand.pe_cycles);
  open_unit_ = take_unit();
}

Ftl::~Ftl() = default;

Ftl::Unit* Ftl::take_unit() {
  if (free_units_.empty()) {
    unit_store_.push_back(std::make_unique<Unit>());
    unit_store_.back()->items.reserve(geo_.ius_per_unit);
    free_units_.push_back(unit_store_.back().get());
  }
  Unit* u = free_units_.back();
  free_units_.pop_back();
  u->items.clear();
  return u;
}

// ---------------------------------------------------------------- reads

bool Ftl::read(IoRequest* r) {
  r->pending = 1;  // guard until every page read is submitted
  VerifyTags* const v = map_.verify();
  ReadAhead::Stream* const ras = ra_.enabled() && !power_failing_ ? &ra_.observe(r->first_lpn, r->n_ius) : nullptr;
  nand::NandOp* cur = nullptr;
  std::uint64_t cur_page = UINT64_MAX;
  for (std::uint64_t lpn = r->first_lpn; lpn < r->first_lpn + r->n_ius; ++lpn) {
    ++counters_.host_read_ius;
    const std::uint32_t e = map_.l2p(lpn);
    if (ras && e != Mapping::kUnmapped && !Mapping::is_buffer_ref(e)) {
      if (RaPage* p = ra_.find(*ras, lpn); p && p->current(lpn, e)) {
        // --verify checks the copy actually served: the one read ahead.
        if (v) v->check(VerifyPoint::HostRead, lpn, std::uint32_t(p->first_ppn + (lpn - p->first_lpn)));
        ++p->used_ius;
        if (p->ready) {
          ++ra_.counters().hit_ius;
        } else {
          ++ra_.counters().joined_ius;
          if (ra_.add_waiter(p, r)) ++r->pending;
        }
        continue;
      }
    }
    if (v) v->check(VerifyPoint::HostRead, lpn, e);
    if (e == Mapping::kUnmapped) {
      ++counters_.read_unmapped;  // deallocated: the controller returns zeroes
      continue;
    }
    if (Mapping::is_buffer_ref(e)) {
      ++counters_.read_buffer_hits;
      continue;
    }
    const std::uint64_t page = e / geo_.ius_per_page;  // IUs of one page are adjacent PPNs
    if (cur && page == cur_page) {
      cur->bus_bytes += iu_bus_bytes_;
      continue;
    }
    if (cur) flash_.submit(cur);
    const nand::PhysAddr a = geo_.decode(e);
    cur = ops_.read(a, kHostRead);
    // A read inside one IU moves only the ECC codewords it needs (4 KiB assumed).
    cur->bus_bytes =
        r->n_ius == 1 && r->bytes < cfg_.iu_bytes
            ? static_cast<std::uint32_t>(std::uint64_t(iu_bus_bytes_) * std::max(r->bytes, 4096u) / cfg_.iu_bytes)
            : iu_bus_bytes_;
    cur->ctx = r;
    cur_page = page;
    ++r->pending;
    ++counters_.host_nand_reads;
  }
  if (cur) flash_.submit(cur);
  if (ras) {
    const std::uint64_t end = r->first_lpn + r->n_ius;
    ra_.release_below(*ras, end);  // consumed by this command
    if (ra_.should_fetch(*ras)) read_ahead(*ras, end);
  }
  return --r->pending == 0;
}

// Fetch the stream's next window: one NAND read per run of LPNs that sit at consecutive
// PPNs of one page. LPNs in the write buffer or deallocated need no read and are skipped.
// Read-ahead does not suspend programs: it is speculative.
void Ftl::read_ahead(ReadAhead::Stream& s, std::uint64_t from) {
  std::uint64_t lpn = std::max(s.fetch_lpn, from);
  const std::uint64_t until = std::min<std::uint64_t>(from + ra_.config().window_ius, map_.user_ius());
  while (lpn < until && !s.full()) {
    const std::uint32_t e = map_.l2p(lpn);
    if (e == Mapping::kUnmapped || Mapping::is_buffer_ref(e)) {
      ++lpn;
      continue;
    }
    const std::uint64_t page = e / geo_.ius_per_page;
    std::uint32_t n = 1;
    // Whole pages: the run may finish its page past the window's edge (one read, not two halves).
    while (lpn + n < map_.user_ius() && map_.l2p(lpn + n) == e + n && (e + n) / geo_.ius_per_page == page) ++n;
    const nand::PhysAddr a = geo_.decode(e);
    nand::NandOp* op = ops_.read(a, kReadAhead);
    op->bus_bytes = n * iu_bus_bytes_;
    op->ctx = ra_.push_page(s, lpn, e, n);
    flash_.submit(op);
    lpn += n;
  }
  s.fetch_lpn = lpn;
}

void Ftl::on_read_ahead_done(nand::NandOp* op) {
  RaWaiter* const w = ra_.arrived(static_cast<RaPage*>(op->ctx));
  for (RaWaiter* x = w; x; x = x->next)
    if (--x->req->pending == 0) host_->on_read_ready(x->req);
  ra_.release_waiters(w);
}

// ---------------------------------------------------------------- writes

bool Ftl::reserve_buffer(IoRequest* r) {
  const std::uint32_t available = std::uint32_t(free_slots_.size()) - reserved_slots_;
  if (!wait_head_ && available >= r->n_ius) {
    reserved_slots_ += r->n_ius;
    return true;
  }
  ++counters_.write_stalls;
  r->next = nullptr;
  if (wait_tail_) {
    wait_tail_->next = r;
  } else {
    wait_head_ = r;
    buffer_wait_since_ps_ = sc_now_ps();
  }
  wait_tail_ = r;
  return false;
}

void Ftl::grant_waiting_writes() {
  while (wait_head_) {
    IoRequest* r = wait_head_;
    const std::uint32_t available = std::uint32_t(free_slots_.size()) - reserved_slots_;
    if (available < r->n_ius) break;
    wait_head_ = r->next;
    if (!wait_head_) {
      wait_tail_ = nullptr;
      counters_.buffer_wait_ps += sc_now_ps() - buffer_wait_since_ps_;
    }
    reserved_slots_ += r->n_ius;
    host_->on_buffer_granted(r);
  }
}

void Ftl::commit_write(IoRequest* r) {
  reserved_slots_ -= r->n_ius;
  if (power_failing_) {  // the supply is gone: the DMA never delivered this data
    counters_.dropped_at_power_loss += r->n_ius;
    grant_waiting_writes();
    return;
  }
  counters_.host_written_bytes += r->bytes;
  VerifyTags* const v = map_.verify();
  if (v) r->first_seq = v->last_seq() + 1;
  for (std::uint64_t lpn = r->first_lpn; lpn < r->first_lpn + r->n_ius; ++lpn) {
    ++counters_.host_written_ius;
    const std::uint32_t e = map_.l2p(lpn);
    const bool partial =
        (lpn == r->first_lpn && r->partial_first) || (lpn + 1 == r->first_lpn + r->n_ius && r->partial_last);
    if (partial && e != Mapping::kUnmapped && !Mapping::is_buffer_ref(e)) {
      // Read-modify-write: the rest of the IU comes from its old copy on NAND. The read costs
      // die and channel time; the write is already safe in the power-protected buffer, so
      // it does not wait for it (nor does the unit's program: no data is modelled).
      const nand::PhysAddr a = geo_.decode(e);
      nand::NandOp* op = ops_.read(a, kRmwRead);
      op->bus_bytes = iu_bus_bytes_;
      ++counters_.rmw_reads;
      flash_.submit(op);
    }
    if (Mapping::is_buffer_ref(e) && slot_state_[e & ~Mapping::kBufferFlag] == SlotState::Dirty) {
      ++counters_.buffer_overwrites;  // absorbed in DRAM, never reaches NAND
      if (v) v->host_write(lpn, e & ~Mapping::kBufferFlag);
      continue;
    }
    const std::uint32_t s = free_slots_.back();
    free_slots_.pop_back();
    ++used_slots_;
    slot_lpn_[s] = static_cast<std::uint32_t>(lpn);
    slot_state_[s] = SlotState::Dirty;
    map_.map_to_buffer(lpn, s);
    if (v) v->host_write(lpn, s);
    open_unit_->items.push_back(s);
    if (open_unit_->items.size() == geo_.ius_per_unit) close_open_unit();
  }
  dispatch_host_units();
}

void Ftl::record_ack(const IoRequest* r) {
  if (!power_failing_ && r->first_seq) map_.verify()->host_ack(r->first_lpn, r->n_ius, r->first_seq);
}

void Ftl::trim(IoRequest* r) {
  VerifyTags* v = map_.verify();
  for (std::uint64_t lpn = r->first_lpn; lpn < r->first_lpn + r->n_ius; ++lpn) {
    map_.trim(lpn);
    if (v) v->host_trim(lpn);
  }
  counters_.trimmed_ius += r->n_ius;
}

// The open host unit is complete (or, at a power failure, goes out padded): queue it for a die.
void Ftl::close_open_unit() {
  for (std::uint64_t slot : open_unit_->items) slot_state_[slot] = SlotState::Flushing;
  ready_units_.push_back(open_unit_);
  open_unit_ = take_unit();
}

void Ftl::dispatch_host_units() {
  while (ready_head_ < ready_units_.size()) {
    // Prefer an idle die, round-robin from the last one used; else the least-queued.
    int chosen = -1;
    std::uint32_t best_q = kMaxHostProgramsPerDie;
    for (std::uint32_t i = 0; i < geo_.dies; ++i) {
      const std::uint32_t d = (rr_die_ + i) % geo_.dies;
      if (host_programs_inflight_[d] < best_q && map_.can_alloc(d, Stream::Host)) {
        best_q = host_programs_inflight_[d];
        chosen = static_cast<int>(d);
        if (best_q == 0) break;
      }
    }
    if (chosen < 0) return;  // every die busy or out of space: wait for a program or GC
    const std::uint32_t die = static_cast<std::uint32_t>(chosen);
    rr_die_ = (die + 1) % geo_.dies;
    Unit* u = ready_units_[ready_head_++];
    if (ready_head_ == ready_units_.size()) {
      ready_units_.clear();
      ready_head_ = 0;
    }
    u->base_ppn = map_.alloc_unit(die, Stream::Host);
    map_.begin_program(u->base_ppn);
    nand::NandOp* op = ops_.program(u->base_ppn, kHostProgram);
    op->ctx = u;
    ++host_programs_inflight_[die];
    ++counters_.host_programs;
    flash_.submit(op);
    gc_.host_unit_written(die);  // the host's write earns GC its share of relocation
  }
}

void Ftl::on_host_program_done(nand::NandOp* op) {
  Unit* u = static_cast<Unit*>(op->ctx);
  VerifyTags* const v = map_.verify();
  for (std::size_t i = 0; i < u->items.size(); ++i) {
    const std::uint32_t s = static_cast<std::uint32_t>(u->items[i]);
    const std::uint32_t lpn = slot_lpn_[s];
    if (v) v->program_slot(u->base_ppn + i, s);
    if (map_.l2p(lpn) == (Mapping::kBufferFlag | s))
      map_.commit_program(u->base_ppn + i, lpn);
    else
      map_.program_padding(u->base_ppn + i);  // overwritten while in flight
    slot_state_[s] = SlotState::Free;
    free_slots_.push_back(s);
    --used_slots_;
  }
  // A unit flushed before it was full (power failure) is padded.
  if (u->items.size() < geo_.ius_per_unit)
    for (std::size_t i = u->items.size(); i < geo_.ius_per_unit; ++i) map_.program_padding(u->base_ppn + i);
  map_.end_program(u->base_ppn);
  --host_programs_inflight_[op->die];
  give_unit(u);
  grant_waiting_writes();
  dispatch_host_units();
}

void Ftl::on_nand_done(nand::NandOp* op) {
  switch (op->tag) {
    case kHostRead: {
      IoRequest* r = static_cast<IoRequest*>(op->ctx);
      if (--r->pending == 0) host_->on_read_ready(r);
      break;
    }
    case kHostProgram:
      on_host_program_done(op);
      break;
    case kGcRead:
      gc_.on_read_done(op);
      return;  // returned to the pool after relocation
    case kGcProgram:
      gc_.on_program_done(op);
      return;
    case kRmwRead:
      break;  // merged into the buffered IU
    case kReadAhead:
      on_read_ahead_done(op);
      break;
    case kGcErase:
      gc_.on_erase_done(op);
      return;
  }
  ops_.put(op);
}

void Ftl::set_host_idle(bool idle) {
  host_idle_ = idle;
  if (!idle || power_failing_) return;  // a running job falls back to earning credits from host writes
  ++counters_.idle_periods;
  gc_.host_went_idle();
}

}  // namespace ssdtwin::ftl
