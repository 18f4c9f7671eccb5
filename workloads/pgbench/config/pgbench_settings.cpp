// The options table, pgbench part: the scripts a pgbench run draws from and
// the variables it starts with, by pgbench's long names (--builtin, --file,
// --define). --scale is sysbench-tpcc's flag, pgbench's -s with --workload
// pgbench (workloads/pgbench/config/pgbench_finish.cpp); the scripts and definitions are
// parsed when the run starts (workloads/pgbench/), where a bad one exits 2
// naming the flag, or the file, line and column.
#include <string>
#include <vector>

#include "config/names.hpp"
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/pgbench/config/pgbench_config.hpp"

namespace tpcc::settings_table {
namespace {

std::string choices_text(const std::vector<PgbenchScriptChoice>& choices, const char* none) {
  std::string out;
  for (const PgbenchScriptChoice& s : choices) {
    out += (out.empty() ? "" : " ") + std::string(s.builtin ? "-b " : "-f ") + s.spec;
  }
  return out.empty() ? none : out;
}

std::string scripts_text(const Config& c) { return choices_text(c.pgbench.scripts, "tpcb-like"); }

std::string standby_scripts_text(const Config& c) {
  return choices_text(c.pgbench.standby_scripts, "select-only");
}

// --standby-builtin and --standby-file: each --standby-conn's scripts,
// drawn by weight as the primary's are.
void add_standby_scripts(std::vector<Setting>& s) {
  add(
      s, "standby-builtin", "NAME[@W]", {}, kRun, kPgbenchOnly, kPgbenchSection,
      "With --workload pgbench and --standby-conn, a builtin script each standby runs on the "
      "primary's clock, beside the primary's scripts: select-only (the builtins that write are "
      "refused), with weight W. Repeatable, beside --standby-file. Without either, select-only "
      "runs.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.pgbench.standby_scripts.push_back({true, v, src.where});
      },
      standby_scripts_text)
      .json = json_none(kJsonRunShape);
  s.back().repeat = Repeat::Each;
  add(
      s, "standby-file", "FILE[@W]", {}, kRun, kPgbenchOnly, kPgbenchSection,
      "With --workload pgbench and --standby-conn, a script file each standby runs, with "
      "weight W; a write in it fails its transaction as the standby refuses it (counted "
      "failed), an error that stops the run (exit 3). Repeatable, beside --standby-builtin.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.pgbench.standby_scripts.push_back({false, v, src.where});
      },
      standby_scripts_text)
      .json = json_none(kJsonRunShape);
  s.back().repeat = Repeat::Each;
}

// pgbench's steps before a run, by its long option names.
void add_vacuum(std::vector<Setting>& s) {
  add(
      s, "no-vacuum", nullptr, {}, kRun, kPgbenchOnly, kPgbenchSection,
      "With --workload pgbench, skip pgbench's steps before the run (its -n): without it, as "
      "pgbench does, pgbench_branches and pgbench_tellers are vacuumed and pgbench_history is "
      "emptied first (its sum carried in tpcc's record, so that check's balances still hold; a "
      "pgbench_history tpcc prepare did not make is left as it is). "
      "A script on tables of the user's own runs either way: the steps' errors are printed "
      "and ignored, as pgbench does.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.pgbench.no_vacuum = parse_bool(v, src.where);
      },
      [](const Config& c) { return std::string(c.pgbench.no_vacuum ? "on" : "off"); })
      .json = json_none(kJsonWorkloadBlock);
  add(
      s, "vacuum-all", nullptr, {}, kRun, kPgbenchOnly, kPgbenchSection,
      "With --workload pgbench, also VACUUM ANALYZE pgbench_accounts before the run (pgbench's "
      "-v); --no-vacuum skips every step.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.pgbench.vacuum_all = parse_bool(v, src.where);
      },
      [](const Config& c) { return std::string(c.pgbench.vacuum_all ? "on" : "off"); })
      .json = json_none(kJsonWorkloadBlock);
}

}  // namespace

void add_pgbench(std::vector<Setting>& s) {
  add(
      s, "builtin", "NAME[@W]", {}, kRun | kCapacity, kPgbenchOnly, kPgbenchSection,
      "With --workload pgbench, a builtin script to run (pgbench's -b): tpcb-like, "
      "simple-update or select-only (or a prefix naming one), with weight W (default 1). "
      "Repeat it, and mix it with --file: each transaction draws a script by weight. Without "
      "--builtin or --file, tpcb-like runs.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.pgbench.scripts.push_back({true, v, src.where});
      },
      scripts_text)
      .json = json_none(kJsonRunShape);
  s.back().repeat = Repeat::Each;
  add(
      s, "file", "FILE[@W]", {}, kRun | kCapacity, kPgbenchOnly, kPgbenchSection,
      "With --workload pgbench, a script file in pgbench 15's language to run (pgbench's -f), "
      "with weight W (default 1); see docs/pgbench-scripts.md for the commands taken. "
      "Repeatable, beside --builtin.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.pgbench.scripts.push_back({false, v, src.where});
      },
      scripts_text)
      .json = json_none(kJsonRunShape);
  s.back().repeat = Repeat::Each;
  add(
      s, "progress", "SEC", {}, kRun, kPgbenchOnly, kPgbenchSection,
      "With --workload pgbench, pgbench's progress lines (its -P) every SEC seconds (the same "
      "as --report-interval SEC), or with 0 none (results still keep every --report-interval "
      "of the run). tpcc pgbench without -P gives 0, as pgbench prints none by default.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.pgbench.progress_seconds = parse_int(v, 0, 86400, src.where);
        if (st.cfg.pgbench.progress_seconds > 0) {
          st.cfg.report_interval_seconds = st.cfg.pgbench.progress_seconds;
        }
      },
      [](const Config& c) {
        return c.pgbench.progress_seconds < 0 ? std::string("every --report-interval")
                                              : std::to_string(c.pgbench.progress_seconds);
      })
      .json = json_none(kJsonNotYet);
  add(
      s, "define", "NAME=VALUE", {}, kRun | kCapacity, kPgbenchOnly, kPgbenchSection,
      "With --workload pgbench, a variable every client starts with (pgbench's -D), "
      "repeatable; -D scale=N sets :scale.",
      [](const std::string& v, const Source&, ParseState& st) {
        st.cfg.pgbench.defines.push_back(v);
      },
      [](const Config& c) {
        std::string out;
        for (const std::string& d : c.pgbench.defines) out += (out.empty() ? "" : " ") + d;
        return out.empty() ? std::string("none") : out;
      })
      .json = json_none(kJsonNotYet);
  s.back().repeat = Repeat::Each;
  add(
      s, "partition-method", "range|hash", {}, kPrepare, kPgbenchOnly, kPgbenchSection,
      "With --workload pgbench and --partitions N, how pgbench_accounts is partitioned by aid "
      "(pgbench's --partition-method): range, N ranges of equal size (the first from MINVALUE, "
      "the last to MAXVALUE), or hash, MODULUS N. Needs --partitions; range when not given.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.pgbench.partition_method = parse_choice(v, {"range", "hash"}, src.where) == 1
                                              ? PgbenchPartitionMethod::Hash
                                              : PgbenchPartitionMethod::Range;
      },
      [](const Config& c) {
        return std::string(pgbench_partition_method_name(c.pgbench.partition_method));
      })
      .json = json_none(kJsonOtherVerb);
  add_standby_scripts(s);
  add_vacuum(s);
  add(
      s, "report-per-command", nullptr, {}, kRun, kPgbenchOnly, kPgbenchSection,
      "With --workload pgbench, each script's commands with their average latency in ms and "
      "the transactions that failed at them, after the final block (pgbench's -r), and per "
      "command in result.json (--report-per-command alone or =on).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.pgbench.report_per_command = parse_bool(v, src.where);
      },
      [](const Config& c) { return std::string(c.pgbench.report_per_command ? "on" : "off"); })
      .json = json_none(kJsonNotYet);
}

}  // namespace tpcc::settings_table
