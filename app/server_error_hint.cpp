#include "app/server_error_hint.hpp"

#include "db/writable.hpp"

namespace tpcc {

std::string sqlstate_text(const std::string& sqlstate) {
  if (sqlstate == "57014") return sqlstate + " query_canceled";
  if (sqlstate == "55P03") return sqlstate + " lock_not_available";
  if (sqlstate == kReadOnlySqlTransaction) return sqlstate + " read_only_sql_transaction";
  return sqlstate;
}

std::string server_error_hint(const std::string& sqlstate) {
  // A statement of tpcc's own setup (reading the load, the checks) met a
  // statement_timeout the server gives every session: ALTER DATABASE or
  // ALTER ROLE ... SET statement_timeout, or postgresql.conf.
  if (sqlstate == "57014") {
    return "hint: the server's statement_timeout (set for the database, the role or the server: "
           "SHOW statement_timeout) cancelled a statement of tpcc's own; reset it for tpcc's "
           "database (ALTER DATABASE name RESET statement_timeout) or raise it. To bound the "
           "terminals' statements, use tpcc run --statement-timeout, which sets it on their "
           "sessions only";
  }
  if (sqlstate == "55P03") {
    return "hint: the server's lock_timeout (set for the database, the role or the server: SHOW "
           "lock_timeout) gave up a lock tpcc itself needed; reset it for tpcc's database, or "
           "use tpcc run --lock-timeout, which sets it on the terminals' sessions only";
  }
  if (sqlstate == kReadOnlySqlTransaction) return "hint: " + read_only_hint();
  return "";
}

}  // namespace tpcc
