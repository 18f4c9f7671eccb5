// The options table, run part continued: what a run writes (its lines, its
// result files) and how it ends when the server is slow, unreachable, or
// still busy at the end.
#include <string>
#include <vector>

#include "config/names.hpp"
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/sysbench/config/sysbench_config.hpp"
#include "workloads/tpcc/config/tpcc_config.hpp"

namespace tpcc::settings_table {
namespace {

// A session timeout (statement_timeout, lock_timeout): parsed into Field,
// shown as "0 (the server's setting)" or "30000 ms".
template <int Config::*Field>
void apply_timeout(const std::string& v, const Source& src, ParseState& st) {
  st.cfg.*Field = parse_duration_ms(v, src.where);
}

template <int Config::*Field>
std::string show_timeout(const Config& c) {
  const int ms = c.*Field;
  return ms == 0 ? std::string("0 (the server's setting)") : std::to_string(ms) + " ms";
}

void add_output(std::vector<Setting>& s) {
  add(
      s, "report-interval", "SEC", {"reportIntervalSecs"}, kRunVerbs | kPrepare | kCheck | kCleanup,
      kAllWorkloads, kRunSection,
      "Seconds between progress lines during the run (1..86400). With sysbench's oltp tests, 0 "
      "(sysbench's default) prints none, as sysbench, and keeps the intervals of the results "
      "every second. Prepare, check and cleanup accept it without effect, as sysbench does, so "
      "that sysbench's command lines run as they are with the command word changed.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.report_interval_seconds = parse_int(v, 0, 86400, src.where);
        note_without_effect(src, st, kRunVerbs);
      },
      [](const Config& c) { return std::to_string(c.report_interval_seconds); })
      .json = json_field<&Config::report_interval_seconds>("run", "report_interval_seconds");
  add(
      s, "report-format", "tpcc|sysbench", {}, kRunVerbs, kTpccOnly | kOltpOnly, kRunSection,
      "Shape of the progress lines. tpcc: '[ 10s ] tpmC: ... tpmTOTAL: ... p90: ... p99: ... "
      "err/s: ... retries: ...'. sysbench: sysbench's own, '[ 1s ] thds: 64 tps: 1234.56 qps: "
      "34567.89 (r/w/o: 15000.00/16000.00/3567.89) lat (ms,95%): 12.34 err/s: 0.00 reconn/s: "
      "0.00', for scripts that read sysbench output: thds is the terminals, tps the "
      "transactions completed per second (all five types), qps the statements per second "
      "split by the server's command tag (r: SELECT, w: INSERT, UPDATE, DELETE, o: BEGIN, "
      "COMMIT, ROLLBACK and the rest; a statement of tpcc's that changes rows under a SELECT tag, "
      "as New-Order's, Payment's and Delivery's and their function calls, counts as a write), "
      "lat the 95th percentile response time of the interval, err/s the failed transactions "
      "and reconn/s the reconnected sessions per second. Warm-up, downtime and stalls are "
      "added at the end as in the tpcc lines; standby lines keep the tpcc shape. With TPC-C "
      "the line is sysbench-tpcc's ('err/s 0.00', without the colon, as sysbench's Lua "
      "reporter writes it) and the summary starts with sysbench's final block (SQL statistics, "
      "General statistics, Latency, Threads fairness). An oltp test and a TPC-C run given any "
      "of sysbench-tpcc's flags (--threads, --tables, --scale, --time, --pgsql-*, ...) take "
      "sysbench unless this says tpcc.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.report_format = parse_choice(v, {"tpcc", "sysbench"}, src.where) == 0
                                   ? ReportFormat::Tpcc
                                   : ReportFormat::Sysbench;
      },
      [](const Config& c) { return std::string(report_format_name(c.report_format)); })
      .json = json_enum<&Config::report_format, report_format_name, ReportFormat::Tpcc,
                        ReportFormat::Sysbench>("run", "report_format");
  add(
      s, "rules", "short|full", {"runRules"}, kRunVerbs, kTpccOnly, kRunSection,
      "How much of the run rules the summary prints for a run that is not a run of record (no "
      "--spec and no keying and think times). short: one line saying how many rules were not "
      "judged and why, then one line for each rule that still speaks to the figures (warm-up and "
      "steady state, downtime, errors). full: every rule's row, as a run of record prints them. "
      "Under --spec or with keying and think times every rule is printed whatever this says; "
      "result.json and report.html keep every rule either way.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.rules_shown = parse_choice(v, {"short", "full"}, src.where) == 0 ? RulesShown::Short
                                                                                : RulesShown::Full;
      },
      [](const Config& c) { return std::string(rules_shown_name(c.rules_shown)); })
      .json =
      json_enum<&Config::rules_shown, rules_shown_name, RulesShown::Short, RulesShown::Full>(
          "run", "rules");
  add(
      s, "server-metrics", "on|off", {"serverMetrics"}, kRunVerbs, kAllWorkloads, kRunSection,
      "Sample the server's metrics per interval on a connection of their own: commits, "
      "rollbacks, buffer hit ratio, tuples, deadlocks and temp bytes (pg_stat_database), "
      "checkpoints and buffers written (pg_stat_bgwriter; pg_stat_checkpointer from PostgreSQL "
      "17), "
      "WAL bytes and full-page images "
      "(pg_stat_wal), the database size, autovacuum workers and their tables, lock waits, the "
      "top wait events of the kit's own backends (sampled 5 times a second), the client's CPU "
      "and, when the server runs on this host, the host's CPU split and the server processes' "
      "CPU. They go to intervals.csv and result.json (server_metrics). A set the server lacks "
      "is a note at the start, not an error; a failed sample is counted, never stops the run.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.server_metrics = parse_bool(v, src.where);
      },
      [](const Config& c) { return std::string(c.server_metrics ? "on" : "off"); })
      .json = json_none(kJsonRunShape);
  add(
      s, "result-dir", "DIR", {"resultDirectory"}, kRunVerbs | kAcid, kAllWorkloads, kRunSection,
      "Directory for result.json, intervals.csv, config.json and report.html (acid: acid.json). "
      "BenchmarkSQL's "
      "%tY %tm %td %tH %tM %tS are replaced with the start time.",
      [](const std::string& v, const Source&, ParseState& st) { st.cfg.result_dir = v; },
      [](const Config& c) {
        return c.result_dir.empty() ? std::string("results/<start time>/") : c.result_dir;
      })
      .json = json_field<&Config::result_dir>("run", "result_dir");
  add(
      s, "json", "FILE", {}, kRunVerbs, kAllWorkloads, kRunSection,
      "Also write result.json to FILE.",
      [](const std::string& v, const Source&, ParseState& st) { st.cfg.json_file = v; },
      [](const Config& c) { return c.json_file.empty() ? std::string("none") : c.json_file; })
      .json = json_field<&Config::json_file>("run", "json_file");
}

// What the run does when the server is slow, unreachable, or still busy at
// the end.
void add_faults(std::vector<Setting>& s) {
  add(
      s, "max-downtime", "SEC", {"maxDowntime"}, kRunVerbs, kAllWorkloads, kRunSection,
      "A run whose server is unreachable (no connection can be opened) for longer than this "
      "stops with exit 3; any downtime makes the run exit 1 (with --failover: reported, not a "
      "failure) and is reported as downtime_seconds (1..86400). At the end, what the run records "
      "for tpcc check (the ingest's rows, the oltp tests' row changes) waits as long for a server "
      "on its way back.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.max_downtime_seconds = parse_int(v, 1, 86400, src.where);
      },
      [](const Config& c) { return std::to_string(c.max_downtime_seconds); })
      .json = json_field<&Config::max_downtime_seconds>("run", "max_downtime_seconds");
  add(
      s, "stop-grace", "SEC", {}, kRunVerbs, kAllWorkloads, kRunSection,
      "At the end of the run (or on SIGINT/SIGTERM/SIGHUP: no grace), transactions still in "
      "flight get this long; then they are cancelled (libpq cancel, then the connection is "
      "closed) and counted as unfinished at end, with their elapsed time in the latency "
      "figures (0..3600, decimals allowed).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.stop_grace_seconds = parse_number_in(v, 0, 3600, src.where);
      },
      [](const Config& c) { return format_number(c.stop_grace_seconds); })
      .json = json_field<&Config::stop_grace_seconds>("run", "stop_grace_seconds");
  add(s, "statement-timeout", "DURATION", {"statementTimeout"}, kRunVerbs, kAllWorkloads,
      kRunSection,
      "Sets the server's statement_timeout on every terminal session; a transaction that "
      "exceeds it fails with SQLSTATE 57014 and is counted as a timeout. Milliseconds, or a "
      "number with unit ms, s or min (500ms, 30s, 2min), up to 2147483647 ms; 0: the server's "
      "setting.",
      apply_timeout<&Config::statement_timeout_ms>, show_timeout<&Config::statement_timeout_ms>)
      .json = json_field<&Config::statement_timeout_ms>("run", "statement_timeout_ms");
  add(s, "lock-timeout", "DURATION", {"lockTimeout"}, kRunVerbs, kAllWorkloads, kRunSection,
      "Sets the server's lock_timeout on every terminal session; a transaction that exceeds "
      "it fails with SQLSTATE 55P03 and is counted as a timeout. Milliseconds, or a number "
      "with unit ms, s or min (500ms, 30s, 2min), up to 2147483647 ms; 0: the server's "
      "setting.",
      apply_timeout<&Config::lock_timeout_ms>, show_timeout<&Config::lock_timeout_ms>)
      .json = json_field<&Config::lock_timeout_ms>("run", "lock_timeout_ms");
}

}  // namespace

void add_run_output(std::vector<Setting>& s) {
  add_output(s);
  add_faults(s);
}

}  // namespace tpcc::settings_table
