// The options table, experiments part: the snapshot of a loaded database,
// the run's restore from it, conditioning before the terminals start, and
// the user's label and notes kept in result.json (docs/experiments.md).
#include <algorithm>

#include "config/names.hpp"
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"

namespace tpcc::settings_table {
namespace {

constexpr VerbSet kSnapshot = verb_bit(Verb::Snapshot);

constexpr ConditionStep kSteps[] = {ConditionStep::Vacuum, ConditionStep::Analyze,
                                    ConditionStep::Checkpoint, ConditionStep::Restart,
                                    ConditionStep::Prewarm};

// "vacuum,analyze": the steps named, in the order they always run (vacuum
// before analyze; restart after the checkpoint, which makes its shutdown
// quick; prewarm last, after everything else has read the tables and the
// restart has emptied shared buffers).
std::vector<ConditionStep> parse_condition(const std::string& text, const std::string& where) {
  std::vector<bool> wanted(std::size(kSteps), false);
  // "" (config.json of a run without --condition): no step.
  if (text.find_first_not_of(" \t") == std::string::npos) return {};
  for (const std::string& item : split(text, ',')) {
    bool known = false;
    for (std::size_t i = 0; i < std::size(kSteps); ++i) {
      if (item == condition_step_name(kSteps[i])) wanted[i] = known = true;
    }
    if (!known) fail(where, item, "a step of vacuum, analyze, checkpoint, restart, prewarm");
  }
  std::vector<ConditionStep> steps;
  for (std::size_t i = 0; i < std::size(kSteps); ++i) {
    if (wanted[i]) steps.push_back(kSteps[i]);
  }
  return steps;
}

std::string condition_text(const std::vector<ConditionStep>& steps) {
  std::string out;
  for (const ConditionStep step : steps) {
    out += (out.empty() ? "" : ",") + std::string(condition_step_name(step));
  }
  return out;
}

std::string none_if_empty(const std::string& text) {
  return text.empty() ? std::string("none") : text;
}

}  // namespace

void add_experiments(std::vector<Setting>& s) {
  add(
      s, "drop", nullptr, {}, kSnapshot, kAllWorkloads, kExperimentsSection,
      "Remove the snapshot (the database <db>_tpcc_snapshot that tpcc snapshot made) instead of "
      "making one. A database tpcc did not make is never dropped.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.snapshot_drop = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.snapshot_drop); })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "restore", nullptr, {}, kRun | kCapacity, kAllWorkloads, kExperimentsSection,
      "Before the run, put the database back to its snapshot (tpcc snapshot, with the run's "
      "--workload): drop it and create it again from <db>_tpcc_snapshot, connected to the "
      "server's postgres database. Any workload's: TPC-C's, the sbtest tables of sysbench's "
      "oltp tests, pgbench's, the ingest's. Refused (exit 2, nothing done) without a "
      "snapshot, without CREATEDB, while other sessions use the database, for a load "
      "distributed by Citus, without a conn naming the database, for a snapshot of another "
      "workload's load, or (but for TPC-C) of another load than the one the kit's record "
      "names now (another scale, table size, ...). result.json's snapshot then names the "
      "state the run started from.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.restore = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.restore); })
      .json = json_field<&Config::restore>("run", "restore");
  add(
      s, "restore-drop-others", nullptr, {"restoreDropOthers"}, kRun | kCapacity, kAllWorkloads,
      kExperimentsSection,
      "With --restore: drop the objects of the working database tpcc did not create (a table, "
      "view, sequence, function, type or schema of your own) with it; the snapshot puts back "
      "only what it holds. Without this switch --restore refuses (exit 2, nothing done) while "
      "the database holds any, listing them; the tables of another workload's load than the "
      "run's count as such too.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.restore_drop_others = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.restore_drop_others); })
      .json = json_field<&Config::restore_drop_others>("run", "restore_drop_others");
  add(
      s, "condition", "STEPS", {}, kRun | kCapacity, kAllWorkloads, kExperimentsSection,
      "Steps before the terminals start, a comma list of vacuum (VACUUM of the workload's "
      "tables: TPC-C's, or those the kit recorded for sysbench's oltp tests, pgbench or the "
      "ingest), analyze (ANALYZE of those; TPC-C's that prepare analyzes), checkpoint "
      "(CHECKPOINT: superuser or "
      "pg_checkpoint), restart (a fast shutdown and a start of the server of --server-datadir, "
      "which must be the connection's; refused without it), prewarm (pg_prewarm of the "
      "workload's tables and indexes, when the extension is there or can be created; otherwise "
      "said and skipped); they run in that order, each timed, printed and kept in "
      "result.json's conditioning. vacuum, analyze and prewarm are refused when the kit has "
      "recorded no table of the workload.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.condition = parse_condition(v, src.where);
      },
      [](const Config& c) { return c.condition.empty() ? "none" : condition_text(c.condition); })
      .json = {"run", "condition",
               [](const Config& c) { return nlohmann::ordered_json(condition_text(c.condition)); },
               [](const nlohmann::json& j, Config& c) {
                 c.condition = parse_condition(j.get<std::string>(), "config.json run.condition");
               }};
  add(
      s, "label", "TEXT", {}, kRun | kCapacity, kAllWorkloads, kExperimentsSection,
      "A name for the run (a sweep's point, say), kept in result.json's environment.",
      [](const std::string& v, const Source&, ParseState& st) { st.cfg.label = v; },
      [](const Config& c) { return none_if_empty(c.label); })
      .json = json_field<&Config::label>("run", "label");
  add(
      s, "notes", "TEXT", {}, kRun | kCapacity, kAllWorkloads, kExperimentsSection,
      "Free text about the run, kept in result.json's environment.",
      [](const std::string& v, const Source&, ParseState& st) { st.cfg.run_notes = v; },
      [](const Config& c) { return none_if_empty(c.run_notes); })
      .json = json_field<&Config::run_notes>("run", "notes");
}

}  // namespace tpcc::settings_table
