// Session: the statements queued on the pipeline (or on the simple query
// mode's string) and their results flushed, errors classed and the
// transaction block left clean.
#include <cstring>
#include <utility>

#include "db/literal_sql.hpp"
#include "db/pipeline_error.hpp"
#include "db/session.hpp"

namespace tpcc {
namespace {

// One statement's result: its rows kept (counted: as a write when the
// queue says its statement is Counted::AsWrite, else by its command tag)
// when keep_rows, or its error recorded; anything else (an item the server
// skipped after an error) cleared. True when the rows were kept.
bool take_result(PGresult* result, bool keep_rows, const std::vector<bool>& as_write,
                 std::vector<QueryResult>& results, StatementCounts& executed,
                 PipelineError& error) {
  const ExecStatusType status = PQresultStatus(result);
  if (keep_rows && (status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK)) {
    if (results.size() < as_write.size() && as_write[results.size()]) {
      ++executed.writes;
    } else {
      count_command_tag(executed, PQcmdStatus(result));
    }
    results.emplace_back(result);  // takes ownership
    return true;
  }
  if (status == PGRES_FATAL_ERROR || status == PGRES_NONFATAL_ERROR) record_error(result, error);
  PQclear(result);
  return false;
}

}  // namespace

void Session::queue(const std::string& statement_name, const Params& params) {
  queue(statement_name.c_str(), params);
}

void Session::queue(const char* statement_name, const Params& params) {
  queue(statement_name, params.values(), params.nulls());
}

void Session::queue(const char* statement_name, const std::vector<std::string>& values,
                    const std::vector<bool>& nulls) {
  if (!conn_ || broken_) throw_lost("not connected");
  // The registration is looked up once, and only when something needs it:
  // its text (the modes that send it) or its count (some statement AsWrite).
  const Registered* statement = nullptr;
  if (some_counted_as_write_ || options_.query_mode != QueryMode::Prepared) {
    statement = &registered(statement_name);
  }
  if (some_counted_as_write_) queued_as_write_.push_back(statement->counted == Counted::AsWrite);
  param_values_.resize(values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    param_values_[i] = nulls[i] ? nullptr : values[i].c_str();
  }
  switch (options_.query_mode) {
    case QueryMode::Prepared:
      // Text parameters and text results: the data is copied into libpq's
      // output buffer here, so `params` need not outlive the call.
      check_send(PQsendQueryPrepared(conn_, statement_name, static_cast<int>(values.size()),
                                     param_values_.data(), nullptr, nullptr, 0));
      break;
    case QueryMode::Extended:
      // Parse, Bind and Execute of the unnamed statement: nothing outlives
      // the round trip on the server, so a transaction pooler may hand the
      // next one to another connection.
      check_send(PQsendQueryParams(conn_, statement->sql.c_str(), static_cast<int>(values.size()),
                                   nullptr, param_values_.data(), nullptr, nullptr, 0));
      break;
    case QueryMode::Simple:
      statement->literal->append(simple_batch_, values, nulls,
                                 [this](const std::string& v) { return quote_literal(v); });
      simple_batch_ += ";\n";
      break;
  }
  ++queued_;
}

void Session::queue_command(const std::string& sql) { queue_command(sql.c_str()); }

void Session::queue_command(const char* sql) {
  if (!conn_ || broken_) throw_lost("not connected");
  if (commit_action_ != CommitAction::Commit && std::strcmp(sql, "commit") == 0) {
    sql = commit_action_ == CommitAction::Rollback ? "rollback" : "select 'commit held'";
  }
  if (some_counted_as_write_) queued_as_write_.push_back(false);
  if (options_.query_mode == QueryMode::Simple) {
    simple_batch_ += sql;
    simple_batch_ += ";\n";
    ++queued_;
    return;
  }
  // Pipeline mode allows only the extended protocol: a parameterless
  // PQsendQueryParams instead of a simple query.
  check_send(PQsendQueryParams(conn_, sql, 0, nullptr, nullptr, nullptr, nullptr, 0));
  ++queued_;
}

std::vector<QueryResult> Session::flush() {
  if (!conn_ || broken_) throw_lost("not connected");
  const int expected = queued_;
  queued_ = 0;
  // The kinds queued so far are read from flushing_as_write_ while queue()
  // starts again on the other vector: both keep their room, no allocation.
  flushing_as_write_.swap(queued_as_write_);
  queued_as_write_.clear();
  const std::vector<bool>& as_write = flushing_as_write_;
  if (options_.query_mode == QueryMode::Simple) return flush_simple(expected, as_write);
  std::vector<QueryResult> results;
  results.reserve(static_cast<std::size_t>(expected));
  check_send(PQpipelineSync(conn_));

  PipelineError error;
  int nulls_in_a_row = 0;
  for (;;) {
    PGresult* result = next_result();
    if (!result) {
      // A NULL ends each queued item's results; two in a row mean libpq has
      // nothing more to read, which only happens when the connection broke.
      if (PQstatus(conn_) == CONNECTION_BAD || ++nulls_in_a_row > 1) {
        if (error.set) throw_lost(error.message, error.sqlstate);
        throw_lost(trimmed_message(PQerrorMessage(conn_)));
      }
      continue;
    }
    nulls_in_a_row = 0;
    const ExecStatusType status = PQresultStatus(result);
    if (status == PGRES_PIPELINE_SYNC) {
      PQclear(result);
      break;
    }
    if (take_result(result, true, as_write, results, executed_, error)) continue;
    if (PQstatus(conn_) == CONNECTION_BAD) throw_lost(error.message, error.sqlstate);
  }
  return finish_flush(std::move(results), expected, error.sqlstate, error.message, error.set);
}

std::vector<QueryResult> Session::flush_simple(int expected, const std::vector<bool>& as_write) {
  std::vector<QueryResult> results;
  if (expected == 0) return results;
  results.reserve(static_cast<std::size_t>(expected));
  // libpq copies the query: the batch keeps its buffer for the next one.
  check_send(PQsendQuery(conn_, simple_batch_.c_str()));
  simple_batch_.clear();
  // One result per statement of the string, up to the first error (the
  // server skips the rest), then NULL.
  PipelineError error;
  for (;;) {
    PGresult* result = next_result();
    if (!result) break;
    take_result(result, !error.set, as_write, results, executed_, error);
  }
  if (PQstatus(conn_) == CONNECTION_BAD) {
    if (error.set) throw_lost(error.message, error.sqlstate);
    throw_lost(trimmed_message(PQerrorMessage(conn_)));
  }
  return finish_flush(std::move(results), expected, error.sqlstate, error.message, error.set);
}

std::vector<QueryResult> Session::finish_flush(std::vector<QueryResult> results, int expected,
                                               const std::string& error_state,
                                               const std::string& error_message, bool failed) {
  PipelineError error;
  error.set = failed;
  error.sqlstate = error_state;
  error.message = error_message;
  if (!error.set) {
    if (static_cast<int>(results.size()) != expected) {
      throw_lost("pipeline returned " + std::to_string(results.size()) + " results for " +
                 std::to_string(expected) + " statements");
    }
    return results;
  }
  if (is_connection_state(error.sqlstate) || PQstatus(conn_) == CONNECTION_BAD) {
    throw_lost(error.message, error.sqlstate);
  }
  // The server skipped the rest of the pipeline; an explicit BEGIN leaves the
  // transaction block failed (or open, if the error came before BEGIN ran),
  // so end it here and hand the caller a clean session.
  rollback_if_open();
  const std::string message = error.sqlstate + " " + error.message;
  if (error.sqlstate == kSerializationFailure || error.sqlstate == kDeadlockDetected) {
    throw RetryableError(message, error.sqlstate);
  }
  throw SqlError(message, error.sqlstate);
}

StatementCounts Session::take_statement_counts() {
  StatementCounts counts = executed_;
  executed_ = StatementCounts{};
  return counts;
}

bool Session::drain_to_sync() {
  int nulls_in_a_row = 0;
  for (;;) {
    PGresult* result = next_result();
    if (!result) {
      if (PQstatus(conn_) == CONNECTION_BAD || ++nulls_in_a_row > 1) return false;
      continue;
    }
    nulls_in_a_row = 0;
    const ExecStatusType status = PQresultStatus(result);
    PQclear(result);
    if (status == PGRES_PIPELINE_SYNC) return true;
  }
}

void Session::rollback_if_open() {
  if (!in_transaction()) return;
  if (options_.query_mode == QueryMode::Simple) {
    simple_batch_.clear();
    std::string state;
    std::string message;
    if (!run_simple("rollback", state, message)) throw_lost(message, state);
    return;
  }
  check_send(PQsendQueryParams(conn_, "rollback", 0, nullptr, nullptr, nullptr, nullptr, 0));
  check_send(PQpipelineSync(conn_));
  if (!drain_to_sync()) throw_lost(trimmed_message(PQerrorMessage(conn_)));
}

}  // namespace tpcc
