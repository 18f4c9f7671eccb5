// What the pgbench tests share: tpcc's lines for the pgbench workload, and
// the real pgbench to compare with.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "pgserver/process.hpp"
#include "tests/pg/pg_fixture.hpp"

namespace tpcc::test {

// `tpcc VERB --workload pgbench --conn CONNINFO MORE...`
inline std::vector<std::string> pgbench_line(const std::string& verb, const std::string& conninfo,
                                             std::vector<std::string> more = {}) {
  std::vector<std::string> args = {verb, "--workload", "pgbench", "--conn", conninfo};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// A database of its own with the pgbench tables of scale 1; its conninfo.
inline std::string pgbench_database(const std::string& name) {
  const std::string conninfo = create_database(name);
  std::string output;
  if (run_tpcc(pgbench_line("prepare", conninfo, {"--scale", "1"}), &output) != 0) {
    throw std::runtime_error("prepare failed: " + output);
  }
  return conninfo;
}

// The real pgbench beside the tests' server (or on PATH); empty when missing.
inline std::string find_pgbench() {
  const std::string beside = local_server().bin_dir() + "/pgbench";
  if (std::filesystem::exists(beside)) return beside;
  return find_in_path("pgbench");
}

// Real pgbench -i -q MORE... into DATABASE of the tests' server; its status.
inline int real_pgbench_init(const std::string& pgbench, const std::string& database,
                             const std::vector<std::string>& more, std::string* output) {
  const ServerInfo& server = local_server();
  std::vector<std::string> argv = {
      pgbench, "-i",      "-q", "-h", server.socket_dir(), "-p", std::to_string(server.port()),
      "-U",    "postgres"};
  argv.insert(argv.end(), more.begin(), more.end());
  argv.push_back(database);
  return run_process(argv, {}, output);
}

}  // namespace tpcc::test
