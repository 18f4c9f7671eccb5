#include "workloads/ch/ch_required.hpp"

#include "config/errors.hpp"
#include "db/catalog.hpp"
#include "workloads/ch/ch_tables.hpp"

namespace tpcc {

void require_ch_tables(pqxx::connection_base& conn, const std::string& who, int warehouses) {
  for (const std::string& table : ch_table_names()) {
    if (!relation_exists(conn, table)) {
      throw UsageError(who + ": " + table +
                       " is missing: the queries need CH-benCHmark's tables beside TPC-C's; "
                       "run tpcc prepare --ch (with the load's --warehouses " +
                       std::to_string(warehouses) + ") first");
    }
  }
}

}  // namespace tpcc
