// What the tests of sysbench's oltp command line share: the oltp line as
// sysbench's users write it, and a run of oltp_read_write parsed.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "tests/unit/config_test_support.hpp"

namespace tpcc::test::oltp {

using Args = std::vector<std::string>;

// sysbench's oltp line as the POC guide writes it (sizes made small), the test
// word first and the command word last.
inline const Args kSeedFlags = {"--db-driver=pgsql",  "--pgsql-host=/tmp", "--pgsql-port=5432",
                                "--pgsql-user=u",     "--pgsql-db=d",      "--tables=8",
                                "--table-size=1000",  "--threads=4",       "--time=10",
                                "--report-interval=1"};

inline Args oltp_line(const std::string& test, const Args& extra, const std::string& command) {
  Args args = {test};
  args.insert(args.end(), kSeedFlags.begin(), kSeedFlags.end());
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back(command);
  return args;
}

// `tpcc run --workload oltp_read_write ARGS...`
inline tpcc::Config oltp_run(const Args& extra) {
  Args args = {"run", "--workload=oltp_read_write"};
  args.insert(args.end(), extra.begin(), extra.end());
  return tpcc::test::parse(args);
}

inline std::string oltp_run_error(const Args& extra) {
  Args args = {"run", "--workload=oltp_read_write"};
  args.insert(args.end(), extra.begin(), extra.end());
  return tpcc::test::usage_error(args);
}

inline bool has_note(const tpcc::Config& c, const std::string& text) {
  return std::find(c.notes.begin(), c.notes.end(), text) != c.notes.end();
}

}  // namespace tpcc::test::oltp
