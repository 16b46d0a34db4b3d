// A software prefetch the compiler cannot delete. GCC treats __builtin_prefetch as free of
// side effects, so a function made only of prefetches is found "pure" and a call whose
// result is unused is removed as dead code: with GCC 12 at -O3, Mapping::prefetch_old_copy
// vanished from FunctionalWriter::write_batch, whose old-copy misses then stalled the host
// loop. The empty volatile asm is a side effect that costs no instruction.
#pragma once

namespace ssdtwin {

inline void prefetch_for_write(const void* p) {
  __builtin_prefetch(p, 1);
  asm volatile("");
}

}  // namespace ssdtwin
