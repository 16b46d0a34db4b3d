// Saving and loading a Mapping's functional state (the whole of what preconditioning
// leaves), so a preconditioned drive is reused instead of written again.
#include "ftl/mapping.h"

namespace ssdtwin::ftl {

namespace {
// The per-BG record is saved as the separate tables of format version 3.
template <class T, class Meta, class Field>
std::vector<T> column(const std::vector<Meta>& rows, Field f) {
  std::vector<T> c;
  c.reserve(rows.size());
  for (const Meta& m : rows) c.push_back(m.*f);
  return c;
}
}  // namespace

void Mapping::save_state(StateWriter& w) const {
  w.put_array(l2p_.begin(), l2p_.size());
  w.put_array(p2l_.begin(), p2l_.size());
  w.put_vector(column<std::uint32_t>(bg_, &BgMeta::valid));
  w.put_vector(erases_);
  w.put_vector(column<BgState>(bg_, &BgMeta::state));
  w.put_vector(programs_pending_);
  w.put_vector(closed_seq_);
  w.put(close_counter_);
  w.put_vector(column<std::uint64_t>(bg_, &BgMeta::candidate_seq));
  w.put(candidate_counter_);
  for (const auto& f : free_) w.put_vector(f);
  w.put_vector(open_host_);
  w.put_vector(open_gc_);
  w.put(counters_);
}

void Mapping::load_state(StateReader& r) {
  r.get_array(l2p_.begin(), l2p_.size());
  r.get_array(p2l_.begin(), p2l_.size());
  const std::size_t bgs = bg_.size();
  // Every per-BG and per-die table keeps the size this geometry gives it.
  auto same = [](auto& v, std::size_t n, StateReader& rd) {
    rd.get_vector(v, n);
    if (v.size() != n) throw std::runtime_error("saved state: a table of another size");
  };
  std::vector<std::uint32_t> valid;
  std::vector<BgState> state;
  std::vector<std::uint64_t> candidate_seq;
  same(valid, bgs, r);
  same(erases_, bgs, r);
  same(state, bgs, r);
  same(programs_pending_, bgs, r);
  same(closed_seq_, bgs, r);
  close_counter_ = r.get<std::uint64_t>();
  same(candidate_seq, bgs, r);
  candidate_counter_ = r.get<std::uint64_t>();
  for (std::size_t i = 0; i < bgs; ++i) bg_[i] = BgMeta{candidate_seq[i], valid[i], state[i]};
  for (auto& f : free_) r.get_vector(f, geo_.bgs_per_die);
  same(open_host_, geo_.dies, r);
  same(open_gc_, geo_.dies, r);
  counters_ = r.get<MappingCounters>();
}

}  // namespace ssdtwin::ftl
