// Session: the statements and settings it registers, given again to each
// new connection, and the simple round trips that set them up.
#include <algorithm>
#include <stdexcept>

#include "db/literal_sql.hpp"
#include "db/pipeline_error.hpp"
#include "db/session.hpp"

namespace tpcc {

void Session::prepare(const std::string& name, const std::string& sql, Counted counted) {
  for (const Registered& known : statements_) {
    if (known.name != name) continue;
    if (known.sql != sql) {
      throw std::logic_error("statement " + name + " registered with two different texts");
    }
    if (known.counted != counted) {
      throw std::logic_error("statement " + name + " registered as counted two different ways");
    }
    return;  // registered twice by the same code
  }
  statements_.push_back(Registered{name, sql, counted, std::nullopt});
  if (options_.query_mode == QueryMode::Simple) statements_.back().literal.emplace(sql);
  some_counted_as_write_ = some_counted_as_write_ || counted == Counted::AsWrite;
  if (connected() && options_.query_mode == QueryMode::Prepared) prepare_now(name, sql);
}

const Session::Registered& Session::registered(const char* name) const {
  for (const Registered& known : statements_) {
    if (known.name == name) return known;
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
  // Printable ASCII without a quote or a backslash is the same in every
  // client encoding and is what PQescapeLiteral returns it as, between
  // quotes: numbers and most texts need no call into libpq.
  const bool plain = std::all_of(value.begin(), value.end(), [](char c) {
    return c >= ' ' && c <= '~' && c != '\'' && c != '\\';
  });
  if (plain) {
    std::string text;
    text.reserve(value.size() + 2);
    text += '\'';
    text += value;
    text += '\'';
    return text;
  }
  char* quoted = PQescapeLiteral(conn_, value.data(), value.size());
  if (!quoted)
    throw SqlError("cannot quote a value: " + trimmed_message(PQerrorMessage(conn_)), "22021");
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
    if (error_message.empty()) error_message = trimmed_message(PQerrorMessage(conn_));
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
      if (PQstatus(conn_) == CONNECTION_BAD) throw_lost(trimmed_message(PQerrorMessage(conn_)));
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

}  // namespace tpcc
