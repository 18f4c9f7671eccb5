// The scripts of a pgbench run, from its options: each --builtin and --file
// in the order given (tpcb-like when none), parsed, with its weight; and
// the -D definitions. A bad one is a UsageError (exit 2) naming the flag,
// or for a script's text FILE:LINE:COLUMN.
#pragma once

#include <string>
#include <vector>

#include "config/workload_options.hpp"
#include "workloads/pgbench/script_options.hpp"
#include "workloads/pgbench/script_parse.hpp"

namespace tpcc::pgbench {

struct RunScript {
  Script script;
  int weight = 1;
  std::string type_name;   // result.json's key: "tpcb-like", "rw.sql"
  std::string type_title;  // pgbench's: "<builtin: TPC-B (sort of)>", "rw.sql"
};

// The one builtin that only reads, what a standby runs by default.
inline constexpr const char* kReadOnlyBuiltin = "select-only";

// Throws UsageError.
std::vector<RunScript> load_run_scripts(const PgbenchOptions& options);
// Each standby's scripts (--standby-builtin, --standby-file; select-only
// when none); a builtin that writes is a UsageError naming its flag.
std::vector<RunScript> load_standby_scripts(const PgbenchOptions& options);
std::vector<Define> load_defines(const PgbenchOptions& options);

}  // namespace tpcc::pgbench
