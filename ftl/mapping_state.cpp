// Saving and loading a Mapping's functional state (the whole of what preconditioning
// leaves), so a preconditioned drive is reused instead of written again.
#include "ftl/mapping.h"

namespace ssdtwin::ftl {

void Mapping::save_state(StateWriter& w) const {
  w.put_array(l2p_.begin(), l2p_.size());
  w.put_array(p2l_.begin(), p2l_.size());
  w.put_vector(valid_);
  w.put_vector(erases_);
  w.put_vector(state_);
  w.put_vector(programs_pending_);
  w.put_vector(closed_seq_);
  w.put(close_counter_);
  w.put_vector(candidate_seq_);
  w.put(candidate_counter_);
  for (const auto& f : free_) w.put_vector(f);
  w.put_vector(open_host_);
  w.put_vector(open_gc_);
  w.put(counters_);
}

void Mapping::load_state(StateReader& r) {
  r.get_array(l2p_.begin(), l2p_.size());
  r.get_array(p2l_.begin(), p2l_.size());
  const std::size_t bgs = valid_.size();
  // Every per-BG and per-die table keeps the size this geometry gives it.
  auto same = [](auto& v, std::size_t n, StateReader& rd) {
    rd.get_vector(v, n);
    if (v.size() != n) throw std::runtime_error("saved state: a table of another size");
  };
  same(valid_, bgs, r);
  same(erases_, bgs, r);
  same(state_, bgs, r);
  same(programs_pending_, bgs, r);
  same(closed_seq_, bgs, r);
  close_counter_ = r.get<std::uint64_t>();
  same(candidate_seq_, bgs, r);
  candidate_counter_ = r.get<std::uint64_t>();
  for (auto& f : free_) r.get_vector(f, geo_.bgs_per_die);
  same(open_host_, geo_.dies, r);
  same(open_gc_, geo_.dies, r);
  counters_ = r.get<MappingCounters>();
}

}  // namespace ssdtwin::ftl
