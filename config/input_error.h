// Every rejected input (profile, job file, flag) becomes one of these: where, which key,
// what is wrong and what is allowed. The CLI prints what() and exits non-zero.
#pragma once
#include <stdexcept>
#include <string>

namespace ssdtwin::config {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace ssdtwin::config
