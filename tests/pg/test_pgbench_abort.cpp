// A \set that fails to evaluate aborts its client, as in pgbench 15: the
// error and "client N aborted in command M (set) of script K; evaluation
// of meta-command failed" on stderr, the other clients go on, the final
// block is followed by "Run was aborted; the above results are
// incomplete." on stderr and the exit status is 2. When every client
// aborts, the block ends after the failed transactions, as pgbench's does.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/pgbench_support.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using tpcc::test::final_block_lines;
using tpcc::test::line_names;
using tpcc::test::line_value;

// Client 1 divides by zero on its first command; the others never do.
constexpr const char* kClientOneDividesByZero =
    "\\set y 10 / (:client_id - 1)\n"
    "SELECT :y;\n";

// Every client divides by zero on its second command.
constexpr const char* kEveryClientDividesByZero =
    "\\set x 0\n"
    "\\set y 10 / :x\n"
    "SELECT :y;\n";

struct Run {
  std::string dir;  // its results
  int status = 0;
  std::string output;
  std::string errors;
};

Run tpcc_pgbench(const std::string& conninfo, const std::string& name,
                 const std::vector<std::string>& args) {
  std::vector<std::string> line = {"pgbench"};
  line.insert(line.end(), args.begin(), args.end());
  Run run;
  run.dir = tpcc::test::scratch_dir("pgbench_abort_" + name);
  line.insert(line.end(), {"--conn", conninfo, "--result-dir", run.dir});
  run.status = tpcc::test::run_tpcc_apart(line, &run.output, &run.errors);
  return run;
}

}  // namespace

TEST_CASE("pgbench abort: a \\set dividing by zero aborts its client, the others go on",
          "[pgbench_abort]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_pgb_abort");
  const std::string script = tpcc::test::write_script("one_divides.sql", kClientOneDividesByZero);
  const Run run = tpcc_pgbench(conninfo, "one", {"-n", "-f", script, "-c", "3", "-T", "2"});
  INFO(run.output << "\nstderr:\n" << run.errors);
  CHECK(run.status == 2);
  CHECK(run.errors.find("division by zero") != std::string::npos);
  CHECK(run.errors.find("client 1 aborted in command 0 (set) of script 0; evaluation of "
                        "meta-command failed\n") != std::string::npos);
  CHECK(run.errors.find("client 0 aborted") == std::string::npos);
  CHECK(run.errors.find("Run was aborted; the above results are incomplete.\n") !=
        std::string::npos);
  CHECK(run.output.find("Run was aborted") == std::string::npos);
  // The other two clients went on: transactions processed, none failed.
  const std::vector<std::string> block = final_block_lines(run.output);
  CHECK(std::stoll(line_value(block, "number of transactions actually processed")) > 0);
  CHECK(line_value(block, "number of failed transactions") == "0 (0.000%)");
  // result.json says how many clients aborted.
  CHECK(tpcc::test::read_result(run.dir).at("aborted_terminals") == 1);
}

TEST_CASE("pgbench abort: every client aborted ends the block after the failed, as pgbench's",
          "[pgbench_abort]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_pgb_abort_all");
  const std::string script = tpcc::test::write_script("all_divide.sql", kEveryClientDividesByZero);
  const std::vector<std::string> args = {"-n", "-f", script, "-c", "2", "-T", "2"};
  const Run run = tpcc_pgbench(conninfo, "all", args);
  INFO(run.output << "\nstderr:\n" << run.errors);
  CHECK(run.status == 2);
  CHECK(run.errors.find("client 0 aborted in command 1 (set) of script 0; evaluation of "
                        "meta-command failed\n") != std::string::npos);
  CHECK(run.errors.find("client 1 aborted in command 1 (set) of script 0") != std::string::npos);
  CHECK(run.errors.find("Run was aborted; the above results are incomplete.\n") !=
        std::string::npos);
  const std::vector<std::string> block = final_block_lines(run.output);
  REQUIRE_FALSE(block.empty());
  CHECK(block.back() == "number of failed transactions: 0 (NaN%)");

  const std::string pgbench = tpcc::test::find_pgbench();
  if (pgbench.empty()) {
    WARN("pgbench is not installed: its block is not compared");
    return;
  }
  Run real;
  real.status =
      tpcc::test::real_pgbench_run(pgbench, "tpcc_pgb_abort_all", args, &real.output, &real.errors);
  INFO("pgbench:\n" << real.output << real.errors);
  CHECK(real.status == run.status);
  CHECK(line_names(final_block_lines(real.output)) == line_names(block));
}
