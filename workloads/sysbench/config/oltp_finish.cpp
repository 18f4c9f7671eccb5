// The workload once every layer is in: sysbench's test word (--test) weighed
// against --workload, then, with an oltp test, TPC-C's own options refused,
// the run unpaced and its lines in sysbench's shape; with TPC-C, the oltp
// options refused. workloads/sysbench/config/oltp_settings.cpp holds the options.
#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "config/finish/finish.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"

namespace tpcc {
namespace {

// The sbtest tables' id is an INTEGER: a range query's last id must be one.
constexpr std::int64_t kMaxId = 2147483647;

// The options of sysbench's oltp tests (workloads/sysbench/config/oltp_settings.cpp).
constexpr const char* kOltpOptions[] = {
    "table-size",       "point-selects",  "simple-ranges", "sum-ranges",        "order-ranges",
    "distinct-ranges",  "range-size",     "index-updates", "non-index-updates", "delete-inserts",
    "range-selects",    "skip-trx",       "auto-inc",      "secondary",         "create-secondary",
    "rand-type",        "rand-spec-iter", "rand-spec-pct", "rand-spec-res",     "rand-pareto-h",
    "rand-zipfian-exp", "standby-test"};

// TPC-C's own options: its schema and load (warehouses, per-table storage,
// Citus), its transactions (the mix, Delivery, rollbacks), its pacing and
// run rules (keying and think times, --spec, 3.3.3), and what tpcc builds on
// its warehouses (home-warehouse ranges, several drivers, standbys running
// Order-Status and Stock-Level by weight, the failover's New-Order
// ledger). Standbys themselves are any workload's: an oltp run's standbys
// run --standby-test. The props keys that set part of the mix are named
// apart (ParseState::given).
constexpr const char* kTpccOptions[] = {
    "warehouses",
    "load-method",
    "batch-rows",
    "copy-format",
    "fillfactor",
    "storage-parameters",
    "analyze-all-tables",
    "analyze-payload-columns",
    "tablespace",
    "foreign-keys",
    "partitions",
    "no-space-check",
    "distribute",
    "shards",
    "after-load",
    "terminalMultiplier",
    "allow-many-terminals",
    "mix",
    "newOrderWeight",
    "paymentWeight",
    "orderStatusWeight",
    "deliveryWeight",
    "stockLevelWeight",
    "profile",
    "delivery",
    "delivery-workers",
    "terminal-warehouse-fixed",
    "warehouse-from",
    "warehouse-to",
    "rollback-percent",
    "keying-think",
    "think-multiplier",
    "keying-multiplier",
    "spec",
    "check-before-after",
    "failover",
    "driver",
    "run-id",
    "barrier-timeout",
    "standby-mix",
    "standbyOrderStatusWeight",
    "standbyStockLevelWeight",
};

void check_range_ids(ParseState& st) {
  const OltpOptions& o = st.cfg.oltp;
  if (o.table_size + o.range_size - 1 <= kMaxId) return;
  const std::optional<Source> given = st.given.source("range-size");
  st.problem((given ? given->where : std::string("--range-size")) + ": " +
             std::to_string(o.range_size) + " ids from an id up to --table-size " +
             std::to_string(o.table_size) + " run past " + std::to_string(kMaxId) +
             ", the largest INTEGER id");
}

// sysbench's --rate is events per second; tpcc's, and BenchmarkSQL's
// limitTxnsPerMin, per minute. A sysbench line keeps its meaning.
void rate_per_second(ParseState& st) {
  const std::optional<Source> given = st.given.source("rate");
  if (!given || given->key != "rate" || st.cfg.rate_tpm == 0) return;
  const double per_second = st.cfg.rate_tpm;
  st.cfg.rate_tpm = per_second * 60;
  st.cfg.notes.push_back("sysbench " + given->where + " " + format_number(per_second) +
                         ": events per second, " + format_number(st.cfg.rate_tpm) + " per minute");
}

// "the workload oltp_insert (--workload)": what chose it, for messages.
std::string workload_text(const ParseState& st) {
  const std::optional<Source> given = st.given.source("workload");
  return "the workload " + std::string(workload_name(st.cfg)) +
         (given ? " (" + given->where + ")" : std::string());
}

}  // namespace

void refuse_oltp_options(ParseState& st) {
  for (const char* option : kOltpOptions) {
    const std::optional<Source> given = st.given.source(option);
    if (!given) continue;
    st.problem(given->where + ": an option of sysbench's oltp tests, and the workload is " +
               std::string(workload_name(st.cfg)) +
               "; name the test (--workload oltp_read_write, or sysbench's way: tpcc "
               "oltp_read_write [options] run)");
  }
}

void refuse_tpcc_options(ParseState& st, std::initializer_list<std::string_view> taken) {
  for (const char* option : kTpccOptions) {
    const std::optional<Source> given = st.given.source(option);
    if (std::find(taken.begin(), taken.end(), option) != taken.end()) continue;
    if (!given) continue;
    st.problem(given->where + ": a TPC-C option; " + workload_text(st) + " does not take it");
  }
  // Statements are any workload's; the procedures are TPC-C's functions.
  const std::optional<Source> mode = st.given.source("mode");
  if (mode && st.cfg.mode == Mode::Procedures) {
    st.problem(mode->where + ": procedures are TPC-C's PL/pgSQL functions; " + workload_text(st) +
               " sends statements");
  }
}

void finish_workload(ParseState& st) {
  const std::optional<Given<WorkloadName>>& test = st.sysbench.test;
  if (!test) return;
  Config& c = st.cfg;
  const WorkloadName chosen{c.workload, c.oltp.test};
  const std::optional<Source> given = st.given.source("workload");
  if (given && given->layer == test->source.layer) {
    if (chosen == test->value) return;
    st.problem(test->source.where + " " + std::string(workload_name(test->value)) +
               " (sysbench's test name) and " + given->where + " " +
               std::string(workload_name(chosen)) + " disagree; give one of them");
    return;
  }
  if (given && given->layer > test->source.layer) return;
  c.workload = test->value.kind;
  if (c.workload == WorkloadKind::SysbenchOltp) c.oltp.test = test->value.test;
  st.given.record("workload", test->source);
}

// --report-interval 0 is sysbench's "no interval lines"; the other
// workloads' lines and intervals go by it (pgbench has --progress 0).
void refuse_no_interval_lines(ParseState& st) {
  const Config& c = st.cfg;
  if (c.report_interval_seconds != 0 || c.workload == WorkloadKind::SysbenchOltp) return;
  const std::optional<Source> given = st.given.source("report-interval");
  st.problem((given ? given->where : std::string("--report-interval")) +
             " 0 (no interval lines) is for sysbench's oltp tests; " +
             std::string(workload_name(c)) + " takes 1..86400 seconds");
}

void finish_oltp(ParseState& st) {
  Config& c = st.cfg;
  refuse_no_interval_lines(st);
  if (c.workload != WorkloadKind::Pgbench) refuse_pgbench_options(st);
  if (c.workload != WorkloadKind::SysbenchOltp) refuse_oltp_options(st);
  if (c.workload == WorkloadKind::Pgbench) {
    // pgbench's -F and --partitions: the layout options its tables take;
    // its load is checked against the free space as TPC-C's is.
    refuse_tpcc_options(st, {"fillfactor", "partitions", "no-space-check"});
    finish_pgbench(st);
    return;
  }
  if (c.workload != WorkloadKind::SysbenchOltp) return;
  // The sbtest tables' load is checked against the free space as TPC-C's is.
  refuse_tpcc_options(st, {"no-space-check"});
  check_range_ids(st);
  rate_per_second(st);
  // sysbench runs its events back to back; keying and think times are
  // TPC-C's 5.2.5 (refused above when given).
  c.keying_and_thinking = false;
  if (!st.given.source("report-format")) c.report_format = ReportFormat::Sysbench;
}

}  // namespace tpcc
