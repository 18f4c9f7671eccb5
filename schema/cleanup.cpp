#include "schema/cleanup.hpp"

#include <pqxx/result>
#include <pqxx/transaction>

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "db/writable.hpp"
#include "schema/schema.hpp"

namespace tpcc {
namespace {

// Appended to each statement of drop.sql with --cascade only.
constexpr const char* kCascade = " cascade";

constexpr const char* kCountKitTablesSql =
    "select count(*) from pg_class where relname = any($1::text[]) and relkind in ('r', 'p') "
    "and relnamespace = to_regnamespace(current_schema())::oid";

void list_dependents(const pqxx::result& dependents, std::ostream& out) {
  for (const auto& row : dependents) {
    out << "  " << row[0].as<std::string>() << " " << row[1].as<std::string>() << " (depends on "
        << row[2].as<std::string>() << ")\n";
  }
}

}  // namespace

// Inspection and drop share one transaction: nothing changes unless all of
// it does, and without CASCADE the server itself refuses an object of
// someone else's created meanwhile.
int cleanup_database(const Config& config, std::ostream& out) {
  auto conn = connect(config.conninfo);
  require_writable(*conn, config.conninfo, "tpcc cleanup");
  pqxx::work tx(*conn);
  // Counted before the drop so the message says what was really there.
  const auto present = tx.exec_params(kCountKitTablesSql, all_tables_array())[0][0].as<int>();
  const pqxx::result dependents = tx.exec_params(kit_dependents_query(), cleanup_tables_array());
  if (!dependents.empty() && !config.cascade) {
    out << "cleanup: refusing, nothing dropped: " << dependents.size()
        << " object(s) that tpcc did not create depend on its tables, sequence or functions, "
           "and would be dropped with them:\n";
    list_dependents(dependents, out);
    out << "drop or change them first, or pass --cascade to drop them along with tpcc's objects\n";
    return kExitFailed;
  }
  for (const auto& statement : drop_statements()) {
    tx.exec(config.cascade ? statement + kCascade : statement);
  }
  tx.commit();
  out << "cleanup: dropped " << present << " of " << kAllTables.size()
      << " tpcc tables (with their partitions, indexes and the history sequence)\n";
  if (!dependents.empty()) {
    out << "--cascade also dropped " << dependents.size() << " object(s) of others:\n";
    list_dependents(dependents, out);
  }
  return kExitOk;
}

}  // namespace tpcc
