#include "db/pipeline_error.hpp"

namespace tpcc {

std::string trimmed_message(const char* message) {
  std::string text = message ? message : "";
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

bool is_connection_state(const std::string& sqlstate) {
  // Class 08: connection exception; 57P01..57P03: the server is shutting
  // down or terminated this backend (pg_terminate_backend).
  return sqlstate.compare(0, 2, "08") == 0 || sqlstate == "57P01" || sqlstate == "57P02" ||
         sqlstate == "57P03";
}

void record_error(const PGresult* result, PipelineError& error) {
  if (error.set) return;
  error.set = true;
  const char* state = PQresultErrorField(result, PG_DIAG_SQLSTATE);
  error.sqlstate = state ? state : "";
  // The server's one-line message ("deadlock detected"); libpq's own errors
  // (a lost connection) have only the full text.
  const char* primary = PQresultErrorField(result, PG_DIAG_MESSAGE_PRIMARY);
  error.message = trimmed_message(primary ? primary : PQresultErrorMessage(result));
}

}  // namespace tpcc
