// The pgbench workload once every layer is in: -s (sysbench-tpcc's --scale
// flag, pgbench's scale here) and --fillfactor as pgbench takes them, one
// number for its three tables, --partitions with --partition-method, and
// --latency-limit. Which options pgbench takes is their rows'
// (config/finish/workload_taken.cpp).
#include <string>
#include <vector>

#include "config/finish/finish.hpp"
#include "config/names.hpp"

namespace tpcc {
namespace {

// pgbench's -F: 10..100, one value for branches, tellers and accounts.
void take_fillfactor(ParseState& st) {
  const std::optional<Source> given = st.given.source("fillfactor");
  if (!given) return;
  const auto& map = st.cfg.fillfactor;
  if (map.empty()) {
    st.cfg.pgbench.fillfactor = 100;  // none: PostgreSQL's default, as pgbench's
  } else if (map.size() == 1 && map.count("*") == 1) {
    st.cfg.pgbench.fillfactor = map.at("*");
  } else {
    st.problem(given->where +
               ": pgbench's tables take one fillfactor (a number 10..100, as pgbench's -F)");
  }
}

// pgbench's --partitions (tpcc's TPC-C option, pgbench_accounts' here) and
// --partition-method, refused together as pgbench refuses them.
void take_partitions(ParseState& st) {
  PgbenchOptions& p = st.cfg.pgbench;
  if (st.given.source("partitions")) p.partitions = st.cfg.partitions;
  const std::optional<Source> method = st.given.source("partition-method");
  if (method && p.partitions == 0) {
    st.problem(method->where + ": needs --partitions greater than zero (as pgbench's)");
  }
  if (p.partitions > 0 && p.partition_method == PgbenchPartitionMethod::None) {
    p.partition_method = PgbenchPartitionMethod::Range;
  }
}

// pgbench's limit on scripts, -b and -f counted together: the first one
// past it is named with the options that count.
void take_script_count(ParseState& st, const std::vector<PgbenchScriptChoice>& scripts,
                       const char* options) {
  if (scripts.size() <= kMaxPgbenchScripts) return;
  st.problem(scripts[kMaxPgbenchScripts].flag + ": at most " + std::to_string(kMaxPgbenchScripts) +
             " scripts (" + options + " together, as pgbench 15), " +
             std::to_string(scripts.size()) + " given");
}

}  // namespace

void refuse_run_latency_limit(ParseState& st) {
  // tpcc run takes a latency limit for pgbench's scripts only; tpcc
  // capacity's is its search's (a props file may hold it for capacity),
  // tpcc curve's the p99 its answer holds the steps to.
  const std::optional<Source> limit = st.given.source("latency-limit");
  if (limit && limit->layer == Layer::Flag && st.cfg.verb == Verb::Run && !st.cfg.curve) {
    st.problem(limit->where +
               ": tpcc run takes it with --workload pgbench (pgbench's -L); the "
               "workload is " +
               std::string(workload_name(st.cfg)));
  }
}

void finish_pgbench(ParseState& st) {
  Config& c = st.cfg;
  if (st.sysbench.scale) {
    c.pgbench.scale = st.sysbench.scale->value;
    c.pgbench.scale_given = true;
  }
  take_fillfactor(st);
  take_partitions(st);
  take_script_count(st, c.pgbench.scripts, "--builtin and --file");
  take_script_count(st, c.pgbench.standby_scripts, "--standby-builtin and --standby-file");
  // tpcc capacity's --latency-limit is its steps' criterion, not pgbench's -L.
  if (st.given.source("latency-limit") && c.verb == Verb::Run) {
    c.pgbench.latency_limit_ms = c.latency_limit_ms;
  }
  // The standbys' scripts mean nothing without a standby to run them on.
  if (st.standby_flags.empty() && st.standby_props.empty()) {
    for (const char* option : {"standby-builtin", "standby-file"}) {
      const std::optional<Source> given = st.given.source(option);
      if (!given) continue;
      st.problem(given->where +
                 ": a standby's script needs a standby connection (--standby-conn, props "
                 "standbyConn)");
    }
  }
  // pgbench's -j: one thread unless given; under --rate each thread has a
  // Poisson schedule of its own that its clients take their transactions
  // from.
  if (c.jobs == 0) c.jobs = 1;
  // pgbench runs its scripts back to back; keying and think times are
  // TPC-C's 5.2.5.
  c.keying_and_thinking = false;
}

}  // namespace tpcc
