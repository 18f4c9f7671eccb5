// What the configuration tests share: parsing an argument list as
// `tpcc ARGS...`, catching the usage error it must give, and BenchmarkSQL 5's
// props.pg (also used by the database test of props files).
#pragma once

#include <catch2/catch.hpp>

#include <array>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "config/command_line/options.hpp"
#include "config/config.hpp"
#include "config/errors.hpp"

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

// BenchmarkSQL 5's run/props.pg for PostgreSQL, as shipped.
inline const std::string kBenchmarkSql5 =
    "db=postgres\n"
    "driver=org.postgresql.Driver\n"
    "conn=jdbc:postgresql://localhost:5432/postgres\n"
    "user=benchmarksql\n"
    "password=PWbmsql\n"
    "\n"
    "warehouses=1\n"
    "loadWorkers=4\n"
    "\n"
    "terminals=1\n"
    "//To run specified transactions per terminal- runMins must equal zero\n"
    "runTxnsPerTerminal=10\n"
    "//To run for specified minutes- runTxnsPerTerminal must equal zero\n"
    "runMins=0\n"
    "//Number of total transactions per minute\n"
    "limitTxnsPerMin=300\n"
    "\n"
    "//Set to true to run in 4.x compatible mode. Set to false to use the\n"
    "//entire configured database evenly.\n"
    "terminalWarehouseFixed=true\n"
    "\n"
    "//The following five values must add up to 100\n"
    "newOrderWeight=45\n"
    "paymentWeight=43\n"
    "orderStatusWeight=4\n"
    "deliveryWeight=4\n"
    "stockLevelWeight=4\n"
    "\n"
    "// Directory name to create for collecting detailed result data.\n"
    "resultDirectory=my_result_%tY-%tm-%td_%tH%tM%tS\n"
    "osCollectorScript=./misc/os_collector_linux.py\n"
    "osCollectorInterval=1\n"
    "//osCollectorSSHAddr=user@dbhost\n"
    "osCollectorDevices=net_eth0 blk_sda\n";

// kBenchmarkSql5 with the values of some keys replaced, lines unchanged.
inline std::string benchmarksql5_with(const std::map<std::string, std::string>& values) {
  std::istringstream in(kBenchmarkSql5);
  std::string out;
  std::string line;
  while (std::getline(in, line)) {
    const auto eq = line.find('=');
    const auto it = eq == std::string::npos ? values.end() : values.find(line.substr(0, eq));
    out += (it == values.end() ? line : it->first + "=" + it->second) + "\n";
  }
  return out;
}

}  // namespace tpcc::test
