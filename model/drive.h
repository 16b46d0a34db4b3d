// The drive: host interface, FTL and NAND assembled from a validated DriveConfig, plugged
// into a host (HostConfig: its root complex's completion size and data path). This is the
// module another SystemC platform instantiates; bind initiators to `socket()`.
#pragma once
#include <memory>
#include <systemc>

#include "ftl/ftl.h"
#include "ftl/verify_tags.h"
#include "host_if/controller.h"
#include "power/power_manager.h"
#include "config/drive_config.h"
#include "config/layout.h"
#include "nand/flash_array.h"

namespace ssdtwin::model {

class Drive : public sc_core::sc_module {
 public:
  Drive(sc_core::sc_module_name name, const config::DriveConfig& cfg, const host_if::HostConfig& host,
        const config::Layout& layout, const power::PowerRunOptions& power = {});

  tlm_utils::multi_passthrough_target_socket<host_if::Controller>& socket() { return controller_->socket; }
  const config::DriveConfig& config() const { return cfg_; }
  const config::Layout& layout() const { return layout_; }
  nand::FlashArray& flash() { return *flash_; }
  ftl::Ftl& ftl() { return *ftl_; }
  host_if::Controller& controller() { return *controller_; }
  power::PowerManager& power() { return *power_; }
  // The controller, NAND array and power manager run ahead of the kernel in this domain
  // (sim/lookahead.h); initiators that join it run there too.
  LookaheadDomain& lookahead() { return *lookahead_; }
  // Data-integrity mode: tag every IU written from now on (call before preconditioning).
  // Costs 8 B per physical IU and 4 B per LPN.
  void enable_verify();
  const ftl::VerifyTags* verify() const { return verify_.get(); }
  ftl::VerifyTags* verify() { return verify_.get(); }

 private:
  config::DriveConfig cfg_;
  config::Layout layout_;
  std::unique_ptr<LookaheadDomain> lookahead_;
  std::unique_ptr<nand::FlashArray> flash_;
  std::unique_ptr<ftl::Ftl> ftl_;
  std::unique_ptr<host_if::Controller> controller_;
  std::unique_ptr<power::PowerManager> power_;
  std::unique_ptr<ftl::VerifyTags> verify_;
};

}  // namespace ssdtwin::model
