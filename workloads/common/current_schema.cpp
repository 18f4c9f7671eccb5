#include "workloads/common/current_schema.hpp"

#include <pqxx/connection>
#include <pqxx/nontransaction>

namespace tpcc {

const char* const kRelationExistsSql =
    "select count(*) from pg_class where relname = $1 "
    "and relnamespace = to_regnamespace(current_schema())::oid";

bool relation_exists(pqxx::connection_base& conn, const std::string& name) {
  pqxx::nontransaction tx(conn);
  return tx.exec_params(kRelationExistsSql, name)[0][0].as<long long>() > 0;
}

}  // namespace tpcc
