#include "workloads/sysbench/oltp_tables.hpp"

#include "workloads/sysbench/oltp_statements.hpp"

namespace tpcc {

const char* const kCreateOltpRecordSql =
    "create table if not exists tpcc_sysbench_tables ("
    " table_name text primary key,"
    " table_size bigint not null,"  // rows prepare loads (0: oltp_insert without --auto_inc)
    " auto_inc boolean not null,"
    " secondary boolean not null,"
    " complete boolean not null default false,"
    // The rows it should hold: table_size, plus every run's acknowledged
    // inserts minus its deletes (oltp_row_changes.hpp), give or take the
    // writes in doubt; run_open while a run has not recorded its changes.
    " row_count bigint not null,"
    " rows_in_doubt bigint not null default 0,"
    " run_open boolean not null default false);"
    "create table if not exists tpcc_sysbench_chunks ("
    " table_name text not null,"
    " first_id bigint not null,"
    " last_id bigint not null,"
    " primary key (table_name, first_id))";

const char* const kSelectOltpTablesSql =
    "select table_name, table_size, auto_inc, secondary, complete from tpcc_sysbench_tables";

const char* const kSelectOltpChunksSql =
    "select first_id from tpcc_sysbench_chunks where table_name = $1";

const char* const kListSbtestTablesSql =
    "select relname from pg_class where relname ~ '^sbtest[0-9]+$' and relkind in ('r', 'p') "
    "and relnamespace = to_regnamespace(current_schema())::oid order by relname";

// Sent on the loader's plain connection (no parameters): the name is
// sbtest<n>, the ids numbers.
std::string record_chunk_sql(int table, long long first_id, long long last_id) {
  return "insert into tpcc_sysbench_chunks (table_name, first_id, last_id) values ('" +
         sbtest_table_name(table) + "', " + std::to_string(first_id) + ", " +
         std::to_string(last_id) + ")";
}

std::string complete_table_sql(int table) {
  return "update tpcc_sysbench_tables set complete = true where table_name = '" +
         sbtest_table_name(table) + "'";
}

std::vector<std::string> create_recorded_sbtest_statements(int table, const OltpOptions& options,
                                                           long long rows) {
  const std::string name = "'" + sbtest_table_name(table) + "'";
  const std::string size = std::to_string(rows);
  auto word = [](bool b) { return std::string(b ? "true" : "false"); };
  return {"delete from tpcc_sysbench_chunks where table_name = " + name,
          "delete from tpcc_sysbench_tables where table_name = " + name,
          create_sbtest_sql(table, options),
          "insert into tpcc_sysbench_tables (table_name, table_size, auto_inc, secondary, "
          "row_count) values (" +
              name + ", " + size + ", " + word(options.auto_inc) + ", " + word(options.secondary) +
              ", " + size + ")"};
}

std::string create_sbtest_sql(int table, const OltpOptions& options) {
  return "CREATE TABLE " + sbtest_table_name(table) + "(\n  id " +
         (options.auto_inc ? "SERIAL" : "INTEGER NOT NULL") +
         ",\n  k INTEGER DEFAULT '0' NOT NULL,\n  c CHAR(120) DEFAULT '' NOT NULL,\n"
         "  pad CHAR(60) DEFAULT '' NOT NULL\n)";
}

std::string copy_sbtest_sql(int table, bool freeze) {
  return "copy " + sbtest_table_name(table) + " (id, k, c, pad) from stdin with (format binary" +
         (freeze ? ", freeze)" : ")");
}

std::vector<std::string> finish_sbtest_statements(int table, const OltpOptions& options,
                                                  long long rows) {
  const std::string name = sbtest_table_name(table);
  const std::string n = std::to_string(table);
  std::vector<std::string> statements;
  // oltp_common.lua's "KEY xid (id)" with --secondary is MySQL's syntax;
  // on PostgreSQL the same is a plain index.
  statements.push_back(options.secondary ? "CREATE INDEX xid_" + n + " ON " + name + "(id)"
                                         : "ALTER TABLE " + name + " ADD PRIMARY KEY (id)");
  if (options.create_secondary) {
    statements.push_back("CREATE INDEX k_" + n + " ON " + name + "(k)");
  }
  if (options.auto_inc && rows > 0) {
    statements.push_back("select setval(pg_get_serial_sequence('" + name + "', 'id'), " +
                         std::to_string(rows) + ")");
  }
  statements.push_back("ANALYZE " + name);
  return statements;
}

}  // namespace tpcc
