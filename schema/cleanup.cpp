#include "schema/cleanup.hpp"

#include <pqxx/transaction>

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "db/writable.hpp"
#include "schema/kit_dependents.hpp"
#include "schema/kit_others.hpp"
#include "schema/schema.hpp"

namespace tpcc {
namespace {

constexpr const char* kCountKitTablesSql =
    "select count(*) from pg_class where relname = any($1::text[]) and relkind in ('r', 'p') "
    "and relnamespace = to_regnamespace(current_schema())::oid";

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
  const std::vector<KitDependent> dependents = kit_dependents(tx, tpcc_objects());
  if (const auto refused = refuse_dependents(dependents, config.cascade, out)) return *refused;
  for (const auto& statement : drop_statements()) {
    tx.exec(statement + drop_suffix(config.cascade));
  }
  tx.commit();
  out << "cleanup: dropped " << present << " of " << kAllTables.size()
      << " tpcc tables (with their partitions, indexes and the history sequence)\n";
  print_cascaded(dependents, out);
  return kExitOk;
}

}  // namespace tpcc
