// TLM-2.0 has no command for NVMe Dataset Management: a transaction carrying this extension
// (with TLM_IGNORE_COMMAND) deallocates [address, address + data_length), as an NVMe DSM
// command with the Deallocate attribute and one range would.
#pragma once
#include <tlm>

namespace ssdtwin::host_if {

struct DeallocateExtension : tlm::tlm_extension<DeallocateExtension> {
  tlm::tlm_extension_base* clone() const override { return new DeallocateExtension(*this); }
  void copy_from(const tlm::tlm_extension_base&) override {}
};

}  // namespace ssdtwin::host_if
