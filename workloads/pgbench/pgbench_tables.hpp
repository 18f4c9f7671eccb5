// pgbench 15's tables as pgbench -i creates them (its DDLs[] table and
// initCreatePKeys), their rows as its client-side generation writes them,
// and the kit's record of the tables it created. Prepare creates a table,
// loads it, then adds the primary key (as pgbench -i does: keys after the
// data).
#pragma once

#include <string>
#include <vector>

#include "config/workload_options.hpp"
#include "db/catalog.hpp"

namespace tpcc {

// pgbench's sizes per unit of scale.
inline constexpr long long kPgbenchBranches = 1;
inline constexpr long long kPgbenchTellers = 10;
inline constexpr long long kPgbenchAccounts = 100000;
// pgbench makes aid a bigint from this scale on (SCALE_32BIT_THRESHOLD).
inline constexpr int kPgbenchBigintScale = 20000;

// The four tables in the order pgbench creates them.
enum class PgbenchTable { History, Tellers, Accounts, Branches };
inline constexpr PgbenchTable kPgbenchTables[] = {PgbenchTable::History, PgbenchTable::Tellers,
                                                  PgbenchTable::Accounts, PgbenchTable::Branches};

std::string pgbench_table_name(PgbenchTable table);  // "pgbench_accounts"
// Rows prepare loads: branches N, tellers 10N, accounts 100000N, history 0.
long long pgbench_table_rows(PgbenchTable table, int scale);

// CREATE TABLE as pgbench 15 writes it: its columns, aid bigint from scale
// 20000, and "with (fillfactor=F)" on all but history; pgbench_accounts
// with --partitions "partition by range|hash (aid)" instead of the
// fillfactor, which its partitions take.
std::string create_pgbench_table_sql(PgbenchTable table, const PgbenchOptions& options);

// pgbench_accounts' partitions as pgbench 15's createPartitions makes them:
// pgbench_accounts_1..N, each "with (fillfactor=F)"; none unpartitioned.
std::string pgbench_partition_name(int partition);  // "pgbench_accounts_2"
std::vector<std::string> create_pgbench_partitions_sql(const PgbenchOptions& options);
// Partition P's bound as pg_get_expr(relpartbound) shows it: range
// "FOR VALUES FROM (MINVALUE) TO (33335)" (ranges of ceil(accounts / N)
// ids, the first from MINVALUE, the last to MAXVALUE), hash "FOR VALUES
// WITH (modulus 3, remainder 0)" (remainder P - 1).
std::string pgbench_partition_bound(const PgbenchOptions& options, int partition);
// The accounts a range partition holds after prepare (aids 1..100000N).
long long pgbench_range_partition_rows(const PgbenchOptions& options, int partition);

// "copy pgbench_X from stdin" (text format, pgbench's own columns); with
// `freeze`, pgbench -i's "(freeze on)": the rows go in frozen, which only a
// transaction that created the table may ask.
std::string copy_pgbench_sql(PgbenchTable table, bool freeze);
// Rows first..last (1-based ids) of a table in COPY text, as pgbench's
// initBranch / initTeller / initAccount write them: balances 0; branches'
// and tellers' filler NULL, accounts' the empty string (blank-padded).
std::string pgbench_copy_rows(PgbenchTable table, long long first, long long last);
// After the rows: the primary key (none for history).
std::vector<std::string> finish_pgbench_table_statements(PgbenchTable table);

// The kit's record: tpcc_pgbench_tables holds one row per table prepare
// created, with the scale, fillfactor, partitions and partition method
// (each row the same) and whether it is complete (key done); tpcc_pgbench_chunks one row per range
// of ids loaded, committed with its rows, so a killed prepare loads only what is missing.
inline constexpr const char* kPgbenchTablesRecord = "tpcc_pgbench_tables";
inline constexpr const char* kPgbenchChunksRecord = "tpcc_pgbench_chunks";
extern const char* const kCreatePgbenchRecordSql;
// select table_name, scale, fillfactor, complete, partitions,
// partition_method from tpcc_pgbench_tables
extern const char* const kSelectPgbenchTablesSql;
// $1 table_name: the first ids of its loaded ranges.
extern const char* const kSelectPgbenchChunksSql;
// The four pgbench tables of the current schema, by name.
extern const char* const kListPgbenchTablesSql;

// Whether the kit's record names any of the four tables: if not, any there
// are someone else's (pgbench -i's, or the user's).
bool recorded_pgbench_tables(pqxx::transaction_base& tx);

// Sent on the loader's plain connection (no parameters).
// A table made anew with its record, in the caller's transaction: the
// record of one dropped since (its chunks first) forgotten, the table (with
// pgbench_accounts' partitions) created, its options recorded.
std::vector<std::string> create_recorded_pgbench_table_statements(PgbenchTable table,
                                                                  const PgbenchOptions& options);
std::string record_pgbench_chunk_sql(PgbenchTable table, long long first, long long last);
// The ranges of `chunk` ids that make a table of `rows`, recorded at once
// (a table loaded whole records them as the ranged load does, one by one).
std::string record_pgbench_chunks_sql(PgbenchTable table, long long rows, long long chunk);
std::string complete_pgbench_table_sql(PgbenchTable table);

}  // namespace tpcc
