// One NAND operation as the FTL hands it to the flash array. Pooled by the FTL; the array
// only links it into its queues (intrusive `next`) and fills in timestamps.
#pragma once
#include <cstdint>

#include "sim/time.h"

namespace ssdtwin::nand {

enum class OpKind : std::uint8_t { Read, Program, Erase };

struct NandOp {
  OpKind kind = OpKind::Read;
  std::uint32_t die = 0;
  std::uint32_t plane = 0;       // reads: the plane read; program/erase: all planes
  std::uint32_t bus_bytes = 0;   // data + spare moved over the channel
  bool may_suspend = false;      // reads: may suspend a program/erase (host reads, not GC)
  TimePs submit_ps = 0;
  TimePs start_ps = 0;           // array operation began
  TimePs done_ps = 0;
  void* ctx = nullptr;           // owner's context (command, unit, GC job)
  std::uint32_t tag = 0;         // owner's discriminator
  std::uint64_t aux = 0;         // owner's data (e.g. first index of a GC batch)
  std::uint32_t count = 0;       // owner's data (e.g. IUs in the batch)
  NandOp* next = nullptr;
};

// Receives completed operations. Contract: called from the flash array's SystemC process
// at the operation's completion time; the callee may submit new operations re-entrantly.
// What the FTL submits to; implemented by FlashArray.
class FlashPort {
 public:
  virtual ~FlashPort() = default;
  virtual void submit(NandOp* op) = 0;
};

class FlashClient {
 public:
  virtual ~FlashClient() = default;
  virtual void on_nand_done(NandOp* op) = 0;
};

struct OpQueue {
  NandOp* head = nullptr;
  NandOp* tail = nullptr;
  std::uint32_t size = 0;
  void push(NandOp* op) {
    op->next = nullptr;
    if (tail) tail->next = op; else head = op;
    tail = op;
    ++size;
  }
  NandOp* pop() {
    NandOp* op = head;
    head = op->next;
    if (!head) tail = nullptr;
    --size;
    return op;
  }
  bool empty() const { return head == nullptr; }
};

}  // namespace ssdtwin::nand
