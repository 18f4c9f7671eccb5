#include "db/catalog.hpp"

#include <pqxx/connection_base>
#include <pqxx/nontransaction>
#include <pqxx/transaction_base>

namespace tpcc {
namespace {

// to_regclass would resolve through the whole search_path.
constexpr const char* kRelationExistsSql =
    "select count(*) from pg_class where relname = $1 "
    "and relnamespace = to_regnamespace(current_schema())::oid";

}  // namespace

bool relation_exists(pqxx::transaction_base& tx, const std::string& name) {
  return tx.exec_params(kRelationExistsSql, name)[0][0].as<long long>() > 0;
}

bool relation_exists(pqxx::connection_base& conn, const std::string& name) {
  pqxx::nontransaction tx(conn);
  return relation_exists(tx, name);
}

}  // namespace tpcc
