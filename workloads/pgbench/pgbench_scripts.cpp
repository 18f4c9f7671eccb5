#include "workloads/pgbench/pgbench_scripts.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "config/errors.hpp"

namespace tpcc::pgbench {
namespace {

std::string read_script_file(const std::string& path, const std::string& flag) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(flag + " " + path + ": could not open the script file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

RunScript load_one(const PgbenchScriptChoice& choice) {
  const std::string flag =
      choice.flag.empty() ? (choice.builtin ? "--builtin" : "--file") : choice.flag;
  WeightedScript weighted;
  try {
    weighted = parse_weight(choice.spec);
  } catch (const std::invalid_argument& e) {
    throw UsageError(flag + " " + choice.spec + ": " + e.what());
  }
  RunScript run;
  run.weight = weighted.weight;
  if (choice.builtin) {
    try {
      run.script = builtin_script(weighted.name);
    } catch (const std::invalid_argument& e) {
      throw UsageError(flag + " " + choice.spec + ": " + e.what() +
                       " (builtins: tpcb-like, simple-update, select-only)");
    }
    run.type_title = run.script.name;
    for (const BuiltinScript& b : builtin_scripts()) {
      if (run.script.name == b.description) run.type_name = b.name;
    }
    return run;
  }
  try {
    run.script = parse_script(read_script_file(weighted.name, flag), weighted.name);
  } catch (const ScriptError& e) {
    throw UsageError(e.what());
  }
  run.type_name = weighted.name;
  run.type_title = weighted.name;
  return run;
}

// Each choice loaded in order, `fallback` when there is none.
std::vector<RunScript> load_choices(const std::vector<PgbenchScriptChoice>& choices,
                                    const PgbenchScriptChoice& fallback, const std::string& flags) {
  std::vector<RunScript> scripts;
  if (choices.empty()) {
    scripts.push_back(load_one(fallback));
    return scripts;
  }
  long long total = 0;
  for (const PgbenchScriptChoice& choice : choices) {
    scripts.push_back(load_one(choice));
    total += scripts.back().weight;
  }
  if (total == 0) throw UsageError(flags + ": total script weight must not be zero");
  return scripts;
}

}  // namespace

std::vector<RunScript> load_run_scripts(const PgbenchOptions& options) {
  return load_choices(options.scripts, {true, "tpcb-like", "the default script"},
                      "--builtin/--file");
}

std::vector<RunScript> load_standby_scripts(const PgbenchOptions& options) {
  std::vector<RunScript> scripts =
      load_choices(options.standby_scripts, {true, "select-only", "the standby's default script"},
                   "--standby-builtin/--standby-file");
  for (std::size_t i = 0; i < options.standby_scripts.size(); ++i) {
    const PgbenchScriptChoice& choice = options.standby_scripts[i];
    if (!choice.builtin || scripts[i].type_name == kReadOnlyBuiltin) continue;
    throw UsageError(choice.flag + " " + choice.spec + ": a standby takes no writes, and " +
                     scripts[i].type_name + " writes; the read-only builtin is " +
                     kReadOnlyBuiltin);
  }
  return scripts;
}

std::vector<Define> load_defines(const PgbenchOptions& options) {
  std::vector<Define> defines;
  for (const std::string& text : options.defines) {
    try {
      defines.push_back(parse_define(text));
    } catch (const std::invalid_argument& e) {
      throw UsageError("--define " + text + ": " + e.what());
    }
  }
  return defines;
}

}  // namespace tpcc::pgbench
