// The sbtest tables as sysbench 1.0's oltp_common.lua creates them on
// PostgreSQL, and the kit's own record of the ones it created. Prepare
// creates a table without its key, loads it, then adds the key and the k
// index (faster than keeping them up row by row); the result is the table
// sysbench's CREATE TABLE and CREATE INDEX make.
#pragma once

#include <string>
#include <vector>

#include "config/workload_options.hpp"
#include "workloads/recorded_tables.hpp"

namespace tpcc {

// The kit's record (tpcc prepare creates it, tpcc cleanup drops it):
// tpcc_sysbench_tables holds one row per sbtest table prepare created,
// with the options its rows depend on and whether it is complete (key,
// indexes, sequence and statistics done); tpcc_sysbench_chunks one row per
// range of ids loaded, committed with the range's rows, so that a killed
// prepare loads only what is missing.
inline constexpr const char* kOltpTablesRecord = "tpcc_sysbench_tables";
inline constexpr const char* kOltpChunksRecord = "tpcc_sysbench_chunks";

// The two record tables, created when missing.
extern const char* const kCreateOltpRecordSql;
// select table_name, table_size, auto_inc, secondary, complete from
// tpcc_sysbench_tables.
extern const char* const kSelectOltpTablesSql;
// $1 table_name: the first ids of its loaded ranges.
extern const char* const kSelectOltpChunksSql;
// The sbtest tables of the current schema, by name.
extern const char* const kListSbtestTablesSql;

// Sent on the loader's plain connection, in one transaction: forgets the
// record of an sbtest<n> that is gone (its ranges first), creates the table
// (create_sbtest_sql) and records it with its options and `rows`.
std::vector<std::string> create_recorded_sbtest_statements(int table, const OltpOptions& options,
                                                           long long rows);

// CREATE TABLE sbtest<n> as oltp_common.lua's create_table() for pgsql,
// without the key: id SERIAL (INTEGER NOT NULL without --auto_inc), k
// INTEGER DEFAULT '0' NOT NULL, c CHAR(120) DEFAULT '' NOT NULL, pad
// CHAR(60) DEFAULT '' NOT NULL.
std::string create_sbtest_sql(int table, const OltpOptions& options);

// "copy sbtest<n> (id, k, c, pad) from stdin with (format binary)"; with
// `freeze` (the table was created in this transaction) its rows go in
// frozen: no later VACUUM or first read has to set their hint bits.
std::string copy_sbtest_sql(int table, bool freeze);

// After the rows: the primary key on id (sysbench's PRIMARY KEY (id), named
// sbtest<n>_pkey as PostgreSQL names it), or with --secondary a plain
// index xid_<n> on id; the k index k_<n> unless --create_secondary is off;
// the id sequence moved past the rows (--auto_inc: the next insert gets
// table_size + 1, as after sysbench's inserts); ANALYZE.
std::vector<std::string> finish_sbtest_statements(int table, const OltpOptions& options,
                                                  long long rows);

// A range of ids is loaded: committed with its rows.
std::string record_chunk_sql(int table, long long first_id, long long last_id);
// The table is complete (sent on the loader's plain connection too).
std::string complete_table_sql(int table);

}  // namespace tpcc
