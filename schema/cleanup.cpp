#include "schema/cleanup.hpp"

#include <pqxx/result>
#include <pqxx/transaction>

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "schema/schema.hpp"

namespace tpcc {

int cleanup_database(const Config& config, std::ostream& out) {
  auto conn = connect(config.conninfo);
  pqxx::work tx(*conn);
  // Counted before the drop so the message says what was really there.
  const auto present = tx.exec_params(
      "select count(*) from pg_class where relname = any($1::text[]) and relkind in ('r', 'p') "
      "and relnamespace = to_regnamespace(current_schema())::oid",
      "{" + [] {
        std::string list;
        for (const auto& t : kAllTables) list += (list.empty() ? "" : ",") + t;
        return list;
      }() + "}")[0][0].as<int>();
  for (const auto& statement : drop_statements()) tx.exec(statement);
  tx.commit();
  out << "cleanup: dropped " << present << " of " << kAllTables.size()
      << " tpcc tables (with their partitions, indexes and the history sequence)\n";
  return kExitOk;
}

}  // namespace tpcc
