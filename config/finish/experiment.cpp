// --restore and --condition once the workload is known. Both are any
// workload's where they can be: --condition's checkpoint and restart touch
// no table. What needs TPC-C's load is refused for the others, naming the
// option and the workload: a snapshot is a copy of a load tpcc prepare
// made and recorded in bmsql_config (its identity counts TPC-C's ten
// tables), and vacuum, analyze and prewarm work on TPC-C's tables only.
#include <string>

#include "config/finish/finish.hpp"
#include "config/names.hpp"

namespace tpcc {
namespace {

bool needs_tpcc_tables(ConditionStep step) {
  return step == ConditionStep::Vacuum || step == ConditionStep::Analyze ||
         step == ConditionStep::Prewarm;
}

}  // namespace

void finish_experiment(ParseState& st) {
  const Config& c = st.cfg;
  if (c.workload == WorkloadKind::Tpcc) return;
  const std::string workload = std::string(workload_name(c));
  const std::optional<Source> restore = st.given.source("restore");
  if (restore && c.restore) {
    st.problem(restore->where +
               ": a snapshot (tpcc snapshot) is a copy of TPC-C's load, and the "
               "workload is " +
               workload + "; restore its database yourself before the run");
  }
  const std::optional<Source> condition = st.given.source("condition");
  if (!condition) return;
  for (const ConditionStep step : c.condition) {
    if (!needs_tpcc_tables(step)) continue;
    st.problem(condition->where + " " + std::string(condition_step_name(step)) +
               ": works on TPC-C's tables, and the workload is " + workload +
               "; checkpoint and restart are any workload's");
  }
}

}  // namespace tpcc
