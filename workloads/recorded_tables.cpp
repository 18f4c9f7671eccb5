#include "workloads/recorded_tables.hpp"

#include <pqxx/result>

namespace tpcc {

// to_regclass resolves through search_path; the table must be in the
// schema prepare creates in (the first of it), as tpcc's own are.
const char* const kRelationExistsSql =
    "select count(*) from pg_class where relname = $1 "
    "and relnamespace = to_regnamespace(current_schema())::oid";

bool relation_exists(pqxx::transaction_base& tx, const std::string& name) {
  return tx.exec_params(kRelationExistsSql, name)[0][0].as<long long>() > 0;
}

int drop_recorded_tables(pqxx::transaction_base& tx, const std::vector<std::string>& names) {
  int dropped = 0;
  for (const std::string& name : names) {
    if (!relation_exists(tx, name)) continue;
    tx.exec("drop table " + tx.quote_name(name));
    ++dropped;
  }
  return dropped;
}

std::string joined_names(pqxx::transaction_base& tx, const char* sql) {
  std::string names;
  for (const auto& row : tx.exec(sql)) {
    names += (names.empty() ? "" : ", ") + row[0].as<std::string>();
  }
  return names;
}

}  // namespace tpcc
