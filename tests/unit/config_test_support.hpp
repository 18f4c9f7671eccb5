// What the command-line tests (test_config_*options*.cpp) share: parsing an
// argument list as `tpcc ARGS...` and catching the usage error it must give.
#pragma once

#include <catch2/catch.hpp>

#include <array>
#include <sstream>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "config/errors.hpp"
#include "config/options.hpp"

namespace tpcc::test {

// The five transaction weights of Config::mix, in kTransactions order.
using Mix = std::array<double, kTxnTypes>;

// parse_command_line on {"tpcc", args...}; warnings land in `warnings`.
inline Config parse(const std::vector<std::string>& args, std::string* warnings = nullptr) {
  std::vector<const char*> argv{"tpcc"};
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream w;
  Config c = parse_command_line(static_cast<int>(argv.size()), argv.data(), w);
  if (warnings != nullptr) *warnings = w.str();
  return c;
}

// The UsageError message for args (fails the test if there is none).
inline std::string usage_error(const std::vector<std::string>& args) {
  try {
    parse(args);
  } catch (const UsageError& e) {
    return e.what();
  }
  FAIL("no UsageError");
  return "";
}

}  // namespace tpcc::test
