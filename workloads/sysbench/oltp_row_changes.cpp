#include "workloads/sysbench/oltp_row_changes.hpp"

#include <pqxx/connection_base>
#include <pqxx/transaction>

#include "workloads/sysbench/oltp_statements.hpp"

namespace tpcc {
namespace {

// $1 table: a run is going on against it (cleared when it records).
constexpr const char* kMarkRunOpenSql =
    "update tpcc_sysbench_tables set run_open = true where table_name = $1";

// $1 table, $2 net rows, $3 writes in doubt.
constexpr const char* kRecordChangesSql =
    "update tpcc_sysbench_tables set row_count = row_count + $2, "
    "rows_in_doubt = rows_in_doubt + $3, run_open = false where table_name = $1";

}  // namespace

OltpRowChanges::OltpRowChanges(int tables) : net_(tables), in_doubt_(tables) {}

bool oltp_statement_counts_rows(OltpStatement statement) {
  return statement == OltpStatement::Insert || statement == OltpStatement::InsertAutoInc ||
         statement == OltpStatement::Delete;
}

void OltpRowChanges::acknowledge(OltpStatement statement, int table, long long rows) {
  if (!oltp_statement_counts_rows(statement)) return;
  net_.at(table - 1) += statement == OltpStatement::Delete ? -rows : rows;
}

void OltpRowChanges::doubt(OltpStatement statement, int table) {
  if (oltp_statement_counts_rows(statement)) ++in_doubt_.at(table - 1);
}

OltpTableChange OltpRowChanges::table(int table) const {
  return {net_.at(table - 1).load(), in_doubt_.at(table - 1).load()};
}

void mark_oltp_run_open(pqxx::connection_base& conn, int tables) {
  pqxx::work tx(conn);
  for (int table = 1; table <= tables; ++table) {
    tx.exec_params(kMarkRunOpenSql, sbtest_table_name(table));
  }
  tx.commit();
}

void record_oltp_row_changes(pqxx::connection_base& conn, const OltpRowChanges& changes) {
  pqxx::work tx(conn);
  for (int table = 1; table <= changes.tables(); ++table) {
    const OltpTableChange change = changes.table(table);
    tx.exec_params(kRecordChangesSql, sbtest_table_name(table), static_cast<long long>(change.net),
                   static_cast<long long>(change.in_doubt));
  }
  tx.commit();
}

}  // namespace tpcc
