// The workload once every layer is in: sysbench's test word (--test) weighed
// against --workload, then, with an oltp test, the run unpaced and its
// lines in sysbench's shape. workloads/sysbench/config/oltp_settings.cpp
// holds the options; which workload takes which is their rows'
// (config/finish/workload_taken.cpp).
#include <cstdint>
#include <string>

#include "config/finish/finish.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"

namespace tpcc {
namespace {

// The sbtest tables' id is an INTEGER: a range query's last id must be one.
constexpr std::int64_t kMaxId = 2147483647;

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

}  // namespace

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
  if (c.workload != WorkloadKind::Pgbench) refuse_run_latency_limit(st);
  if (c.workload == WorkloadKind::Pgbench) {
    finish_pgbench(st);
    return;
  }
  if (c.workload != WorkloadKind::SysbenchOltp) return;
  check_range_ids(st);
  rate_per_second(st);
  // sysbench runs its events back to back; keying and think times are
  // TPC-C's 5.2.5 (refused by their rows when given).
  c.keying_and_thinking = false;
  if (!st.given.source("report-format")) c.report_format = ReportFormat::Sysbench;
}

}  // namespace tpcc
