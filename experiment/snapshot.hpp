// The snapshot of a loaded database: a template copy, <db>_tpcc_snapshot,
// that a run can put the database back to, so that repeats and sweeps start
// from the same state (docs/experiments.md), of any workload's load. The
// snapshot carries its identity (whose load, what was loaded, the row
// counts of its tables) as its
// database comment; a database without tpcc's identity is never dropped.
#pragma once

#include <ostream>
#include <string>

#include "config/config.hpp"
#include "metrics/workload_tables.hpp"

namespace tpcc {

// tpcc snapshot: copies the database config.conninfo names, holding the
// load of `tables` (TPC-C's: bmsql_config's). Refuses (UsageError, nothing
// done) a database without a complete load of tpcc's of that workload, one
// distributed by Citus, a role without CREATEDB, other sessions on the
// database, and an existing snapshot.
int create_snapshot(const Config& config, const WorkloadTables& tables, std::ostream& out);

// tpcc snapshot --drop: drops the snapshot if it carries tpcc's identity.
int drop_snapshot(const Config& config, std::ostream& out);

}  // namespace tpcc
