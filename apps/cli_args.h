// Minimal, strict argument parsing for the ssdtwin command line: every unknown flag or
// missing value is an error naming the flag.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace ssdtwin::cli {

struct Args {
  std::string command;
  std::vector<std::string> positional;
  std::map<std::string, std::string> single;  // --flag value / --flag=value
  std::vector<std::string> sets;              // repeatable --set
  std::vector<std::string> bools;             // --flag without value
};

// flags_with_value / bool_flags name what this command accepts; throws InputError.
Args parse_args(int argc, char** argv, const std::vector<std::string>& flags_with_value,
                const std::vector<std::string>& bool_flags);

}  // namespace ssdtwin::cli
