// How a result's error is read: the first error of a pipeline (or of a
// simple query's string), kept until its end, and whether its SQLSTATE
// means the connection is gone. Shared by the files of Session.
#pragma once

#include <libpq-fe.h>

#include <string>

namespace tpcc {

// libpq's message without its trailing newline and spaces; "" for null.
std::string trimmed_message(const char* message);

// Class 08 (connection exception) or 57P01..57P03 (the server shutting down
// or ending this backend): the connection is gone, not just the statement.
bool is_connection_state(const std::string& sqlstate);

// The first error of a pipeline, kept until the sync point.
struct PipelineError {
  bool set = false;
  std::string sqlstate;
  std::string message;
};

// Keeps the result's SQLSTATE and one-line message unless an error is kept
// already.
void record_error(const PGresult* result, PipelineError& error);

}  // namespace tpcc
