// Each option names the workloads that take it (Setting::workloads); given
// to another, on the command line or as a props key, it is refused with the
// flag or key as written and the workload. Runs once the workload is known
// and before any step derives an option from another, so that only what
// the user gave is judged.
#include <string>

#include "config/finish/finish.hpp"
#include "config/names.hpp"
#include "config/workload_config.hpp"

namespace tpcc {
namespace {

// "--workload pgbench", or what chose it otherwise: "the workload
// oltp_insert (oltp_insert, sysbench's test word)", "the workload tpcc
// (the default)".
std::string chosen_text(const ParseState& st) {
  const std::string name(workload_name(st.cfg));
  const std::optional<Source> given = st.given.source("workload");
  if (!given) return "the workload " + name + " (the default)";
  if (given->where.rfind("--", 0) == 0) return given->where + " " + name;
  return "the workload " + name + " (" + given->where + ")";
}

// "; give --workload pgbench" for an option of one workload.
std::string hint(WorkloadSet workloads) {
  for (const WorkloadConfig* workload : workload_configs()) {
    if (workloads != workload->bit()) continue;
    return "; give --workload " +
           std::string(workload->hint != nullptr ? workload->hint : workload->name);
  }
  return "";
}

void refuse_given(const Setting& s, const std::string& name, ParseState& st) {
  const std::optional<Source> given = st.given.source(name);
  if (!given) return;
  st.problem(given->where + " is " + workloads_text(s.workloads) + "; " + chosen_text(st) +
             " does not take it" + hint(s.workloads));
}

}  // namespace

void refuse_other_workloads_options(ParseState& st) {
  for (const Setting& s : settings()) {
    if (workload_takes(s, st.cfg.workload)) continue;
    refuse_given(s, option_name(s), st);
    if (!s.props_keys_set_parts) continue;
    for (const char* key : s.props_keys) refuse_given(s, key, st);
  }
  // Statements are any workload's; the procedures are TPC-C's functions.
  const std::optional<Source> mode = st.given.source("mode");
  if (mode && st.cfg.mode == Mode::Procedures && !workload_config(st.cfg.workload).procedures) {
    st.problem(mode->where + ": procedures are TPC-C's PL/pgSQL functions; " + chosen_text(st) +
               " sends statements");
  }
}

}  // namespace tpcc
