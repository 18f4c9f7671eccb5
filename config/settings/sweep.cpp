// The options table, sweep part: tpcc sweep's axes (docs/experiments.md).
// A sweep takes every run option besides these: each point is a run.
#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "config/sweep_grid.hpp"
#include "workloads/pgbench/config/pgbench_config.hpp"

namespace tpcc {
namespace {

constexpr VerbSet kSweep = verb_bit(Verb::Sweep);

// The value names of the run options whose values are numbers: counts,
// seconds, multipliers, a rate.
constexpr const char* kNumericValueNames[] = {"N", "SEC", "X", "TPM"};

// Options a point cannot vary: the point's own repetitions, and the
// several-driver options that describe a whole run, not a value under test.
constexpr const char* kNotVaried[] = {"repeat", "barrier-timeout"};

bool numeric(const Setting& s) {
  return s.value_name != nullptr &&
         std::any_of(std::begin(kNumericValueNames), std::end(kNumericValueNames),
                     [&](const char* n) { return std::string(n) == s.value_name; });
}

bool is_number(const std::string& text) {
  if (text.empty() || std::isspace(static_cast<unsigned char>(text.front())) != 0) return false;
  char* end = nullptr;
  std::strtod(text.c_str(), &end);
  return end != nullptr && *end == '\0';
}

// "NAME=v1,v2,...": the name and its values, each given once.
SweepAxis split_axis(const std::string& text, const std::string& where, const char* shape) {
  const auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) {
    throw UsageError(where + ": '" + text + "' is not " + shape);
  }
  SweepAxis axis;
  axis.name = text.substr(0, eq);
  axis.name.erase(0, axis.name.find_first_not_of('-'));  // --vary --terminals=8,16
  for (const std::string& value : split(text.substr(eq + 1), ',')) {
    if (value.empty())
      throw UsageError(where + " " + axis.name + ": an empty value in '" + text + "'");
    if (std::find(axis.values.begin(), axis.values.end(), value) != axis.values.end()) {
      throw UsageError(where + " " + axis.name + ": the value " + value +
                       " is given twice (each value is one point)");
    }
    axis.values.push_back(value);
  }
  return axis;
}

void add_axis(SweepAxis axis, const std::string& where, ParseState& st) {
  for (const SweepAxis& other : st.cfg.sweep_axes) {
    if (other.name == axis.name) {
      throw UsageError(where + " " + axis.name + ": varied twice; give all its values in one " +
                       sweep_axis_flag(other.kind));
    }
  }
  st.cfg.sweep_axes.push_back(std::move(axis));
}

void apply_vary(const std::string& v, const Source& src, ParseState& st) {
  SweepAxis axis = split_axis(v, src.where, "NAME=V1,V2,... (a run option and its values)");
  const std::string where = src.where + " " + axis.name;
  const auto& all = settings();
  const auto it = std::find_if(all.begin(), all.end(), [&](const Setting& s) {
    return s.flag != nullptr && axis.name == s.flag;
  });
  if (it == all.end() || (!(it->verbs & verb_bit(Verb::Run)) && !sweep_load_axis(axis.name))) {
    throw UsageError(where + ": no run option of that name (see 'tpcc run --help')");
  }
  if (!numeric(*it) ||
      std::find(std::begin(kNotVaried), std::end(kNotVaried), axis.name) != std::end(kNotVaried)) {
    throw UsageError(where +
                     ": not a numeric run option a sweep can vary; --vary takes the run options "
                     "whose values are numbers (N, SEC, X, TPM in 'tpcc run --help'), and "
                     "--vary-setting the server's settings");
  }
  for (const std::string& value : axis.values) {
    if (!is_number(value)) fail(where, value, "a number");
  }
  add_axis(std::move(axis), src.where, st);
}

// A GUC name as PostgreSQL writes them: letters, digits, '_' and, for an
// extension's ("pg_stat_statements.max"), '.'.
bool guc_name(const std::string& name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name.front())) != 0) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '.';
  });
}

void apply_vary_setting(const std::string& v, const Source& src, ParseState& st) {
  SweepAxis axis = split_axis(v, src.where, "GUC=V1,V2,... (a server setting and its values)");
  if (!guc_name(axis.name)) fail(src.where, axis.name, "a server setting's name");
  std::transform(axis.name.begin(), axis.name.end(), axis.name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  axis.kind = SweepAxisKind::ServerSetting;
  add_axis(std::move(axis), src.where, st);
}

// A variable's name as pgbench's -D takes it: letters, digits and '_'
// (pgbench's variables; :name in a script).
bool variable_name(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
  });
}

void apply_vary_define(const std::string& v, const Source& src, ParseState& st) {
  SweepAxis axis =
      split_axis(v, src.where, "NAME=V1,V2,... (a variable of pgbench's scripts and its values)");
  if (!variable_name(axis.name)) fail(src.where, axis.name, "a script variable's name");
  axis.kind = SweepAxisKind::ScriptVariable;
  add_axis(std::move(axis), src.where, st);
}

std::string axes_text(const Config& c, SweepAxisKind kind) {
  std::string out;
  for (const SweepAxis& axis : c.sweep_axes) {
    if (axis.kind != kind) continue;
    std::string values;
    for (const std::string& v : axis.values) values += (values.empty() ? "" : ",") + v;
    out += (out.empty() ? "" : " ") + axis.name + "=" + values;
  }
  return out.empty() ? std::string("none") : out;
}

}  // namespace

bool verb_takes(const Setting& s, Verb verb) {
  // tpcc sweep and tpcc curve take every run option besides their own;
  // tpcc fleet every option of the drivers' run or prepare.
  const bool runs = verb == Verb::Sweep || verb == Verb::Curve || verb == Verb::Fleet;
  const VerbSet prepares = verb == Verb::Fleet ? verb_bit(Verb::Prepare) : 0;
  const VerbSet taken = verb_bit(verb) | (runs ? verb_bit(Verb::Run) : 0) | prepares;
  return (s.verbs & taken) != 0;
}

namespace settings_table {

void add_sweep(std::vector<Setting>& s) {
  add(s, "vary", "NAME=V1,V2", {}, kSweep, kAllWorkloads, kExperimentsSection,
      "A run option and its values, one point each: --vary terminals=8,16,32. Any run option "
      "whose value is a number (N, SEC, X, TPM in tpcc run --help) except repeat; each value "
      "passes that option's own checks before anything runs. Given again for another option, "
      "the points are every combination (a grid). Not with the option's own flag.",
      apply_vary, [](const Config& c) { return axes_text(c, SweepAxisKind::RunOption); })
      .json = json_none(kJsonOtherVerb);
  s.back().repeat = Repeat::Each;
  add(s, "vary-define", "NAME=V1,V2", {}, kSweep, kPgbenchOnly, kExperimentsSection,
      "With --workload pgbench, a variable of the scripts and its values, one point each: "
      "--vary-define range=1000,5000 runs each point with --define range=V (pgbench's -D, "
      ":range in a script). Given again for another variable, or beside --vary, the points "
      "are every combination. Not with a --define of the same variable.",
      apply_vary_define,
      [](const Config& c) { return axes_text(c, SweepAxisKind::ScriptVariable); })
      .json = json_none(kJsonOtherVerb);
  s.back().repeat = Repeat::Each;
  add(s, "vary-setting", "GUC=V1,V2", {}, kSweep, kAllWorkloads, kExperimentsSection,
      "A server setting and its values: --vary-setting work_mem=4MB,64MB. Set before each "
      "point by ALTER SYSTEM SET and pg_reload_conf(), checked on a new session, and put back "
      "(ALTER SYSTEM RESET, or the value postgresql.auto.conf held) when the sweep ends, fails "
      "or is interrupted. Settings of context postmaster (a restart) are refused (exit 2): tpcc "
      "owns no server it could restart. Needs superuser (or ALTER SYSTEM granted on the "
      "setting and pg_read_all_settings).",
      apply_vary_setting,
      [](const Config& c) { return axes_text(c, SweepAxisKind::ServerSetting); })
      .json = json_none(kJsonOtherVerb);
  s.back().repeat = Repeat::Each;
}

}  // namespace settings_table
}  // namespace tpcc
