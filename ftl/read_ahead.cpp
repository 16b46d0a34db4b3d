#include "ftl/read_ahead.h"

namespace ssdtwin::ftl {
namespace {
// Pages a stream may hold besides its window: those under the command being served.
constexpr std::uint32_t kRingSlack = 64;
}  // namespace

ReadAhead::ReadAhead(const ReadAheadConfig& cfg) : cfg_(cfg) {
  if (!enabled()) return;
  streams_.resize(cfg_.streams ? cfg_.streams : 1);
  for (Stream& s : streams_) s.pages.assign(cfg_.window_ius + kRingSlack, nullptr);
}

ReadAhead::Stream& ReadAhead::observe(std::uint64_t first_lpn, std::uint32_t n) {
  ++clock_;
  Stream* lru = &streams_[0];
  for (Stream& s : streams_) {
    if (s.next_lpn == first_lpn) {
      ++s.run;
      s.next_lpn = first_lpn + n;
      s.last_use = clock_;
      return s;
    }
    if (s.last_use < lru->last_use) lru = &s;
  }
  release_below(*lru, UINT64_MAX);
  lru->next_lpn = first_lpn + n;
  lru->fetch_lpn = first_lpn + n;
  lru->run = 1;
  lru->last_use = clock_;
  ++counters_.streams_started;
  return *lru;
}

RaPage* ReadAhead::find(const Stream& s, std::uint64_t lpn) const {
  for (std::uint32_t i = 0; i < s.count; ++i) {
    RaPage* p = s.page(i);
    if (p->covers(lpn)) return p;
    if (p->first_lpn > lpn) break;  // in LPN order
  }
  return nullptr;
}

void ReadAhead::release_below(Stream& s, std::uint64_t lpn) {
  while (s.count > 0) {
    RaPage* p = s.page(0);
    if (p->first_lpn + p->n_ius > lpn) break;
    drop(p);
    s.head = (s.head + 1) % s.pages.size();
    --s.count;
  }
}

RaPage* ReadAhead::push_page(Stream& s, std::uint64_t first_lpn, std::uint32_t first_ppn, std::uint32_t n) {
  RaPage* p = pages_.get();
  p->first_lpn = first_lpn;
  p->first_ppn = first_ppn;
  p->n_ius = n;
  s.pages[(s.head + s.count) % s.pages.size()] = p;
  ++s.count;
  ++counters_.nand_reads;
  return p;
}

bool ReadAhead::add_waiter(RaPage* p, IoRequest* r) {
  for (RaWaiter* w = p->waiters; w; w = w->next)
    if (w->req == r) return false;  // a command waits once per page
  RaWaiter* w = waiters_.get();
  w->req = r;
  w->next = p->waiters;
  p->waiters = w;
  return true;
}

RaWaiter* ReadAhead::arrived(RaPage* p) {
  RaWaiter* w = p->waiters;
  p->waiters = nullptr;
  p->ready = true;
  if (p->orphan) pages_.put(p);
  return w;
}

void ReadAhead::release_waiters(RaWaiter* w) {
  while (w) {
    RaWaiter* next = w->next;
    waiters_.put(w);
    w = next;
  }
}

void ReadAhead::drop(RaPage* p) {
  if (p->used_ius < p->n_ius) counters_.unused_ius += p->n_ius - p->used_ius;
  if (p->ready)
    pages_.put(p);
  else
    p->orphan = true;  // its read is still in flight; waiters are completed on arrival
}

void ReadAhead::clear() {
  for (Stream& s : streams_) {
    release_below(s, UINT64_MAX);
    s = Stream{UINT64_MAX, 0, 0, 0, std::move(s.pages), 0, 0};
  }
}

}  // namespace ssdtwin::ftl
