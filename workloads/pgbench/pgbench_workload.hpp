// pgbench's scripts as the engine's workload: one transaction type per
// script (pgbench's per-script statistics), each terminal a pgbench client
// with its own variables (the -D ones, :scale, :client_id, the seeds, kept
// from one script run to the next as pgbench keeps them), its next script
// drawn by weight. A script's statements run one round trip each, as
// pgbench sends them, named prepared statements or the extended or simple
// protocol as the session's query mode says; a \sleep waits inside the
// transaction (pgbench counts it in the latency) and ends with the run as a
// statement in flight does, given up after --stop-grace. A failed statement fails
// the transaction: a serialization failure or deadlock is counted as
// failed, as pgbench 15 counts them with its default --max-tries 1. With
// time_commands (pgbench's -r) each client times its scripts' commands.
#pragma once

#include <any>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "metrics/command_latency.hpp"
#include "terminal/engine/workload.hpp"
#include "workloads/pgbench/command_timer.hpp"
#include "workloads/pgbench/pgbench_scripts.hpp"
#include "workloads/pgbench/script_run.hpp"

namespace tpcc {

struct PgbenchClientSeeds {
  std::int64_t scale = 1;         // :scale unless -D scale
  std::uint64_t random_seed = 0;  // :random_seed
  std::int64_t default_seed = 0;  // :default_seed, the hashes' seed
};

class PgbenchWorkload : public Workload {
 public:
  PgbenchWorkload(std::vector<pgbench::RunScript> scripts, std::vector<pgbench::Define> defines,
                  PgbenchClientSeeds seeds, bool time_commands = false);

  std::string name() const override { return "pgbench"; }
  const std::vector<WorkloadType>& types() const override { return types_; }
  // Terminal `index` as pgbench's client `index`: its variables (and
  // tallies) made here, one client per terminal of every group bound.
  std::any bind(int index, const Config& group_config) const override;
  // Every script's statements, named pgb_<script>_<command>.
  void prepare(Session& session) const override;
  // A script drawn by weight with the terminal's Random.
  TxnIndex next(VirtualTerminal& terminal) const override;
  TxnResult execute(TxnIndex type, Session& session, VirtualTerminal& terminal) const override;
  // pgbench 15's -R: a Poisson schedule per thread (--jobs), its clients
  // taking the next transaction due.
  ArrivalPlan arrivals(const Config& group_config) const override {
    return {Arrivals::Poisson, group_config.jobs};
  }

  const std::vector<pgbench::RunScript>& scripts() const { return scripts_; }

  // With time_commands, each script's commands as every client timed them
  // (call once the run is over); empty otherwise.
  ScriptCommandLatencies command_latencies() const;

 private:
  struct Client {
    pgbench::Variables variables;
    // Each script's variables bound to `variables` once (Variables::bind).
    std::vector<std::vector<pgbench::Variables::Entry*>> bound;
    pgbench::ClientTallies tallies;  // with time_commands
    pgbench::Step step;              // the step running, its room kept
  };

  std::vector<pgbench::RunScript> scripts_;
  std::vector<pgbench::Define> defines_;
  PgbenchClientSeeds seeds_;
  bool time_commands_;
  std::vector<WorkloadType> types_;
  std::vector<int> weights_;
  // pgbench_statement_name(s, c) of each script's statements, made once
  // (empty for a meta-command): a transaction builds no name.
  std::vector<std::vector<std::string>> statement_names_;
  // The bound terminals' clients; a terminal (and its binding, a Client*)
  // runs on one worker at a time.
  mutable std::mutex clients_mutex_;
  mutable std::vector<std::unique_ptr<Client>> clients_;
};

// "pgb_0_4": the statement of script 0's command 4 on a session.
std::string pgbench_statement_name(std::size_t script, std::size_t command);

}  // namespace tpcc
