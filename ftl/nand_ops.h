// NAND operations as the FTL builds them: pooled, tagged with what they are for, and
// addressed from a PPN (nand/nand_op.h), so the flash array can time them by page.
#pragma once
#include <cstdint>

#include "nand/geometry.h"
#include "nand/nand_op.h"
#include "sim/pool.h"

namespace ssdtwin::ftl {

// What an operation is for (NandOp::tag): the FTL routes completions by it.
enum OpTag : std::uint32_t { kHostRead, kHostProgram, kGcRead, kGcProgram, kGcErase, kRmwRead, kReadAhead };

class NandOps {
 public:
  NandOps(const nand::Geometry& geo, std::uint32_t unit_bus_bytes) : geo_(geo), unit_bus_bytes_(unit_bus_bytes) {}

  nand::NandOp* op(nand::OpKind kind, std::uint32_t die, OpTag tag) {
    nand::NandOp* op = pool_.get();
    op->kind = kind;
    op->die = die;
    op->tag = tag;
    op->may_suspend = tag == kHostRead || tag == kRmwRead;  // GC reads never hold a program back
    return op;
  }
  // A read of the page holding `a`.
  nand::NandOp* read(const nand::PhysAddr& a, OpTag tag) {
    nand::NandOp* o = op(nand::OpKind::Read, a.die, tag);
    o->plane = a.plane;
    o->block = a.bg;
    o->wordline = a.unit;
    o->page_type = nand::page_type_of(a.page_in_wordline, geo_.bits_per_cell);
    return o;
  }
  // A one-shot program of the wordline (program unit) starting at `unit_base`.
  nand::NandOp* program(std::uint64_t unit_base, OpTag tag) {
    const nand::PhysAddr a = geo_.decode(unit_base);
    nand::NandOp* o = op(nand::OpKind::Program, a.die, tag);
    o->block = a.bg;
    o->wordline = a.unit;
    o->page_type = nand::PageType::Wordline;
    o->bus_bytes = unit_bus_bytes_;
    return o;
  }
  // An erase of block group `bg` of `die`.
  nand::NandOp* erase(std::uint32_t die, std::uint32_t bg, OpTag tag) {
    nand::NandOp* o = op(nand::OpKind::Erase, die, tag);
    o->block = bg;
    o->page_type = nand::PageType::Block;
    return o;
  }
  void put(nand::NandOp* op) { pool_.put(op); }

 private:
  const nand::Geometry& geo_;
  std::uint32_t unit_bus_bytes_;
  Pool<nand::NandOp> pool_;
};

}  // namespace ssdtwin::ftl
