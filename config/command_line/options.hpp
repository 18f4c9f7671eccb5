// The command line: tpcc VERB [PROPS] [options]. Builds the Config from,
// in order of precedence, command-line flags, the props file, the PG*
// environment (read by libpq when the conninfo leaves things out) and the
// defaults in config.hpp. Every flag is also a props key ("load-method=insert"),
// besides the BenchmarkSQL keys (warehouses, loadWorkers, runMins, ...).
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "config/config.hpp"
#include "config/sweep_grid.hpp"

namespace tpcc {

// Thrown for -h/--help (also "tpcc help [VERB]") and --version: main prints
// text and exits 0.
// Not a std::exception, so that no error handler mistakes it for a failure.
struct HelpRequested {
  std::optional<Verb> verb;  // nullopt: the general help
  std::string text;
};

// argv[1] is the verb, or, sysbench's way, the one positional word
// anywhere (config/command_line/command_word.hpp). Throws UsageError naming the flag, or the props
// file, line and key, for anything wrong; HelpRequested for help. Warnings (unknown props keys,
// JDBC parameters libpq has no use for) go to std::cerr.
Config parse_command_line(int argc, const char* const argv[]);

// The same, with warnings written to `warnings`.
Config parse_command_line(int argc, const char* const argv[], std::ostream& warnings);

// One point of tpcc sweep as a run: the sweep's command line
// (sweep.sweep_args) parsed again with run_values given last, as --NAME
// VALUE flags, through every check a run's options pass. Throws UsageError
// as parse_command_line does.
Config sweep_point_config(const Config& sweep, const std::vector<SweepValue>& run_values);

// Usage and every option of verb with its props keys and default; without a
// verb, the commands and all options.
std::string help_text(std::optional<Verb> verb);

// The same options as a Markdown table (option, props keys, verbs, default,
// meaning), as docs/options.md shows it.
std::string options_markdown();

}  // namespace tpcc
