#include "db/pg_connection.hpp"

#include <libpq-fe.h>

#include "config/errors.hpp"
#include "db/connect.hpp"

namespace tpcc {
namespace {

// Takes a PGresult and frees it however the caller leaves.
struct ResultGuard {
  PGresult* result;
  ~ResultGuard() { PQclear(result); }
};

}  // namespace

PgConnection::PgConnection(const std::string& conninfo) {
  check_conninfo_syntax(conninfo);
  conn_ = PQconnectdb(conninfo.c_str());
  if (PQstatus(conn_) != CONNECTION_OK) {
    const std::string message = PQerrorMessage(conn_);
    PQfinish(conn_);
    conn_ = nullptr;
    throw_connect_error(conninfo, message);
  }
}

PgConnection::~PgConnection() { PQfinish(conn_); }

void PgConnection::fail(const std::string& what) {
  std::string message = PQerrorMessage(conn_);
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  // The server gone (shut down, crashed, the network) is not the load's
  // failure: exit 3, as for any lost server, and the load resumes.
  if (PQstatus(conn_) == CONNECTION_BAD) {
    throw ConnectError("lost the server during " + what + ": " + message +
                       "; run prepare again once it is back: it resumes where it stopped");
  }
  throw LoadError(what + ": " + message);
}

void PgConnection::exec(const std::string& sql) {
  ResultGuard r{PQexec(conn_, sql.c_str())};
  const auto status = PQresultStatus(r.result);
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) fail(sql.substr(0, 60));
}

void PgConnection::begin_copy(const std::string& copy_statement) {
  ResultGuard r{PQexec(conn_, copy_statement.c_str())};
  if (PQresultStatus(r.result) != PGRES_COPY_IN) fail(copy_statement.substr(0, 60));
}

void PgConnection::put_copy_data(const std::string& text) {
  if (PQputCopyData(conn_, text.data(), static_cast<int>(text.size())) != 1) fail("COPY data");
}

void PgConnection::end_copy() {
  if (PQputCopyEnd(conn_, nullptr) != 1) fail("COPY end");
  bool failed = false;
  while (PGresult* result = PQgetResult(conn_)) {
    failed = failed || PQresultStatus(result) != PGRES_COMMAND_OK;
    PQclear(result);
  }
  if (failed) fail("COPY");
}

}  // namespace tpcc
