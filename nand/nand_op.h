// One NAND operation as the FTL hands it to the flash array. Pooled by the FTL; the array
// only links it into its queues (intrusive `next`) and fills in timestamps.
#pragma once
#include <cstdint>

#include "sim/time.h"

namespace ssdtwin::nand {

enum class OpKind : std::uint8_t { Read, Program, Erase };

// Which page of a wordline an operation senses or writes. A cell of b bits stores b pages
// on one wordline, sensed with different numbers of read levels (TLC: lower/LSB,
// middle/CSB, upper/MSB; QLC adds the top page; MLC has lower and upper). A one-shot
// program writes every page of the wordline; an erase, the whole block.
enum class PageType : std::uint8_t { Lower, Middle, Upper, Top, Wordline, Block };

// Page type of page `index` (0 .. bits_per_cell - 1) of a wordline.
constexpr PageType page_type_of(std::uint32_t index, std::uint32_t bits_per_cell) {
  if (index == 0) return PageType::Lower;
  if (bits_per_cell == 2) return PageType::Upper;
  return index == 1 ? PageType::Middle : index == 2 ? PageType::Upper : PageType::Top;
}

struct NandOp {
  OpKind kind = OpKind::Read;
  // Physical address (nand/geometry.h). The FTL fills it in; timing may depend on it.
  std::uint32_t die = 0;
  std::uint32_t plane = 0;               // reads: the plane read; program/erase: all planes
  std::uint32_t block = 0;               // block index in each plane (the FTL's block group)
  std::uint32_t wordline = 0;            // reads and programs: wordline within the block
  PageType page_type = PageType::Lower;  // reads: the page sensed; programs: Wordline; erases: Block
  std::uint32_t bus_bytes = 0;           // data + spare moved over the channel
  bool may_suspend = false;              // reads: may suspend a program/erase (host reads, not GC)
  TimePs submit_ps = 0;
  TimePs start_ps = 0;  // array operation began
  TimePs done_ps = 0;
  void* ctx = nullptr;      // owner's context (command, unit, GC job)
  std::uint32_t tag = 0;    // owner's discriminator
  std::uint64_t aux = 0;    // owner's data (e.g. first index of a GC batch)
  std::uint32_t count = 0;  // owner's data (e.g. IUs in the batch)
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
    if (tail)
      tail->next = op;
    else
      head = op;
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
