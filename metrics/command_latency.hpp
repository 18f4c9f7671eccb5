// pgbench's --report-per-command: what each command of a script took over
// the run, as pgbench reports it after its final block (the average
// latency of a command and the transactions that failed at it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tpcc {

struct CommandLatency {
  std::string text;           // the command's first line, as pgbench prints it
  std::int64_t runs = 0;      // times it ran to its end
  double total_micros = 0;    // their time together
  std::int64_t failures = 0;  // transactions that failed at it

  double average_ms() const { return runs > 0 ? total_micros / 1000.0 / runs : 0.0; }
};

// Each script's commands, in script order, by the script's slot.
using ScriptCommandLatencies = std::vector<std::vector<CommandLatency>>;

}  // namespace tpcc
