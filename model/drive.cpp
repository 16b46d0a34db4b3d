#include "model/drive.h"

#include <algorithm>

#include "config/energy_model.h"

namespace ssdtwin::model {

Drive::Drive(sc_core::sc_module_name name, const config::DriveConfig& cfg, const host_if::HostConfig& host,
             const config::Layout& layout, const power::PowerRunOptions& power)
    : sc_module(name), cfg_(cfg), layout_(layout) {
  nand::NandConfig nand = cfg.nand;
  nand.tBERS_ps = layout.tBERS_ps;  // a scaled block group erases in proportion to its size
  flash_ = std::make_unique<nand::FlashArray>("nand", nand, layout.geo);
  ftl_ = std::make_unique<ftl::Ftl>(cfg.ftl, cfg.nand, layout.geo, layout.user_ius, *flash_);
  flash_->set_client(ftl_.get());
  flash_->set_program_limit(cfg.controller.max_concurrent_programs);
  controller_ = std::make_unique<host_if::Controller>("controller", cfg.controller, cfg.pcie, host, cfg.ftl.iu_bytes,
                                                      layout.user_bytes(), *ftl_);
  power_ =
      std::make_unique<power::PowerManager>("power", cfg.power, power::operational_static_w(config::energy_model(cfg)),
                                            power::non_operational_static_w(config::energy_model(cfg)), power);
  flash_->set_energy_budget(&power_->budget());
  controller_->set_power(power_.get(), cfg.power);
  lookahead_ = std::make_unique<LookaheadDomain>("lookahead");
  controller_->join(*lookahead_);
  flash_->join(*lookahead_);
  power_->join(*lookahead_);
}

void Drive::enable_verify() {
  ftl::Mapping& map = ftl_->mapping();
  // Slots: the timed write buffer's, or the functional writer's open unit (preconditioning).
  const std::uint32_t slots = std::max(ftl_->buffer_capacity_ius(), layout_.geo.ius_per_unit);
  verify_ = std::make_unique<ftl::VerifyTags>(map.user_ius(), map.physical_ius(), slots);
  map.set_verify(verify_.get());
}

}  // namespace ssdtwin::model
