// What the server's catalog says of the kit's relations.
#pragma once

#include <string>

namespace pqxx {
class connection_base;
class transaction_base;
}  // namespace pqxx

namespace tpcc {

// Whether a table, index or sequence of that name is in the current schema
// (the first of search_path, where prepare creates the kit's tables): a
// relation of the same name elsewhere on the path is not the kit's.
bool relation_exists(pqxx::transaction_base& tx, const std::string& name);
// The same on a connection with no transaction open.
bool relation_exists(pqxx::connection_base& conn, const std::string& name);

}  // namespace tpcc
