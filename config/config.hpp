// The typed, validated configuration of one tpcc invocation. Built once by
// parse_command_line() (config/command_line/options.hpp) from, in order of precedence:
// command-line flags > props file > PG* environment > built-in defaults.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "config/table_storage.hpp"
#include "config/workload_options.hpp"
#include "spec/transactions.hpp"

namespace tpcc {

// Sweep and Curve are the command words of tpcc sweep and tpcc curve only:
// their configuration is a run's (verb Run, sweep or curve true), so that
// every check of a run's options holds. Fleet writes the commands of N
// drivers (config.fleet); the drivers' own options are parsed again as
// their verb's.
enum class Verb {
  Prepare,
  Run,
  Check,
  Cleanup,
  Quickstart,
  Acid,
  Report,
  Snapshot,
  Capacity,
  Sweep,
  Curve,
  Fleet
};
enum class LoadMethod { Copy, Insert };
// COPY's data format: text, or binary (no text parsing on the server).
enum class CopyFormat { Text, Binary };
enum class Profile { ReadWrite, ReadOnly };
enum class Mode { Statements, Procedures };
// How a session sends its statements: named prepared statements (prepared
// once per connection), the extended protocol with the unnamed statement
// (parsed on every execution), or the simple protocol with the values as
// quoted literals. Only the last two survive a transaction pooler.
enum class QueryMode { Prepared, Extended, Simple };
enum class Isolation { ReadCommitted, RepeatableRead, Serializable };
// How a --conn of several hosts is used: libpq's way (the first host that
// answers, and the next one after a failure: failover), or the terminals'
// connections spread over all of them, each host a primary of its own
// (a Citus cluster's coordinators, a multi-primary system).
enum class HostPolicy { First, RoundRobin, Random };
// How prepare lays the tables out over servers: one server, or Citus's
// coordinator and workers (schema/citus.hpp).
enum class Distribution { None, Citus };
// 2.7.2: Delivery in the terminal's transaction (sync) or queued for
// background delivery workers (deferred).
enum class DeliveryMode { Sync, Deferred };
// Where a mixed run's analytic streams (--ch-streams) run: on the primary
// or on each --standby-conn.
enum class ChOn { Primary, Standby };
// How --rate's transactions arrive: at exponentially distributed intervals
// (a Poisson process, as pgbench's -R and sysbench's --rate schedule them)
// or at a fixed spacing.
enum class Arrivals { Poisson, Fixed };
// The shape of the run's interval lines: tpcc's own (tpmC, percentiles) or
// sysbench's ("[ 1s ] thds: ... tps: ... qps: ...").
enum class ReportFormat { Tpcc, Sysbench };
// --rules: the run rules a TPC-C summary prints when the run is not a run
// of record: the short block (the few that speak to its figures) or every
// rule's row.
enum class RulesShown { Short, Full };
// tpcc run --condition: the steps that may run before the terminals start,
// in the order they run.
enum class ConditionStep { Vacuum, Analyze, Checkpoint, Restart, Prewarm };

// What an axis of tpcc sweep varies: a run option by its flag name (--vary
// terminals=8,16), a server setting (--vary-setting work_mem=4MB,64MB) or
// a variable of pgbench's scripts (--vary-define range=1000,5000).
enum class SweepAxisKind { RunOption, ServerSetting, ScriptVariable };

// One end of tpcc curve's ladder: a percent of the measured peak ("10%")
// or a rate in the unit the workload's --rate takes.
struct CurveBound {
  double value = 0;
  bool percent = false;
};

// One axis of tpcc sweep and its values as given.
struct SweepAxis {
  std::string name;
  std::vector<std::string> values;
  SweepAxisKind kind = SweepAxisKind::RunOption;
  bool server_setting() const { return kind == SweepAxisKind::ServerSetting; }
};

// One hot standby that read-only terminals drive during the primary's run.
struct StandbyTarget {
  std::string conninfo;  // libpq conninfo (a JDBC URL is translated), password included
  int terminals = 0;     // read-only terminals on this standby
  std::array<double, kTxnTypes> mix = {0, 0, 50, 0, 50};  // only Order-Status, Stock-Level
};

// tpcc fleet k8s (docs/several-drivers.md): the manifest of N drivers of
// one prepare or run. args: the drivers' options as given (fleet's own
// taken out), parsed again as `tpcc <verb> ... --driver 1/N` would.
struct FleetPlan {
  std::string target;  // "k8s"
  Verb verb = Verb::Run;
  bool merge = false;  // --verb merge: the Job that merges a run's drivers
  int drivers = 0;
  std::string image;
  std::string secret = "tpcc-conn";
  std::string results_size = "1Gi";
  std::string output;  // empty: stdout
  std::vector<std::string> args;
};

struct Config {
  Verb verb = Verb::Prepare;

  // Connection. conninfo is libpq conninfo or a URI; empty means "use the PG*
  // environment and ~/.pgpass". A JDBC URL from a props file is translated.
  std::string conninfo;
  std::optional<std::string> props_file;

  // What prepare loads and run drives (--workload, or a sysbench test name
  // on sysbench's command line): TPC-C, one of sysbench's oltp tests
  // with its options, or pgbench's tables and scripts.
  WorkloadKind workload = kDefaultWorkload;
  OltpOptions oltp;
  IngestOptions ingest;
  PgbenchOptions pgbench;

  // prepare
  int warehouses = 1;
  int load_workers = 2;
  LoadMethod load_method = LoadMethod::Copy;
  int insert_batch_rows = 1000;  // rows per multi-row INSERT
  CopyFormat copy_format = CopyFormat::Binary;
  std::uint64_t seed = 20260101;  // data generation seed
  bool seed_given = false;        // true when set by flag or props
  // Fillfactor per table ("bmsql_stock" -> 80); the key "*" applies to all.
  std::map<std::string, int> fillfactor = default_fillfactor();
  // Storage parameters per table (autovacuum and vacuum settings).
  StorageParameters storage_parameters = default_storage_parameters();
  // Also VACUUM ANALYZE tables_left_unanalyzed() after the load.
  bool analyze_all_tables = false;
  // Statistics on the text payload columns too (schema/payload_statistics.sql).
  bool analyze_payload_columns = false;
  // Tablespace per table ("bmsql_customer" -> "ts2"); "*" applies to all.
  std::map<std::string, std::string> tablespace;
  // The names of --tablespace given without a table, in order: the ingest
  // workload's tables take them round-robin.
  std::vector<std::string> tablespace_names;
  bool foreign_keys = false;
  // CH-benCHmark's SUPPLIER, NATION and REGION beside TPC-C's tables
  // (workloads/ch/ch_tables.hpp).
  bool ch = false;
  int partitions = 0;           // 0 or 1: not partitioned
  bool no_check = false;        // skip the after-load check
  bool no_space_check = false;  // load even when the estimate exceeds the free space
  Distribution distribution = Distribution::None;
  int shards = 0;  // Citus shards per table (0: the server's citus.shard_count)

  // check
  bool after_load = false;  // include condition 11

  // cleanup
  bool cascade = false;  // also drop objects of others that depend on kit tables

  // snapshot: keep the loaded database as a template copy, or (drop) remove
  // that copy (docs/experiments.md)
  bool snapshot_drop = false;

  // quickstart
  bool keep = false;      // keep the throwaway server running
  int citus_workers = 0;  // >0: a local Citus coordinator and this many workers

  // acid: 3.5.3 durability, crashing the server whose data directory is
  // server_datadir (the kit's consent to crash it)
  bool durability = false;
  std::string server_datadir;
  // or crashing it with the user's own command (a power cut of its machine),
  // then waiting this long for it to accept connections again
  std::string crash_command;
  int restart_timeout_seconds = 600;

  // run
  int terminals = 10;
  int connections = 0;  // 0: one per terminal
  // --jobs: the threads the terminals share on the fast path, each terminal
  // in a fiber; 0 (not given): a thread per terminal (pgbench's finish
  // makes it pgbench's 1).
  int jobs = 0;
  int duration_seconds = 60;
  int warmup_seconds = 0;
  // --ramp (props rampupTerminalMins): terminal i of N starts ramp x i / N
  // seconds after the run's start; the ramp counts as warm-up, and a
  // shorter warm-up is extended to it (warmup_extended_for_ramp).
  int ramp_seconds = 0;
  bool warmup_extended_for_ramp = false;
  // props rampupSUTMins: BenchmarkSQL 6 opens its connections over this
  // long beside the terminals' ramp; tpcc opens them all before the start,
  // so it is accepted only up to the terminals' ramp (config/finish).
  int ramp_sut_seconds = 0;
  int repeat = 1;              // runs of one set (DIR/run-1 ... run-N), summarized together
  long txns_per_terminal = 0;  // >0: stop after this many instead of duration
  std::array<double, kTxnTypes> mix = {45, 43, 4, 4, 4};
  Profile profile = Profile::ReadWrite;
  Mode mode = Mode::Statements;
  QueryMode query_mode = QueryMode::Prepared;
  Isolation isolation = Isolation::ReadCommitted;
  bool terminal_warehouse_fixed = true;   // BenchmarkSQL terminalWarehouseFixed
  bool allow_many_terminals = false;      // > 10 terminals per warehouse with fixed binding
  double rate_tpm = 0;                    // 0: unlimited (limitTxnsPerMin)
  Arrivals arrivals = Arrivals::Poisson;  // --arrivals: how --rate's transactions arrive
  bool keying_and_thinking = false;       // 5.2.5 keying and think times
  double think_multiplier = 1.0;          // scales think times (and keying unless set apart)
  double keying_multiplier = 1.0;         // scales keying times (= think_multiplier unless set)
  int rollback_percent = 1;               // 2.4.1.4: New-Orders with an unused item, percent
  int warehouse_from = 0;                 // terminals use warehouses from..to (0: 1..W)
  int warehouse_to = 0;                   // (BenchmarkSQL 6 useWarehouseFrom/To)
  int report_interval_seconds = 10;
  ReportFormat report_format = ReportFormat::Tpcc;
  RulesShown rules_shown = RulesShown::Short;  // --rules
  // sysbench's --percentile: the percentile of its "lat (ms,95%)" interval
  // lines and final latency block (0: none shown); --histogram: its latency
  // histogram in the final report.
  int sysbench_percentile = 95;
  bool sysbench_histogram = false;
  // sysbench's --rand-seed for the run's random draws; 0: from the clock.
  std::uint64_t rand_seed = 0;
  bool server_metrics = true;           // sample server metrics per interval
  std::string result_dir;               // empty: results/<timestamp>/
  std::string json_file;                // extra copy of result.json
  std::vector<StandbyTarget> standbys;  // combined primary + standby run
  // --metrics-listen ADDR:PORT: live Prometheus metrics while the run lasts
  // (docs/live-metrics.md); empty: off. A non-loopback address needs
  // metrics_listen_any; the final figures stay served metrics_linger_seconds.
  std::string metrics_listen;
  bool metrics_listen_any = false;
  int metrics_linger_seconds = 0;

  // run: experiments from one loaded state (docs/experiments.md). restore:
  // put the database back to its snapshot first; condition: what to do to
  // the server between that and the terminals' start, in this order;
  // label and notes: the user's words about the run, kept in result.json.
  bool restore = false;
  // restore_drop_others: --restore may drop the objects of the working
  // database tpcc did not create (it refuses, listing them, without).
  bool restore_drop_others = false;
  std::vector<ConditionStep> condition;
  std::string label;
  std::string run_notes;

  // tpcc sweep (docs/experiments.md): the axes, each in the order given; sweep_args: the command
  // line after the command word, which each point's run is parsed from again with its values
  // (sweep_point_config).
  bool sweep = false;
  std::vector<SweepAxis> sweep_axes;
  std::vector<std::string> sweep_args;

  // tpcc curve (docs/curve.md): the ladder of offered rates, from curve_from
  // to curve_to in curve_steps steps, each a percent of the measured peak or
  // a rate in --rate's unit; curve_latency_limit: --latency-limit was given
  // (the answer "max rate with p99 within it" is asked).
  bool curve = false;
  CurveBound curve_from{10, true};
  CurveBound curve_to{110, true};
  int curve_steps = 10;
  bool curve_latency_limit = false;

  FleetPlan fleet;

  // run: several drivers, one result (docs/several-drivers.md). Driver
  // driver_index of driver_count (1-based; 0 of 0: the only driver) takes
  // that slice of the home warehouses and meets the others, those of the
  // same run_id, at a start barrier in the database.
  int driver_index = 0;
  int driver_count = 0;
  std::string run_id = "default";
  int barrier_timeout_seconds = 60;

  // report: tpcc report DIR [--out DIR], tpcc report --merge DIR... --out
  // DIR, tpcc report --compare DIR... [--out DIR|FILE.html]
  std::string report_dir;
  std::vector<std::string> merge_dirs;
  std::vector<std::string> compare_dirs;
  std::string out_dir;

  // run: faults. A run whose server stays unreachable longer than
  // max_downtime_seconds stops (exit 3); at the end, transactions still in
  // flight get stop_grace_seconds, then are cancelled and counted unfinished.
  int max_downtime_seconds = 30;
  // --failover: an outage is expected (a multi-host --conn moving to a
  // promoted standby): downtime within max_downtime_seconds is reported,
  // not a failure, and the acknowledged-commit ledger is kept and checked
  // on the surviving primary after the run.
  bool failover = false;
  // --host-policy: how a --conn of several hosts is used (HostPolicy).
  HostPolicy host_policy = HostPolicy::First;
  double stop_grace_seconds = 5;
  int statement_timeout_ms = 0;  // server statement_timeout per session (0: the server's)
  // run: rules of record
  DeliveryMode delivery_mode = DeliveryMode::Deferred;  // 2.7.2 requires it
  int delivery_workers = 1;                             // deferred Delivery's background workers
  // A mixed run (docs/ch.md): CH-benCHmark's analytic streams beside
  // TPC-C's terminals on one clock, on the primary or on each standby.
  int ch_streams = 0;
  ChOn ch_on = ChOn::Primary;
  // --ch-baseline: the first seconds of the measured interval run TPC-C
  // alone (the streams held back), the rest mixed; 0: mixed throughout.
  int ch_baseline_seconds = 0;
  bool spec = false;  // --spec: everything the run rules require
  // --check-before-after: 3.3.3's consistency test around the run (the
  // 3.3.2 conditions verified before and after; app/consistency_test_run.cpp).
  bool check_before_after = false;
  // --spec without a known warehouse count (no props warehouses): the run
  // sets terminals to 10 per home warehouse of the loaded database.
  bool terminals_from_load = false;
  int lock_timeout_ms = 0;  // server lock_timeout per session (0: the server's)

  // capacity: a bracketing search for the largest load that passes the
  // run rules a short run can judge (app/capacity_command.cpp). With
  // keying and think times it searches active warehouses (10 terminals
  // each); without, terminals against the New-Order p90 limit.
  double efficiency_floor = 85;    // percent of 12.86 tpmC per active warehouse
  double latency_limit_ms = 5000;  // unpaced: New-Order p90 limit (5.2.5.3: 5 s)
  int search_start = 1;            // the first step's active warehouses (or terminals)
  bool search_over_rate = false;   // --search-over rate: each step a --rate at fixed terminals
  int search_max = 0;    // the most the search tries (0: the load's, or the server's connections)
  bool confirm = false;  // a full-length run at the answer
  int confirm_duration_seconds = 7200;  // its measured interval (5.5: 120 minutes)

  // sysbench-tpcc's command line (workloads/sysbench/config/sysbench_settings.cpp): the
  // warehouses came from --tables x --scale (run then checks them against
  // the load), and what its flags became, said once at the start.
  std::string warehouses_from_sysbench;  // "--tables 10 × --scale 100", or empty
  std::vector<std::string> notes;
};

}  // namespace tpcc
