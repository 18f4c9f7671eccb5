#include "db/writable.hpp"

#include <pqxx/nontransaction>

#include "config/conn/mask.hpp"
#include "config/errors.hpp"

namespace tpcc {
namespace {

// Both in one round trip: recovery (a hot standby) and the session's
// read-only default, which also holds on a standby.
constexpr const char* kWritableSql =
    "select pg_is_in_recovery(), current_setting('transaction_read_only') = 'on'";

}  // namespace

std::string read_only_hint() {
  return "the target is a hot standby or read-only (default_transaction_read_only); give the "
         "primary's address with --conn (props key conn)";
}

void require_writable(pqxx::connection& conn, const std::string& conninfo,
                      const std::string& verb) {
  pqxx::nontransaction tx(conn);
  const pqxx::row row = tx.exec1(kWritableSql);
  const bool in_recovery = row[0].as<bool>();
  const bool read_only = row[1].as<bool>();
  if (!in_recovery && !read_only) return;
  const std::string what =
      in_recovery ? "is a hot standby (pg_is_in_recovery() is true)"
                  : "is read-only (transaction_read_only is on: default_transaction_read_only "
                    "is set for the server, the database or the role)";
  throw ConnectError(verb + ": " + describe_target(conninfo) + " " + what + ": " + verb +
                     " writes (it would fail with " + kReadOnlySqlTransaction +
                     " read_only_sql_transaction); give the primary's address with --conn "
                     "(props key conn)");
}

}  // namespace tpcc
