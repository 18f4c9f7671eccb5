// The workloads tpcc runs on its one engine, and the options of those that
// are not TPC-C. TPC-C is the default and keeps every option of its own in
// Config; sysbench's oltp tests take sysbench 1.0's option names and
// defaults (its oltp_common.lua), so that a sysbench line runs with only the
// program name changed; pgbench's tables and scripts take pgbench's
// (docs/pgbench.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tpcc {

enum class WorkloadKind { Tpcc, SysbenchOltp, Ingest, Pgbench, Ch };
// What prepare loads and run drives when nothing names a workload, and what
// a result directory from before the workloads ran.
inline constexpr WorkloadKind kDefaultWorkload = WorkloadKind::Tpcc;

// The ingest workload's way of sending a batch: one multi-row INSERT, or
// COPY ... FROM STDIN of its rows.
enum class IngestMethod { Insert, Copy };

// The ingest workload (docs/ingest.md): each stream (terminal) appends
// batches of rows to a table of its own, or to tables shared round-robin.
struct IngestOptions {
  int tables = 0;       // --ingest-tables: 0, one per stream; N, streams share N
  int rows = 100;       // --ingest-rows: rows per statement
  int row_bytes = 360;  // --ingest-row-bytes: a row's size in the table, about
  IngestMethod method = IngestMethod::Insert;  // --ingest-method
  bool unlogged = false;                       // --unlogged: UNLOGGED tables
  bool checkpoint = false;  // --ingest-checkpoint: a CHECKPOINT after each truncate of --repeat
};

// What a row of an ingest table takes besides its text payload: the tuple
// header (23 bytes, aligned to 24), the timestamp (8), the text's 4-byte
// length word and the row's line pointer in the page (4). A 360-byte row
// holds 320 characters, the md5 strings of the write-up it follows.
inline constexpr int kIngestRowOverheadBytes = 40;
// The payload is stored plain (not compressed, not moved out of line), so a
// row must fit in one 8 kB page with room to spare.
inline constexpr int kMaxIngestRowBytes = 8000;

// sysbench 1.0's oltp_*.lua tests, one event each.
enum class OltpTest {
  ReadWrite,       // oltp_read_write
  ReadOnly,        // oltp_read_only
  WriteOnly,       // oltp_write_only
  PointSelect,     // oltp_point_select
  UpdateIndex,     // oltp_update_index
  UpdateNonIndex,  // oltp_update_non_index
  Insert,          // oltp_insert
  Delete           // oltp_delete
};

// sysbench's --rand-type: how the row ids an event touches are drawn.
enum class RandType { Uniform, Gaussian, Special, Pareto, Zipfian };

// sysbench 1.0.20's option values, its defaults as given here.
struct OltpOptions {
  OltpTest test = OltpTest::ReadWrite;
  // --standby-test: the read-only test each --standby-conn runs beside the
  // primary's (oltp_read_only or oltp_point_select).
  OltpTest standby_test = OltpTest::ReadOnly;
  int tables = 1;                          // --tables: sbtest1..sbtestN
  std::int64_t table_size = 10000;         // --table-size: rows per table
  int point_selects = 10;                  // --point_selects
  int simple_ranges = 1;                   // --simple_ranges
  int sum_ranges = 1;                      // --sum_ranges
  int order_ranges = 1;                    // --order_ranges
  int distinct_ranges = 1;                 // --distinct_ranges
  int range_size = 100;                    // --range_size
  int index_updates = 1;                   // --index_updates
  int non_index_updates = 1;               // --non_index_updates
  int delete_inserts = 1;                  // --delete_inserts
  bool range_selects = true;               // --range_selects
  bool skip_trx = false;                   // --skip_trx: no BEGIN/COMMIT around the event
  bool auto_inc = true;                    // --auto_inc: id is serial; inserts leave it out
  bool secondary = false;                  // --secondary: id is a secondary index, not the key
  bool create_secondary = true;            // --create_secondary: the k index
  RandType rand_type = RandType::Special;  // sysbench 1.0's default
  int rand_spec_iter = 12;                 // --rand-spec-iter (gaussian)
  double rand_spec_pct = 1;                // --rand-spec-pct (special)
  double rand_spec_res = 75;               // --rand-spec-res (special)
  double rand_pareto_h = 0.2;              // --rand-pareto-h
  double rand_zipfian_exp = 0.8;           // --rand-zipfian-exp
};

// A script pgbench runs: a builtin's name (-b NAME[@W]) or a file (-f
// FILE[@W]), as given; the workload parses the weight and the script.
struct PgbenchScriptChoice {
  bool builtin = true;
  std::string spec;  // "tpcb-like@5", "rw.sql"
  std::string flag;  // where it was given, for messages: "--file"
};

// pgbench 13+'s --partition-method: pgbench_accounts not partitioned, or
// partitioned by aid into ranges or by its hash.
enum class PgbenchPartitionMethod { None, Range, Hash };

// pgbench 15 takes at most this many scripts, builtins (-b) and files (-f)
// together (its MAX_SCRIPTS); so does a tpcc run, for each side.
inline constexpr std::size_t kMaxPgbenchScripts = 128;

// pgbench 15's tables (pgbench -i) and what runs on them.
struct PgbenchOptions {
  int scale = 1;             // -s / --scale: branches; tellers 10 and accounts 100000 per branch
  bool scale_given = false;  // run: :scale is -s, else the prepared tables'
  int fillfactor = 100;      // -F / --fillfactor of the three tables pgbench gives one
  int partitions = 0;        // --partitions of pgbench_accounts; 0: a plain table
  PgbenchPartitionMethod partition_method = PgbenchPartitionMethod::None;  // Range when N > 0
  std::vector<PgbenchScriptChoice> scripts;                                // none: tpcb-like
  // --standby-builtin / --standby-file: what each --standby-conn runs
  // beside the primary's scripts; none: select-only.
  std::vector<PgbenchScriptChoice> standby_scripts;
  std::vector<std::string> defines;  // -D NAME=VALUE, as given
  // --report-per-command (-r): each command's average latency and failures.
  bool report_per_command = false;
  // -P / --progress: a progress line every N seconds; 0 none (the
  // intervals are still kept); -1 not given: every --report-interval.
  int progress_seconds = -1;
  // -L / --latency-limit in ms: slower transactions count as late, and
  // under --rate those already that late when due are skipped; 0 none.
  double latency_limit_ms = 0;
  // Before a run, as pgbench: pgbench_branches and pgbench_tellers
  // vacuumed and pgbench_history emptied, unless --no-vacuum (-n);
  // --vacuum-all (-v) vacuums pgbench_accounts as well.
  bool no_vacuum = false;
  bool vacuum_all = false;
};

}  // namespace tpcc
