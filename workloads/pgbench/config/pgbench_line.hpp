// pgbench's own command line after tpcc's program word pgbench:
// `tpcc pgbench -i -s 10 bench` prepares, `tpcc pgbench -c 16 -j 4 -T 60 -S
// -P 5 bench` runs. Each of pgbench's options becomes the tpcc option of
// the same meaning (docs/pgbench.md has the table); tpcc's own --options
// pass through. pgbench's defaults stand where tpcc's differ: one client,
// ten transactions per client without -T or -t, no progress lines without
// -P, the simple protocol without -M.
#pragma once

#include <string>
#include <vector>

namespace tpcc {

struct PgbenchLine {
  std::vector<std::string> args;   // tpcc's: the verb first
  std::vector<std::string> notes;  // options taken without effect (-j, -n, ...)
};

// `args` without the program words. Throws UsageError naming an option
// tpcc does not take or one without its value, and a second database name.
PgbenchLine pgbench_line_as_tpcc(const std::vector<std::string>& args);

}  // namespace tpcc
