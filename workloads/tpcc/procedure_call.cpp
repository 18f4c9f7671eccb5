#include <string>
#include <utility>
#include <vector>

#include "workloads/tpcc/procedure_calls.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc {
namespace {

constexpr const char* kUndefinedFunction = "42883";

}  // namespace

QueryResult run_call(Session& session, const TpccTerminal& terminal, const char* statement,
                     const Params& params, bool read_only) {
  // A commit to replace or hold (CommitAction, the ACID tests) needs the
  // transaction block that a single call in autocommit does without.
  if (terminal.isolation == Isolation::ReadCommitted && !terminal.read_only &&
      session.commit_action() == CommitAction::Commit) {
    session.queue(statement, params);
    return std::move(session.flush().at(0));
  }
  session.queue_command(begin_command(terminal.isolation, terminal.read_only || read_only));
  session.queue(statement, params);
  session.queue_command("commit");
  return std::move(session.flush().at(1));
}

void prepare_procedure_calls(Session& session) {
  try {
    prepare_new_order_call(session);
    prepare_payment_call(session);
    prepare_order_status_call(session);
    prepare_delivery_call(session);
    prepare_stock_level_call(session);
  } catch (const SqlError& e) {
    if (e.sqlstate != kUndefinedFunction) throw;
    throw SqlError(std::string(e.what()) +
                       "; --mode procedures needs the functions tpcc prepare installs: run "
                       "'tpcc prepare' with the same options again (it keeps the loaded data)",
                   e.sqlstate);
  }
}

}  // namespace tpcc
