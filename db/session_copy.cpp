// Session::copy_in: COPY FROM STDIN on a session's connection, outside the
// pipeline mode the session's other statements run in (libpq allows no
// COPY in a pipeline).
#include <libpq-fe.h>

#include <cstdlib>
#include <stdexcept>

#include "db/session.hpp"

namespace tpcc {
namespace {

std::string result_message(const PGresult* result) {
  const char* primary = PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
  std::string text = primary ? primary : PQresultErrorMessage(result);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

std::string result_state(const PGresult* result) {
  const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
  return state ? state : "";
}

}  // namespace

long long Session::copy_in(const std::string& copy_sql, const std::string& data) {
  if (queued_ != 0) throw std::logic_error("copy_in with statements queued");
  const bool pipeline = options_.query_mode != QueryMode::Simple;
  if (pipeline) check_send(PQexitPipelineMode(conn_));
  check_send(PQsendQuery(conn_, copy_sql.c_str()));
  std::string state;
  std::string message;
  long long rows = 0;
  bool copying = false;
  // The COPY's results up to the end: COPY_IN (send the data), then the
  // command's result or its error.
  while (PGresult* result = next_result()) {
    const ExecStatusType status = PQresultStatus(result);
    if (status == PGRES_COPY_IN && !copying) {
      copying = true;
      PQclear(result);
      const int sent = PQputCopyData(conn_, data.data(), static_cast<int>(data.size()));
      check_send(sent == 1 ? PQputCopyEnd(conn_, nullptr) : sent);
      continue;
    }
    if (status == PGRES_COMMAND_OK) {
      count_command_tag(executed_, PQcmdStatus(result));
      rows = std::atoll(PQcmdTuples(result));
    } else if (state.empty() && message.empty()) {
      state = result_state(result);
      message = result_message(result);
    }
    PQclear(result);
  }
  if (PQstatus(conn_) == CONNECTION_BAD) throw_lost(message, state);
  if (pipeline) check_send(PQenterPipelineMode(conn_));
  if (!message.empty() || !state.empty()) {
    const std::string text = state + " " + message;
    if (state == kSerializationFailure || state == kDeadlockDetected) {
      throw RetryableError(text, state);
    }
    throw SqlError(text, state);
  }
  return rows;
}

}  // namespace tpcc
