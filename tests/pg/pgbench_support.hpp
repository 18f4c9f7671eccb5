// What the pgbench tests share: tpcc's lines for the pgbench workload, and
// the real pgbench to compare with.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "pgserver/process.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

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

// Runs argv with its stdout into *output and its stderr into *errors; its
// status.
inline int run_stderr_apart(const std::vector<std::string>& argv, std::string* output,
                            std::string* errors) {
  const std::string file = scratch_dir("pgbench_stderr") + ".txt";
  const int status =
      run_process({"/bin/sh", "-c", shell_join(argv) + " 2>" + shell_quote(file)}, {}, output);
  std::ifstream in(file);
  *errors = std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return status;
}

// Real pgbench with ARGS... against DATABASE of the tests' server; its
// status. Its stdout goes to *output, its stderr to *errors when given
// (else into *output as well).
inline int real_pgbench_run(const std::string& pgbench, const std::string& database,
                            const std::vector<std::string>& args, std::string* output,
                            std::string* errors = nullptr) {
  const ServerInfo& server = local_server();
  std::vector<std::string> argv = {
      pgbench, "-h", server.socket_dir(), "-p", std::to_string(server.port()), "-U", "postgres"};
  argv.insert(argv.end(), args.begin(), args.end());
  argv.push_back(database);
  return errors == nullptr ? run_process(argv, {}, output) : run_stderr_apart(argv, output, errors);
}

// `tpcc ARGS...` with its stdout into *output and its stderr into *errors.
inline int run_tpcc_apart(const std::vector<std::string>& args, std::string* output,
                          std::string* errors) {
  std::vector<std::string> argv = {TPCC_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_stderr_apart(argv, output, errors);
}

// pgbench's final block in output: its lines from "transaction type:" to
// the first empty line, progress lines left out.
inline std::vector<std::string> final_block_lines(const std::string& output) {
  std::vector<std::string> block;
  std::istringstream lines(output);
  bool in_block = false;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("transaction type:", 0) == 0) in_block = true;
    if (!in_block || line.rfind("progress:", 0) == 0) continue;
    if (line.empty()) break;
    block.push_back(line);
  }
  return block;
}

// Each line's name: the text before its first '=', ':' or '(', its
// numbers as '#' (" - latency average", "SQL script #", " - # transactions").
inline std::vector<std::string> line_names(const std::vector<std::string>& block) {
  std::vector<std::string> names;
  for (const std::string& line : block) {
    std::string name =
        std::regex_replace(line.substr(0, line.find_first_of("=:(")), std::regex("[0-9]+"), "#");
    while (!name.empty() && name.back() == ' ') name.pop_back();
    names.push_back(name);
  }
  return names;
}

// The value after "NAME = " or "NAME: " of the block's line NAME; "" when
// none.
inline std::string line_value(const std::vector<std::string>& block, const std::string& name) {
  for (const std::string& line : block) {
    for (const std::string separator : {" = ", ": "}) {
      if (line.rfind(name + separator, 0) == 0) return line.substr(name.size() + separator.size());
    }
  }
  return "";
}

// The PolarDB pair of scripts, unchanged: ro.sql reads one account drawn
// around the middle of :range, rw.sql moves one delta through the four
// tables as tpcb-like does.
constexpr const char* kReadOnlyScript =
    "\\set aid random_gaussian(1, :range, 10.0)\n"
    "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n";

constexpr const char* kReadWriteScript =
    "\\set aid random_gaussian(1, :range, 10.0)\n"
    "\\set bid random(1, 1 * :scale)\n"
    "\\set tid random(1, 10 * :scale)\n"
    "\\set delta random(-5000, 5000)\n"
    "BEGIN;\n"
    "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;\n"
    "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"
    "UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;\n"
    "UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;\n"
    "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (:tid, :bid, :aid, "
    ":delta, CURRENT_TIMESTAMP);\n"
    "END;\n";

// Each transaction waits 20 ms inside, as pgbench's \sleep does: one
// connection sends at most 50 a second.
constexpr const char* kSleepScript = "\\sleep 20 ms\nSELECT 1;\n";

// `text` as the file `name` in a scratch directory of its own; its path.
inline std::string write_script(const std::string& name, const std::string& text) {
  const std::filesystem::path path = std::filesystem::path(scratch_dir("pgbench_scripts_" + name));
  std::filesystem::create_directories(path);
  std::ofstream(path / name) << text;
  return (path / name).string();
}

// `tpcc pgbench` running the sleep script with MORE, its results in a
// scratch directory named `name`; requires exit 0 and returns result.json
// (the console output appended to *output).
inline nlohmann::json run_sleep_script(const std::string& conninfo, const std::string& name,
                                       const std::vector<std::string>& more, std::string* output,
                                       const char* script = kSleepScript) {
  const std::string dir = scratch_dir(name);
  std::vector<std::string> args = {"--file", write_script(name + ".sql", script), "--result-dir",
                                   dir};
  args.insert(args.end(), more.begin(), more.end());
  const int status = run_tpcc(pgbench_line("run", conninfo, args), output);
  INFO(*output);
  REQUIRE(status == 0);
  return nlohmann::json::parse(read_text(std::filesystem::path(dir) / "result.json"));
}

// The lines of output that match shape whole.
inline int count_matches(const std::string& output, const std::regex& shape) {
  std::istringstream lines(output);
  int n = 0;
  for (std::string line; std::getline(lines, line);) n += std::regex_match(line, shape) ? 1 : 0;
  return n;
}

}  // namespace tpcc::test
