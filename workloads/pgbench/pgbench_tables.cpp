#include "workloads/pgbench/pgbench_tables.hpp"

#include <algorithm>
#include <utility>

#include <pqxx/transaction_base>

#include "config/names.hpp"

namespace tpcc {

// The partitioning columns are added to a record an earlier tpcc made
// without them: its tables are not partitioned.
const char* const kCreatePgbenchRecordSql =
    "create table if not exists tpcc_pgbench_tables ("
    " table_name text primary key,"
    " scale integer not null,"
    " fillfactor integer not null,"
    " complete boolean not null default false);"
    "alter table tpcc_pgbench_tables"
    " add column if not exists partitions integer not null default 0,"
    " add column if not exists partition_method text not null default 'none',"
    " add column if not exists carried_delta numeric not null default 0;"
    "create table if not exists tpcc_pgbench_chunks ("
    " table_name text not null,"
    " first_id bigint not null,"
    " last_id bigint not null,"
    " primary key (table_name, first_id))";

const char* const kSelectPgbenchTablesSql =
    "select table_name, scale, fillfactor, complete, partitions, partition_method "
    "from tpcc_pgbench_tables";

// The pgbench tables the kit's record names.
constexpr const char* kCountRecordedTablesSql =
    "select count(*) from tpcc_pgbench_tables where table_name in ('pgbench_history', "
    "'pgbench_tellers', 'pgbench_accounts', 'pgbench_branches')";

const char* const kSelectPgbenchChunksSql =
    "select first_id from tpcc_pgbench_chunks where table_name = $1";

const char* const kListPgbenchTablesSql =
    "select relname from pg_class where relname in ('pgbench_history', 'pgbench_tellers', "
    "'pgbench_accounts', 'pgbench_branches') and relkind in ('r', 'p') "
    "and relnamespace = to_regnamespace(current_schema())::oid order by relname";

std::string pgbench_table_name(PgbenchTable table) {
  switch (table) {
    case PgbenchTable::History: return "pgbench_history";
    case PgbenchTable::Tellers: return "pgbench_tellers";
    case PgbenchTable::Accounts: return "pgbench_accounts";
    case PgbenchTable::Branches: return "pgbench_branches";
  }
  return "?";
}

long long pgbench_table_rows(PgbenchTable table, int scale) {
  switch (table) {
    case PgbenchTable::History: return 0;
    case PgbenchTable::Tellers: return kPgbenchTellers * scale;
    case PgbenchTable::Accounts: return kPgbenchAccounts * scale;
    case PgbenchTable::Branches: return kPgbenchBranches * scale;
  }
  return 0;
}

// pgbench 15's DDLs[]: the columns, with the bigint aid of large scales.
std::string create_pgbench_table_sql(PgbenchTable table, const PgbenchOptions& options) {
  const std::string aid = options.scale >= kPgbenchBigintScale ? "bigint" : "int";
  const std::string with = " with (fillfactor=" + std::to_string(options.fillfactor) + ")";
  const std::string create = "create table " + pgbench_table_name(table) + "(";
  switch (table) {
    case PgbenchTable::History:
      return create + "tid int,bid int,aid " + aid + ",delta int,mtime timestamp,filler char(22))";
    case PgbenchTable::Tellers:
      return create + "tid int not null,bid int,tbalance int,filler char(84))" + with;
    case PgbenchTable::Accounts:
      return create + "aid " + aid + " not null,bid int,abalance int,filler char(84))" +
             (options.partitions > 0
                  ? " partition by " +
                        std::string(pgbench_partition_method_name(options.partition_method)) +
                        " (aid)"
                  : with);
    case PgbenchTable::Branches:
      return create + "bid int not null,bbalance int,filler char(88))" + with;
  }
  return "";
}

std::string pgbench_partition_name(int partition) {
  return "pgbench_accounts_" + std::to_string(partition);
}

namespace {

// pgbench's part_size: the accounts over the partitions, rounded up.
long long range_partition_size(const PgbenchOptions& options) {
  const long long accounts = pgbench_table_rows(PgbenchTable::Accounts, options.scale);
  return (accounts + options.partitions - 1) / options.partitions;
}

}  // namespace

std::vector<std::string> create_pgbench_partitions_sql(const PgbenchOptions& options) {
  std::vector<std::string> statements;
  for (int p = 1; p <= options.partitions; ++p) {
    statements.push_back("create table " + pgbench_partition_name(p) +
                         " partition of pgbench_accounts " + pgbench_partition_bound(options, p) +
                         " with (fillfactor=" + std::to_string(options.fillfactor) + ")");
  }
  return statements;
}

std::string pgbench_partition_bound(const PgbenchOptions& options, int partition) {
  const int n = options.partitions;
  if (options.partition_method == PgbenchPartitionMethod::Hash) {
    return "FOR VALUES WITH (modulus " + std::to_string(n) + ", remainder " +
           std::to_string(partition - 1) + ")";
  }
  const long long size = range_partition_size(options);
  const std::string from = partition == 1 ? "MINVALUE" : std::to_string((partition - 1) * size + 1);
  const std::string to = partition < n ? std::to_string(partition * size + 1) : "MAXVALUE";
  return "FOR VALUES FROM (" + from + ") TO (" + to + ")";
}

long long pgbench_range_partition_rows(const PgbenchOptions& options, int partition) {
  const long long accounts = pgbench_table_rows(PgbenchTable::Accounts, options.scale);
  const long long size = range_partition_size(options);
  const long long first = (partition - 1) * size + 1;
  const long long last = partition < options.partitions ? partition * size : accounts;
  return std::max(0LL, std::min(last, accounts) - first + 1);
}

std::string copy_pgbench_sql(PgbenchTable table, bool freeze) {
  return "copy " + pgbench_table_name(table) + " from stdin" + (freeze ? " with (freeze on)" : "");
}

std::string pgbench_copy_rows(PgbenchTable table, long long first, long long last) {
  std::string out;
  for (long long id = first; id <= last; ++id) {
    const std::string n = std::to_string(id);
    switch (table) {
      case PgbenchTable::Branches: out += n + "\t0\t\\N\n"; break;
      case PgbenchTable::Tellers:
        out += n + "\t" + std::to_string((id - 1) / kPgbenchTellers + 1) + "\t0\t\\N\n";
        break;
      case PgbenchTable::Accounts:
        out += n + "\t" + std::to_string((id - 1) / kPgbenchAccounts + 1) + "\t0\t\n";
        break;
      case PgbenchTable::History: break;
    }
  }
  return out;
}

std::vector<std::string> finish_pgbench_table_statements(PgbenchTable table) {
  const std::string name = pgbench_table_name(table);
  switch (table) {
    case PgbenchTable::History: return {};
    case PgbenchTable::Tellers: return {"alter table " + name + " add primary key (tid)"};
    case PgbenchTable::Accounts: return {"alter table " + name + " add primary key (aid)"};
    case PgbenchTable::Branches: return {"alter table " + name + " add primary key (bid)"};
  }
  return {};
}

std::string record_pgbench_chunk_sql(PgbenchTable table, long long first, long long last) {
  return "insert into tpcc_pgbench_chunks (table_name, first_id, last_id) values ('" +
         pgbench_table_name(table) + "', " + std::to_string(first) + ", " + std::to_string(last) +
         ")";
}

std::string record_pgbench_chunks_sql(PgbenchTable table, long long rows, long long chunk) {
  const std::string last = std::to_string(rows), step = std::to_string(chunk);
  return "insert into tpcc_pgbench_chunks (table_name, first_id, last_id) select '" +
         pgbench_table_name(table) + "', f, least(f + " + step + " - 1, " + last +
         ") from generate_series(1, " + last + ", " + step + ") f";
}

std::vector<std::string> create_recorded_pgbench_table_statements(PgbenchTable table,
                                                                  const PgbenchOptions& options) {
  const std::string name = "'" + pgbench_table_name(table) + "'";
  std::vector<std::string> statements = {
      "delete from tpcc_pgbench_chunks where table_name = " + name,
      "delete from tpcc_pgbench_tables where table_name = " + name,
      create_pgbench_table_sql(table, options)};
  if (table == PgbenchTable::Accounts) {
    for (std::string& partition : create_pgbench_partitions_sql(options)) {
      statements.push_back(std::move(partition));
    }
  }
  statements.push_back(
      "insert into tpcc_pgbench_tables (table_name, scale, fillfactor, partitions, "
      "partition_method) values (" +
      name + ", " + std::to_string(options.scale) + ", " + std::to_string(options.fillfactor) +
      ", " + std::to_string(options.partitions) + ", '" +
      std::string(pgbench_partition_method_name(options.partition_method)) + "')");
  return statements;
}

std::string complete_pgbench_table_sql(PgbenchTable table) {
  return "update tpcc_pgbench_tables set complete = true where table_name = '" +
         pgbench_table_name(table) + "'";
}

bool recorded_pgbench_tables(pqxx::transaction_base& tx) {
  return relation_exists(tx, kPgbenchTablesRecord) &&
         tx.exec(kCountRecordedTablesSql)[0][0].as<long long>() > 0;
}

}  // namespace tpcc
