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
  for (std::size_t s = 0; s < scripts_.size(); ++s) {
    types_.push_back({scripts_[s].type_name, scripts_[s].type_title, {}});
    weights_.push_back(scripts_[s].weight);
    const std::vector<pgbench::Command>& commands = scripts_[s].script.commands;
    std::vector<std::string>& names = statement_names_.emplace_back(commands.size());
    for (std::size_t c = 0; c < commands.size(); ++c) {
      if (commands[c].kind == pgbench::Command::Kind::Sql) names[c] = pgbench_statement_name(s, c);
    }
  }
}

void PgbenchWorkload::prepare(Session& session) const {
  for (std::size_t s = 0; s < scripts_.size(); ++s) {
    const std::vector<pgbench::Command>& commands = scripts_[s].script.commands;
    for (std::size_t c = 0; c < commands.size(); ++c) {
      if (commands[c].kind != pgbench::Command::Kind::Sql) continue;
      session.prepare(statement_names_[s][c], commands[c].sql);
    }
  }
}

TxnIndex PgbenchWorkload::next(VirtualTerminal& terminal) const {
  return static_cast<TxnIndex>(pgbench::choose_script(weights_, terminal.rng));
}

std::any PgbenchWorkload::bind(int index, const Config&) const {
  pgbench::ClientSetup setup;
  setup.defines = defines_;
  setup.scale = seeds_.scale;
  setup.client_id = index;
  setup.random_seed = seeds_.random_seed;
  setup.default_seed = seeds_.default_seed;
  auto made = std::make_unique<Client>();
  made->variables = pgbench::client_variables(setup);
  for (const pgbench::RunScript& s : scripts_)
    made->bound.push_back(made->variables.bind(s.script));
  if (time_commands_) made->tallies = pgbench::empty_tallies(scripts_);
  Client* client = made.get();
  std::lock_guard<std::mutex> lock(clients_mutex_);
  clients_.push_back(std::move(made));
  return client;
}

ScriptCommandLatencies PgbenchWorkload::command_latencies() const {
  if (!time_commands_) return {};
  std::lock_guard<std::mutex> lock(clients_mutex_);
  std::vector<const pgbench::ClientTallies*> tallies;
  for (const auto& made : clients_) tallies.push_back(&made->tallies);
  return pgbench::sum_tallies(scripts_, tallies);
}

TxnResult PgbenchWorkload::execute(TxnIndex type, Session& session,
                                   VirtualTerminal& terminal) const {
  const std::size_t s = static_cast<std::size_t>(type);
  const pgbench::Script& script = scripts_[s].script;
  Client& me = *std::any_cast<Client*>(terminal.binding);
  pgbench::ScriptRun run(script, me.bound[s], terminal.rng, time_commands_);
  pgbench::CommandTimer timer(script, time_commands_ ? &me.tallies[s] : nullptr);
  TxnResult result;
  const pgbench::Command* at = nullptr;  // the statement running
  try {
    for (;;) {
      pgbench::Step& step = me.step;
      run.next(step);
      if (step.kind == pgbench::Step::Kind::End) break;
      if (step.kind == pgbench::Step::Kind::Sleep) {
        // Ended with the run like a statement in flight (Abandoned).
        session.pause(std::chrono::microseconds(step.sleep_us));
      } else if (step.kind == pgbench::Step::Kind::Sql) {
        at = step.command;
        const std::size_t c = static_cast<std::size_t>(step.command - script.commands.data());
        session.queue(statement_names_[s][c].c_str(), step.values, step.nulls);
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
