#include "db/session.hpp"

#include <libpq-fe.h>

#include <poll.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <thread>
#include <utility>

#include "config/conn/mask.hpp"
#include "config/errors.hpp"
#include "db/connect.hpp"
#include "db/literal_sql.hpp"

namespace tpcc {
namespace {

std::string trimmed(const char* message) {
  std::string text = message ? message : "";
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

// Server notices (e.g. "there is no transaction in progress") are not the
// benchmark's output; libpq would print them on stderr.
void ignore_notice(void*, const char*) {}

bool is_connection_state(const std::string& sqlstate) {
  // Class 08: connection exception; 57P01..57P03: the server is shutting
  // down or terminated this backend (pg_terminate_backend).
  return sqlstate.compare(0, 2, "08") == 0 || sqlstate == "57P01" || sqlstate == "57P02" ||
         sqlstate == "57P03";
}

// The first error of a pipeline, kept until the sync point.
struct PipelineError {
  bool set = false;
  std::string sqlstate;
  std::string message;
};

void record_error(const PGresult* result, PipelineError& error) {
  if (error.set) return;
  error.set = true;
  const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
  error.sqlstate = state ? state : "";
  // The server's one-line message ("deadlock detected"); libpq's own errors
  // (a lost connection) have only the full text.
  const char* primary = PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
  error.message = trimmed(primary ? primary : PQresultErrorMessage(result));
}

}  // namespace

// ---- Session ----

Session::Session(std::string conninfo, SessionOptions options)
    : conninfo_(std::move(conninfo)), options_(std::move(options)) {
  open();
}

Session::~Session() {
  if (conn_) PQfinish(conn_);
}

void Session::open() {
  check_conninfo_syntax(conninfo_);
  if (conn_) PQfinish(conn_);
  conn_ = nullptr;
  broken_ = false;
  queued_ = 0;
  connect_interruptibly();
  PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
  simple_batch_.clear();
  // The simple protocol has no pipeline: its queue is one query string.
  if (options_.query_mode != QueryMode::Simple && PQenterPipelineMode(conn_) != 1) {
    const std::string message = trimmed(PQerrorMessage(conn_));
    PQfinish(conn_);
    conn_ = nullptr;
    throw ConnectError("cannot use pipeline mode with " + describe_target(conninfo_) + ": " +
                       message);
  }
  for (const auto& [name, value] : options_.settings) set_now(name, value);
  if (options_.query_mode != QueryMode::Prepared) return;
  for (const auto& [name, sql] : statements_) prepare_now(name, sql);
}

namespace {

// libpq's connect_timeout, which only its blocking connect applies: the
// seconds of the conninfo's connect_timeout (at least 2, as libpq), or 0.
int connect_timeout_seconds(PGconn* conn) {
  int seconds = 0;
  PQconninfoOption* options = PQconninfo(conn);
  for (PQconninfoOption* o = options; o && o->keyword; ++o) {
    if (std::strcmp(o->keyword, "connect_timeout") == 0 && o->val && *o->val) {
      seconds = std::atoi(o->val);
    }
  }
  PQconninfoFree(options);
  return seconds <= 0 ? 0 : std::max(seconds, 2);
}

// Waits up to kInterruptPollMillis for the socket; false if it timed out.
bool wait_socket(int socket, short events) {
  pollfd wanted{socket, events, 0};
  const int ready = ::poll(&wanted, 1, kInterruptPollMillis);
  return ready != 0;  // an error (EINTR) counts as ready: libpq then retries or reports
}

}  // namespace

void Session::connect_interruptibly() {
  const auto fail = [this](const std::string& message) {
    if (conn_) PQfinish(conn_);
    conn_ = nullptr;
    throw_connect_error(conninfo_, message);
  };
  // The kit's backends carry application_name "tpcc" unless the conninfo
  // names one, so the server metrics sampler finds them in
  // pg_stat_activity. dbname is expanded as a conninfo or URI.
  const char* keys[] = {"dbname", "fallback_application_name", nullptr};
  const char* values[] = {conninfo_.c_str(), kFallbackApplicationName, nullptr};
  conn_ = PQconnectStartParams(keys, values, 1);
  if (!conn_) fail("out of memory");
  if (PQstatus(conn_) == CONNECTION_BAD) fail(PQerrorMessage(conn_));
  const int timeout = connect_timeout_seconds(conn_);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout);
  // libpq's protocol for PQconnectPoll: wait for writing first, then as told.
  PostgresPollingStatusType state = PGRES_POLLING_WRITING;
  while (state != PGRES_POLLING_OK) {
    if (state == PGRES_POLLING_FAILED) fail(PQerrorMessage(conn_));
    if (options_.interrupts &&
        options_.interrupts->stop_connecting.load(std::memory_order_acquire)) {
      fail("the run is stopping");
    }
    if (timeout > 0 && std::chrono::steady_clock::now() > deadline) {
      fail("timeout expired (connect_timeout " + std::to_string(timeout) + " s)");
    }
    if (wait_socket(PQsocket(conn_), state == PGRES_POLLING_READING ? POLLIN : POLLOUT)) {
      state = PQconnectPoll(conn_);
    }
  }
}

PGresult* Session::next_result() {
  const SessionInterrupts* interrupts = options_.interrupts;
  while (interrupts && PQisBusy(conn_)) {
    if (interrupts->abandon_waits.load(std::memory_order_acquire)) abandon();
    // What libpq's blocking wait does (poll, then read), in steps.
    if (wait_socket(PQsocket(conn_), POLLIN) && PQconsumeInput(conn_) == 0) break;
  }
  return PQgetResult(conn_);
}

void Session::abandon() {
  // PQcancel blocks until the postmaster has read the request, which a hung
  // one never does: sent from a thread of its own, left to finish or not.
  if (PGcancel* cancel = PQgetCancel(conn_)) {
    try {
      std::thread([cancel] {
        char error[256];
        PQcancel(cancel, error, sizeof error);
        PQfreeCancel(cancel);
      }).detach();
    } catch (const std::system_error&) {
      PQfreeCancel(cancel);  // no thread to spare: closing the connection must do
    }
  }
  PQfinish(conn_);
  conn_ = nullptr;
  broken_ = true;
  queued_ = 0;
  simple_batch_.clear();
  throw Abandoned("gave up waiting for " + describe_target(conninfo_) +
                  ": the statement was cancelled and the connection closed");
}

void Session::reconnect() { open(); }

bool Session::connected() const { return conn_ && !broken_ && PQstatus(conn_) == CONNECTION_OK; }

int Session::backend_pid() const { return conn_ ? PQbackendPID(conn_) : 0; }

std::string Session::server_address() const {
  if (conn_ == nullptr || broken_) return {};
  const char* host = PQhost(conn_);
  const char* port = PQport(conn_);
  return std::string(host != nullptr ? host : "") + ":" + (port != nullptr ? port : "");
}

bool Session::in_transaction() const {
  if (!connected()) return false;
  const PGTransactionStatusType status = PQtransactionStatus(conn_);
  return status == PQTRANS_INTRANS || status == PQTRANS_INERROR;
}

void Session::throw_lost(const std::string& what, const std::string& sqlstate) {
  broken_ = true;
  queued_ = 0;
  simple_batch_.clear();
  std::string message = "connection to " + describe_target(conninfo_) + " lost";
  if (!what.empty()) message += ": " + what;
  throw ConnectionLost(message, sqlstate);
}

void Session::check_send(int sent) {
  if (sent == 1) return;
  // libpq refuses to queue only on a broken connection or a misuse; both
  // leave the session unusable until reconnect().
  throw_lost(trimmed(conn_ ? PQerrorMessage(conn_) : "not connected"));
}

void Session::prepare(const std::string& name, const std::string& sql) {
  for (auto& [known_name, known_sql] : statements_) {
    if (known_name != name) continue;
    if (known_sql == sql) return;  // registered twice by the same code
    throw std::logic_error("statement " + name + " registered with two different texts");
  }
  statements_.emplace_back(name, sql);
  if (connected() && options_.query_mode == QueryMode::Prepared) prepare_now(name, sql);
}

const std::string& Session::statement_sql(const char* name) const {
  for (const auto& [known_name, sql] : statements_) {
    if (known_name == name) return sql;
  }
  throw std::logic_error(std::string("statement ") + name + " was never registered");
}

void Session::prepare_now(const std::string& name, const std::string& sql) {
  if (!conn_ || broken_) throw_lost("not connected");
  check_send(PQsendPrepare(conn_, name.c_str(), sql.c_str(), 0, nullptr));
  sync_and_check("preparing " + name);
}

void Session::set_now(const std::string& name, const std::string& value) {
  if (!conn_ || broken_) throw_lost("not connected");
  if (options_.query_mode == QueryMode::Simple) {
    const std::string sql =
        with_literals("select set_config($1, $2, false)", {name, value}, {false, false},
                      [this](const std::string& v) { return quote_literal(v); });
    std::string state;
    std::string message;
    if (!run_simple(sql.c_str(), state, message)) throw_lost(message, state);
    if (!message.empty()) {
      throw SqlError("setting " + name + ": " + state + " " + message, state);
    }
    return;
  }
  const char* values[] = {name.c_str(), value.c_str()};
  check_send(PQsendQueryParams(conn_, "select set_config($1, $2, false)", 2, nullptr, values,
                               nullptr, nullptr, 0));
  sync_and_check("setting " + name);
}

std::string Session::quote_literal(const std::string& value) {
  char* quoted = PQescapeLiteral(conn_, value.data(), value.size());
  if (!quoted) throw SqlError("cannot quote a value: " + trimmed(PQerrorMessage(conn_)), "22021");
  std::string text = quoted;
  PQfreemem(quoted);
  return text;
}

bool Session::run_simple(const char* sql, std::string& error_state, std::string& error_message) {
  check_send(PQsendQuery(conn_, sql));
  PipelineError error;
  for (;;) {
    PGresult* result = next_result();
    if (!result) break;
    const ExecStatusType status = PQresultStatus(result);
    if (status == PGRES_FATAL_ERROR) record_error(result, error);
    PQclear(result);
  }
  error_state = error.sqlstate;
  error_message = error.message;
  if (PQstatus(conn_) == CONNECTION_BAD) {
    if (error_message.empty()) error_message = trimmed(PQerrorMessage(conn_));
    return false;
  }
  return !(error.set && is_connection_state(error.sqlstate));
}

void Session::sync_and_check(const std::string& what) {
  check_send(PQpipelineSync(conn_));
  PipelineError error;
  for (;;) {
    PGresult* result = next_result();
    if (!result) {
      if (PQstatus(conn_) == CONNECTION_BAD) throw_lost(trimmed(PQerrorMessage(conn_)));
      continue;  // end of one item's results
    }
    const ExecStatusType status = PQresultStatus(result);
    if (status == PGRES_FATAL_ERROR) record_error(result, error);
    PQclear(result);
    if (status == PGRES_PIPELINE_SYNC) break;
  }
  if (error.set) {
    if (is_connection_state(error.sqlstate) || PQstatus(conn_) == CONNECTION_BAD) {
      throw_lost(error.message);
    }
    throw SqlError(what + ": " + error.sqlstate + " " + error.message, error.sqlstate);
  }
}

void Session::queue(const std::string& statement_name, const Params& params) {
  queue(statement_name.c_str(), params);
}

void Session::queue(const char* statement_name, const Params& params) {
  if (!conn_ || broken_) throw_lost("not connected");
  const auto& values = params.values();
  const auto& nulls = params.nulls();
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
      check_send(PQsendQueryParams(conn_, statement_sql(statement_name).c_str(),
                                   static_cast<int>(values.size()), nullptr, param_values_.data(),
                                   nullptr, nullptr, 0));
      break;
    case QueryMode::Simple:
      simple_batch_ += with_literals(statement_sql(statement_name), values, nulls,
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
  if (options_.query_mode == QueryMode::Simple) return flush_simple(expected);
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
        throw_lost(trimmed(PQerrorMessage(conn_)));
      }
      continue;
    }
    nulls_in_a_row = 0;
    const ExecStatusType status = PQresultStatus(result);
    if (status == PGRES_PIPELINE_SYNC) {
      PQclear(result);
      break;
    }
    if (status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK) {
      count_command_tag(executed_, PQcmdStatus(result));
      results.emplace_back(result);  // takes ownership
      continue;
    }
    if (status == PGRES_FATAL_ERROR || status == PGRES_NONFATAL_ERROR) {
      record_error(result, error);
    }
    // PGRES_PIPELINE_ABORTED: an item skipped after the error.
    PQclear(result);
    if (PQstatus(conn_) == CONNECTION_BAD) throw_lost(error.message, error.sqlstate);
  }
  return finish_flush(std::move(results), expected, error.sqlstate, error.message, error.set);
}

std::vector<QueryResult> Session::flush_simple(int expected) {
  std::vector<QueryResult> results;
  if (expected == 0) return results;
  results.reserve(static_cast<std::size_t>(expected));
  const std::string batch = std::move(simple_batch_);
  simple_batch_.clear();
  check_send(PQsendQuery(conn_, batch.c_str()));
  // One result per statement of the string, up to the first error (the
  // server skips the rest), then NULL.
  PipelineError error;
  for (;;) {
    PGresult* result = next_result();
    if (!result) break;
    const ExecStatusType status = PQresultStatus(result);
    if (!error.set && (status == PGRES_TUPLES_OK || status == PGRES_COMMAND_OK)) {
      count_command_tag(executed_, PQcmdStatus(result));
      results.emplace_back(result);  // takes ownership
      continue;
    }
    if (status == PGRES_FATAL_ERROR || status == PGRES_NONFATAL_ERROR) {
      record_error(result, error);
    }
    PQclear(result);
  }
  if (PQstatus(conn_) == CONNECTION_BAD) {
    if (error.set) throw_lost(error.message, error.sqlstate);
    throw_lost(trimmed(PQerrorMessage(conn_)));
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
  if (!drain_to_sync()) throw_lost(trimmed(PQerrorMessage(conn_)));
}

const char* begin_command(Isolation isolation, bool read_only) {
  switch (isolation) {
    case Isolation::RepeatableRead:
      return read_only ? "begin isolation level repeatable read read only"
                       : "begin isolation level repeatable read";
    case Isolation::Serializable:
      return read_only ? "begin isolation level serializable read only"
                       : "begin isolation level serializable";
    case Isolation::ReadCommitted: break;
  }
  return read_only ? "begin isolation level read committed read only"
                   : "begin isolation level read committed";
}

}  // namespace tpcc
