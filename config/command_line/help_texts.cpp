#include "config/command_line/help_texts.hpp"

#include "config/errors.hpp"
#include "config/names.hpp"

namespace tpcc {

const std::vector<VerbSummary>& verb_summaries() {
  static const std::vector<VerbSummary> summaries = {
      {Verb::Prepare,
       "create the schema, load the warehouses, build indexes (and foreign keys), analyze, "
       "then check the load"},
      {Verb::Run,
       "drive the terminals, print a progress line every report interval and a summary, and "
       "write result.json, intervals.csv, config.json, histograms.json and report.html"},
      {Verb::Check,
       "run the TPC-C consistency conditions (3.3.2); exit status 1 if any is violated"},
      {Verb::Cleanup, "drop everything prepare created"},
      {Verb::Quickstart,
       "start a throwaway local PostgreSQL, load a small database, run briefly and report"},
      {Verb::Acid,
       "run the ACID tests of TPC-C Clause 3 (atomicity, consistency, isolation) against a "
       "loaded database, write acid.json; exit status 1 if any fails"},
      {Verb::Report,
       "redraw a result directory's report.html (DIR), merge the result directories of the "
       "drivers of one run (--merge DIR... --out DIR) into one result.json, summary and "
       "report.html, or compare runs on one page (--compare DIR DIR...)"},
      {Verb::Snapshot,
       "keep the loaded database as a template copy that tpcc run --restore puts back before a "
       "run (--drop removes it; docs/experiments.md)"},
      {Verb::Capacity,
       "search for the largest number of active warehouses (10 paced terminals each) whose "
       "short runs pass the run rules a short run can judge (efficiency floor, 90th percentile "
       "limits, mix), or without keying and think times the terminal count with the highest "
       "tpmC within --latency-limit; of another workload (--workload), the most terminals whose "
       "99th percentile stays within --latency-limit; each step a run of --duration into "
       "DIR/step-K"},
      {Verb::Sweep,
       "runs of any workload over a grid of run options (--vary terminals=8,16), pgbench's "
       "script variables (--vary-define range=1000,5000) and server settings "
       "(--vary-setting work_mem=4MB,64MB), each point repeated (--repeat) and reset (--restore), "
       "into --result-dir DIR: one page and one table of the workload's throughput and latency "
       "against the values; the same command continues an interrupted sweep; takes every run "
       "option"},
      {Verb::Curve,
       "the latency-throughput curve of any workload: one unpaced run for the peak, then a "
       "ladder of offered rates (--rate) from --from to --to (percents of the peak, or rates) in "
       "--steps runs, restored between them with --restore; curve.csv, curve.json and curve.html "
       "in --result-dir DIR, and the knee and the highest rate whose p99 stays within "
       "--latency-limit on the console; takes every run option"},
      {Verb::Fleet,
       "k8s: write the Kubernetes manifest of N drivers of one run (--drivers N): a Secret's "
       "conninfo, a volume for the results and an Indexed Job whose pod K runs tpcc run "
       "--driver K+1/N with the run options given; --verb prepare for a load split the same "
       "way, --verb merge for the Job that merges the run's results; takes every run and "
       "prepare option"},
  };
  return summaries;
}

const char* verb_summary(Verb verb) {
  for (const VerbSummary& v : verb_summaries()) {
    if (v.verb == verb) return v.summary;
  }
  return "";
}

std::string verb_names(VerbSet verbs) {
  std::string out;
  for (const VerbSummary& info : verb_summaries()) {
    if (verbs & verb_bit(info.verb))
      out += (out.empty() ? "" : ", ") + std::string(verb_name(info.verb));
  }
  return out;
}

std::string props_keys_text(const Setting& s) {
  // A flag name BenchmarkSQL uses for something else (driver) is no key.
  const bool flag_is_key = s.flag != nullptr && ignored_props_key_reason(s.flag) == nullptr;
  std::string out = flag_is_key ? s.flag : "";
  if (s.twin != nullptr) out += ", " + std::string(s.twin);
  for (const char* k : s.props_keys) out += (out.empty() ? "" : ", ") + std::string(k);
  return out;
}

const char* const kSettingsLayers =
    "PROPS is a BenchmarkSQL-style props file (key=value lines, # ! // comments); --props FILE "
    "is the same. Settings come from, in order of precedence: command-line flags, the props "
    "file, the PG* environment (PGHOST, PGPORT, PGUSER, PGDATABASE, PGPASSWORD and ~/.pgpass, "
    "read by libpq for whatever the connection leaves out), then the defaults below. Every "
    "flag name is also a props key (load-method=insert); BenchmarkSQL 5 and 6 keys are listed "
    "with each option. Its db and driver keys are accepted silently; its OS-collector, CSV and "
    "driver-internal keys with a warning that they are ignored. Every problem is reported, all "
    "at once, with its flag or file:line and key.";

const std::vector<ExitStatusText>& exit_statuses() {
  static const std::vector<ExitStatusText> statuses = {
      {kExitOk, "Success."},
      {kExitFailed,
       "The benchmark ran but something failed: check found a violated condition or an "
       "incomplete load; a run had errors above 1% of its transactions, any downtime (unless "
       "--failover expected it), transactions unfinished at the end, or lost an acknowledged "
       "commit after a failover; under --spec, a run rule failed; an ACID test failed; cleanup "
       "refused because objects of others depend on the kit's tables."},
      {kExitUsage,
       "Bad usage or configuration: the message names the flag, or the props file, line and "
       "key; also a load that does not match the one asked for."},
      {kExitConnect,
       "Cannot connect; an error retrying cannot fix (permission denied, database or table "
       "missing); the server unreachable beyond --max-downtime; a driver that did not arrive "
       "within --barrier-timeout."},
      {kExitInterrupted,
       "Interrupted by SIGINT, SIGTERM or SIGHUP; a run still writes its results."},
  };
  return statuses;
}

}  // namespace tpcc
