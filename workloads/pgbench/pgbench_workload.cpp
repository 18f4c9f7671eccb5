#include "workloads/pgbench/pgbench_workload.hpp"

#include <chrono>

#include "db/session.hpp"
#include "terminal/engine/worker.hpp"

namespace tpcc {

std::string pgbench_statement_name(std::size_t script, std::size_t command) {
  return "pgb_" + std::to_string(script) + "_" + std::to_string(command);
}

PgbenchWorkload::PgbenchWorkload(std::vector<pgbench::RunScript> scripts,
                                 std::vector<pgbench::Define> defines, PgbenchClientSeeds seeds,
                                 bool time_commands)
    : scripts_(std::move(scripts)),
      defines_(std::move(defines)),
      seeds_(seeds),
      time_commands_(time_commands) {
  for (const pgbench::RunScript& s : scripts_) {
    types_.push_back({s.type_name, s.type_title, {}});
    weights_.push_back(s.weight);
  }
}

void PgbenchWorkload::prepare(Session& session) const {
  for (std::size_t s = 0; s < scripts_.size(); ++s) {
    const std::vector<pgbench::Command>& commands = scripts_[s].script.commands;
    for (std::size_t c = 0; c < commands.size(); ++c) {
      if (commands[c].kind != pgbench::Command::Kind::Sql) continue;
      session.prepare(pgbench_statement_name(s, c), commands[c].sql);
    }
  }
}

TxnIndex PgbenchWorkload::next(VirtualTerminal& terminal) const {
  return static_cast<TxnIndex>(pgbench::choose_script(weights_, terminal.rng));
}

PgbenchWorkload::Client& PgbenchWorkload::client(int terminal_index) const {
  std::lock_guard<std::mutex> lock(clients_mutex_);
  std::unique_ptr<Client>& made = clients_[terminal_index];
  if (!made) {
    pgbench::ClientSetup setup;
    setup.defines = defines_;
    setup.scale = seeds_.scale;
    setup.client_id = terminal_index;
    setup.random_seed = seeds_.random_seed;
    setup.default_seed = seeds_.default_seed;
    made = std::make_unique<Client>();
    made->variables = pgbench::client_variables(setup);
    if (time_commands_) made->tallies = pgbench::empty_tallies(scripts_);
  }
  return *made;
}

ScriptCommandLatencies PgbenchWorkload::command_latencies() const {
  if (!time_commands_) return {};
  std::lock_guard<std::mutex> lock(clients_mutex_);
  std::vector<const pgbench::ClientTallies*> tallies;
  for (const auto& [terminal, made] : clients_) tallies.push_back(&made->tallies);
  return pgbench::sum_tallies(scripts_, tallies);
}

TxnResult PgbenchWorkload::execute(TxnIndex type, Session& session,
                                   VirtualTerminal& terminal) const {
  const std::size_t s = static_cast<std::size_t>(type);
  const pgbench::Script& script = scripts_[s].script;
  Client& me = client(terminal.index);
  pgbench::ScriptRun run(script, me.variables, terminal.rng, time_commands_);
  pgbench::CommandTimer timer(script, time_commands_ ? &me.tallies[s] : nullptr);
  TxnResult result;
  const pgbench::Command* at = nullptr;  // the statement running
  try {
    for (;;) {
      const pgbench::Step step = run.next();
      if (step.kind == pgbench::Step::Kind::End) break;
      if (step.kind == pgbench::Step::Kind::Sleep) {
        // Ended with the run like a statement in flight (Abandoned).
        session.pause(std::chrono::microseconds(step.sleep_us));
      } else if (step.kind == pgbench::Step::Kind::Sql) {
        at = step.command;
        const std::size_t c = static_cast<std::size_t>(step.command - script.commands.data());
        session.queue(pgbench_statement_name(s, c), step.params());
        session.flush();
      }
      timer.done(step.command);
    }
    return result;
  } catch (const RetryableError& e) {
    result.error = e.what();
    result.sqlstate = e.sqlstate;
    timer.failed(at);
  } catch (const SqlError& e) {
    result.error = e.what();
    result.sqlstate = e.sqlstate;
    timer.failed(at);
  } catch (const pgbench::ScriptRunError& e) {
    // As pgbench 15 aborts the client: its error, then which client
    // stopped where; the transaction counts nowhere.
    session.rollback_if_open();
    result.error = std::string(e.what()) + "\n" +
                   pgbench::client_aborted_text(terminal.index, s, script, e.command_index());
    result.ends_terminal = true;
    return result;
  }
  // A failed statement left no transaction open (the session rolled it
  // back); a script error may have, between its BEGIN and END.
  session.rollback_if_open();
  result.outcome = Outcome::Error;
  return result;
}

}  // namespace tpcc
