// A plain libpq connection for bulk loading: simple statements and COPY FROM
// STDIN fed with preformatted text. libpqxx 6.4's stream_to formats each
// field through several temporary strings, which costs the loader more CPU
// than generating the rows (see loader/copy_format.hpp).
#pragma once

#include <stdexcept>
#include <string>

typedef struct pg_conn PGconn;

namespace tpcc {

// A statement or COPY failed on the server. (A broken connection is a
// ConnectError: exit 3.)
struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class PgConnection {
 public:
  // Throws UsageError for a malformed conninfo, ConnectError if unreachable.
  explicit PgConnection(const std::string& conninfo);
  ~PgConnection();
  PgConnection(const PgConnection&) = delete;
  PgConnection& operator=(const PgConnection&) = delete;

  void exec(const std::string& sql);

  // COPY ... FROM STDIN: begin, put text (whole lines) any number of times, end.
  void begin_copy(const std::string& copy_statement);
  void put_copy_data(const std::string& text);
  void end_copy();

 private:
  [[noreturn]] void fail(const std::string& what);
  PGconn* conn_ = nullptr;
};

}  // namespace tpcc
