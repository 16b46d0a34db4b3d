#include "firmware/cores.h"

namespace ssdtwin::firmware {

Cores::Cores(const CoresConfig& cfg, ftl::Ftl& ftl)
    : cfg_(cfg), ftl_(ftl), idle_cores_(cfg.cores), write_slots_(cfg.write_cores ? cfg.write_cores : cfg.cores) {
  ftl_.set_firmware(this);
}

void Cores::dispatch(TimePs now) {
  while (idle_cores_ > 0) {
    const bool wslot = write_busy_ < write_slots_;
    if (wslot && !gc_work_.empty()) {  // GC first: pacing already decided the batch is due
      nand::NandOp* op = gc_work_.pop();
      start(CoreTask{cfg_.gc_iu_ps * op->count, true, 0, nullptr, op}, now);
      continue;
    }
    if (!host_->command_waiting(wslot)) break;
    CoreTask task;
    if (!host_->next_command(wslot, task)) continue;
    start(task, now);
  }
}

void Cores::start(const CoreTask& task, TimePs now) {
  --idle_cores_;
  if (task.write_path) ++write_busy_;
  stats_.core_busy_ps += task.cost_ps;
  if (task.gc) {
    stats_.gc_fw_busy_ps += task.cost_ps;
    ++stats_.gc_fw_batches;
    stats_.gc_fw_ius += task.gc->count;
    if (budget_) budget_->spend(now, core_busy_w_ * s_from_ps(task.cost_ps));
  } else if (budget_) {
    budget_->spend(now, core_busy_w_ * s_from_ps(task.cost_ps) + task.data_j);
  }
  host_->core_done_at(now + task.cost_ps, task);
}

void Cores::release(bool write_path) {
  ++idle_cores_;
  if (write_path) --write_busy_;
}

void Cores::finish_command(bool write_path, TimePs now) {
  release(write_path);
  dispatch(now);
}

void Cores::finish_gc(nand::NandOp* op, TimePs now) {
  release(true);
  dispatch(now);
  ftl_.on_gc_firmware_done(op);
}

bool Cores::run_gc_batch(nand::NandOp* op) {
  if (cfg_.gc_iu_ps == 0 || op->count == 0) return false;
  gc_work_.push(op);
  dispatch(host_->now());
  return true;
}

}  // namespace ssdtwin::firmware
