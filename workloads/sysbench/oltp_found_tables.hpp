// sysbench's own tables: sbtest1..N that a real `sysbench oltp_* prepare`
// made, which the kit did not create and has no record of. They are
// recognised by sysbench 1.0's columns (id, k, c, pad as oltp_common.lua
// creates them on PostgreSQL) and used as they are: a run reads and writes
// them as sysbench's would, `tpcc check` checks what can be checked without
// a record (columns, key, k index, rows), and cleanup leaves them (it drops
// what the kit recorded).
#pragma once

#include <string>
#include <vector>

#include <pqxx/transaction_base>

#include "config/workload_options.hpp"
#include "workloads/recorded_tables.hpp"

namespace tpcc {

// Whether sbtest1 is in the current schema.
bool any_sbtest_table(pqxx::transaction_base& tx);

// Throws UsageError naming the first of sbtest1..tables that is missing or
// whose columns are not sysbench's; `hint` ends the message (what to run
// instead).
void check_found_sbtest_tables(pqxx::transaction_base& tx, int tables, const std::string& hint);

// tpcc check's lines for sbtest1..options.tables made by sysbench: its
// columns, its primary key on id (or with --secondary an index on id), its
// k index unless --create_secondary is off, and how many rows it holds
// (reported: without a record there is no count to hold it to).
std::vector<TableCheckResult> found_sbtest_checks(pqxx::transaction_base& tx,
                                                  const OltpOptions& options);

}  // namespace tpcc
