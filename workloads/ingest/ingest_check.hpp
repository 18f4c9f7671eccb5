// What holds of the ingest tables, and the record the check reads: the rows
// each run acknowledged are added to tpcc_ingest_tables at the end of the
// run (one update per table, not one per batch, so that the record costs
// the batches nothing); tpcc check then finds in each recorded table at
// least the rows acknowledged and at most those plus the rows in doubt (a
// batch whose connection broke before its answer). A server restarting or
// recovering at the run's end is waited for (--max-downtime) before the
// record is written. A run killed before its end, or whose server does not
// come back in that time, records nothing: its rows are then more than the
// record says, and check says so.
#pragma once

#include <ostream>
#include <pqxx/connection_base>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "workloads/ingest/ingest_workload.hpp"
#include "workloads/recorded_tables.hpp"

namespace tpcc {

// Before a run: throws UsageError, naming the table and the prepare to run,
// unless tables 1..count are all tpcc's and there.
void refuse_unprepared_ingest_tables(const Config& config, int count);

// After a run: adds the counters' acknowledged and in-doubt rows to each
// table's record, in one transaction.
void record_ingest_counts(pqxx::connection_base& conn, const IngestCounters& counters);

std::vector<TableCheckResult> run_ingest_checks(const Config& config);

// Runs the checks, prints a line each and a summary; exit 0 when all hold,
// 1 otherwise.
int check_ingest_tables(const Config& config, std::ostream& out);

}  // namespace tpcc
