// pgbench's --report-per-command on tpcc's engine: each client times the
// commands of the scripts it runs, as pgbench times them (a command from
// its start to its end, a \sleep with its wait, a \set with its
// evaluation), and counts the command a transaction failed at; the
// clients' tallies are summed into each script's command latencies after
// the run.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "metrics/command_latency.hpp"
#include "workloads/pgbench/pgbench_scripts.hpp"

namespace tpcc::pgbench {

struct CommandTally {
  std::int64_t runs = 0;
  double micros = 0;
  std::int64_t failures = 0;
};

// One client's tallies: by script slot, by command.
using ClientTallies = std::vector<std::vector<CommandTally>>;

// Empty tallies for every command of every script.
ClientTallies empty_tallies(const std::vector<RunScript>& scripts);

// Times one transaction's commands for one client.
class CommandTimer {
 public:
  // tallies: the script's, one per command; null: times nothing.
  CommandTimer(const Script& script, std::vector<CommandTally>* tallies);

  // `command` ran to its end now; the next one starts now.
  void done(const Command* command);
  // The transaction failed at `command` (null: at none known).
  void failed(const Command* command);

 private:
  std::size_t index(const Command* command) const;

  const Script& script_;
  std::vector<CommandTally>* tallies_;
  std::chrono::steady_clock::time_point start_;
};

// The command a ScriptRunError's line names (null: none).
const Command* command_at_line(const Script& script, int line);

// Every client's tallies summed, each command with its first line.
ScriptCommandLatencies sum_tallies(const std::vector<RunScript>& scripts,
                                   const std::vector<const ClientTallies*>& clients);

}  // namespace tpcc::pgbench
