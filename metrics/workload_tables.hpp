// A workload's load as the kit recorded it, read by app (which sees the
// workloads) and handed to experiment/ (which does not): whose load it is,
// the tables the kit created for it and what identifies the load, for
// tpcc snapshot, run --restore and --condition's vacuum, analyze and
// prewarm.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace tpcc {

struct WorkloadTables {
  // "tpcc" (TPC-C's ten tables and bmsql_config, which experiment/ reads
  // itself: the fields below stay empty), "sysbench", "pgbench" or "ingest".
  std::string workload = "tpcc";
  // The record the tables were read from ("tpcc_pgbench_tables"); empty
  // when the database has none.
  std::string record;
  std::vector<std::string> tables;  // in the record's order
  // Per table, its record's options ("scale=1 fillfactor=100 ..."): two
  // loads with the same layout were made by the same prepare.
  std::vector<std::pair<std::string, std::string>> layout;
  bool complete = false;  // every recorded table finished by prepare
  // The kit's own tables beside the load, whether they exist or not: the
  // record and prepare's record of the rows loaded so far.
  std::vector<std::string> bookkeeping;

  bool is_tpcc() const { return workload == "tpcc"; }
};

}  // namespace tpcc
