// Whether a relation is in the schema a workload's prepare creates in: the
// first of search_path, as tpcc's own tables are. to_regclass would resolve
// through all of search_path and find a table of the same name elsewhere.
#pragma once

#include <string>

namespace pqxx {
class connection_base;
}

namespace tpcc {

// $1 relation name: select count(*) of such relations (0 or 1).
extern const char* const kRelationExistsSql;

bool relation_exists(pqxx::connection_base& conn, const std::string& name);

}  // namespace tpcc
