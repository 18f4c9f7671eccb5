// What a run's result records about how it started: the snapshot it was
// restored from, the conditioning steps before the terminals, and the
// environment (server settings, client host, the kit). Types only: the
// experiment room fills them, the report writes them into result.json, so
// that two results can tell whether they started from the same state.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "config/build_info.hpp"

namespace tpcc {

// The identity a snapshot carries (its database comment): which workload's
// load it copies, what was loaded and how many rows each of the load's
// tables held when it was taken.
struct SnapshotIdentity {
  std::string name;        // the snapshot database, <db>_tpcc_snapshot
  std::string source;      // the database it copies
  std::string created_at;  // UTC, ISO 8601
  // Whose load: "tpcc", "sysbench", "pgbench" or "ingest" (WorkloadTables).
  std::string workload = "tpcc";
  // TPC-C: bmsql_config's rows at the time: warehouses, seed, layout
  // options, ...; the others: their record's rows, table -> its options.
  std::vector<std::pair<std::string, std::string>> layout;
  std::vector<std::pair<std::string, std::int64_t>> row_counts;  // table -> rows
  std::string row_digest;  // md5 of "table=rows\n" over row_counts, in order
};

// A run that restored its database first: from what, and how long it took.
struct SnapshotRestore {
  SnapshotIdentity identity;
  std::string strategy;  // CREATE DATABASE's STRATEGY (WAL_LOG, FILE_COPY), or "" before 15
  double seconds = 0;
};

// One conditioning step (--condition): how long it took, and what it did
// or why it did nothing (prewarm without the extension).
struct ConditioningStep {
  std::string step;
  double seconds = 0;
  std::string detail;
};

// A pg_settings row whose source is not 'default'.
struct ServerSetting {
  std::string name;
  std::string setting;
  std::string unit;
  std::string source;
};

struct Environment {
  bool collected = false;
  // The server, as the run's database sees it.
  std::string server_version;
  std::vector<ServerSetting> settings;
  std::vector<std::pair<std::string, std::string>> extensions;  // name -> version
  std::int64_t database_bytes = 0;
  // The server answers on this host (a unix socket, or a loopback address):
  // the host facts below are then the server's too.
  std::optional<bool> server_on_this_host;
  // The client host (tpcc's own machine); empty or 0 where unreadable.
  std::string hostname;
  std::string cpu_model;
  int cpus = 0;
  double cpu_mhz = 0;  // /proc/cpuinfo's first "cpu MHz"
  std::int64_t memory_kb = 0;
  std::string kernel;                 // uname: sysname release version machine
  std::string transparent_hugepages;  // the selected one of .../enabled: "madvise"
  std::string cpu_governor;           // cpu0's scaling_governor; "" where absent
  // tpcc itself, and the user's words about the run.
  BuildInfo tool;  // this tpcc's build (config/build_info.hpp)
  std::string label;
  std::string notes;
};

// One finding of the pre-flight checks (experiment/preflight.hpp): a
// setting or host fact that changes what the run's figures mean.
struct PreflightFinding {
  std::string check;     // "durability", "cache", "max_connections", ...
  std::string severity;  // "refuse" (the run cannot work), "warning" or "note"
  std::string text;
};

struct ExperimentRecord {
  std::optional<SnapshotRestore> snapshot;
  std::vector<ConditioningStep> conditioning;
  Environment environment;
  std::vector<PreflightFinding> preflight;
};

}  // namespace tpcc
