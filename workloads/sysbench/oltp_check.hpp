// tpcc check for sysbench's oltp tests: what holds of the sbtest tables.
// Always: each table is one prepare created and completed, it has its key
// (or, with --secondary, its id index) and, unless --create_secondary is
// off, its k index, each valid, no id appears twice, and it holds the rows
// prepare loaded plus the inserts minus the deletes every run since
// acknowledged (oltp_row_changes.hpp), give or take the writes a broken
// connection left in doubt. Right after prepare (after_load) also: ids
// 1..table_size. Tables a real sysbench made are checked as
// oltp_found_tables.hpp says.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "workloads/recorded_tables.hpp"

namespace tpcc {

std::vector<TableCheckResult> run_oltp_checks(const Config& config, bool after_load);

// Where a run's sbtest tables come from.
enum class OltpTablesOrigin {
  Recorded,        // tpcc prepare created and completed them (its record)
  MadeBySysbench,  // no record: a real sysbench prepare's (oltp_found_tables.hpp)
};

// Before a run: throws UsageError, naming the table and the prepare to
// run, unless every sbtest table of config.oltp.tables is one prepare
// created and completed or, where the kit has no record, one sysbench made.
OltpTablesOrigin refuse_unprepared_oltp_tables(const Config& config);

// Runs the checks, prints a line each and a summary; exit 0 when all hold,
// 1 otherwise.
int check_oltp_tables(const Config& config, std::ostream& out);

}  // namespace tpcc
