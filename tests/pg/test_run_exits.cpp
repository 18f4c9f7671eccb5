// The ways a tpcc run ends besides its length, and what it leaves: SIGHUP,
// a closed stdout, a run that never connects, result paths that cannot be
// written, a result directory already taken; intervals.csv written as the
// run goes. Each case checks the exit status and the result files.
#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <sys/wait.h>

#include <nlohmann/json.hpp>

#include "tests/pg/fault_run.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::fault_run_args;
using tpcc::test::read_result;
using tpcc::test::run_tpcc;
using tpcc::test::scratch_dir;
using tpcc::test::scratch_root;
using tpcc::test::sleep_seconds;
using tpcc::test::TpccChild;

}  // namespace

TEST_CASE("tpcc run: SIGHUP writes the results and exits 130", "[run][faults]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_faults_hup", 1);
  const std::string dir = scratch_dir("hup");
  const std::string log = scratch_dir("hup.log");
  TpccChild child(fault_run_args(conninfo, dir, {"--duration", "60"}), log);
  sleep_seconds(3);
  child.signal(SIGHUP);
  const int status = child.wait_for(10);
  INFO(tpcc::test::read_text(log));
  CHECK(status == 130);
  const Json result = read_result(dir);
  CHECK(result.at("stop_reason") == "interrupted");
  CHECK(result.at("stop_detail") == "SIGHUP");
  CHECK(result.at("tpmC").get<double>() > 0);
}

TEST_CASE("tpcc run | head: a closed stdout does not kill the run; results are written",
          "[run][faults]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_faults_pipe", 1);
  const std::string dir = scratch_dir("pipe");
  // pipefail: the pipeline's status is tpcc's, not head's.
  const std::string command = "set -o pipefail; '" + std::string(TPCC_BINARY) + "' run --conn '" +
                              conninfo + "' --terminals 2 --duration 3 --report-interval 1 " +
                              "--result-dir '" + dir + "' | head -n 1 > /dev/null";
  const int status = std::system(("bash -c \"" + command + "\"").c_str());
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  const Json result = read_result(dir);
  CHECK(result.at("tpmC").get<double>() > 0);
  CHECK(result.at("exit_status") == 0);
}

TEST_CASE("tpcc run: intervals.csv grows while the run goes", "[run][faults]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_faults_csv", 1);
  const std::string dir = scratch_dir("growing");
  TpccChild child(fault_run_args(conninfo, dir, {"--duration", "8"}), scratch_dir("growing.log"));
  sleep_seconds(4.5);
  const std::string so_far = tpcc::test::read_text(fs::path(dir) / "intervals.csv");
  CHECK_FALSE(fs::exists(fs::path(dir) / "result.json"));
  CHECK(fs::is_regular_file(fs::path(dir) / "config.json"));
  CHECK(so_far.rfind("elapsed_s,", 0) == 0);
  CHECK(so_far.find("\n3.0,0,") != std::string::npos);
  CHECK(child.wait_for(20) == 0);
  CHECK(fs::is_regular_file(fs::path(dir) / "result.json"));
}

TEST_CASE("tpcc run: result paths that cannot be written are refused before connecting",
          "[run][faults]") {
  // A server that does not exist: the refusal must come before any connect.
  const std::string nowhere = "host=/nonexistent-socket-dir port=1 dbname=tpcc";
  const std::string file = scratch_dir("a_file");
  std::ofstream(file) << "not a directory\n";
  std::string output;

  CHECK(run_tpcc({"run", "--conn", nowhere, "--result-dir", file}, &output) == 2);
  CHECK(output.find("--result-dir " + file) != std::string::npos);
  CHECK(output.find("cannot connect") == std::string::npos);

  CHECK(run_tpcc({"run", "--conn", nowhere, "--result-dir", scratch_dir("fine"), "--json",
                  file + "/x.json"},
                 &output) == 2);
  CHECK(output.find("--json " + file + "/x.json") != std::string::npos);
  CHECK_FALSE(fs::exists(scratch_root() / "fine"));  // nothing left of the refused run
  CHECK(tpcc::test::read_text(file) == "not a directory\n");
}

TEST_CASE("tpcc run: a pgbench script that is missing or broken is refused before connecting",
          "[run][faults][pgbench]") {
  // A server that does not exist: the script must be read before any connect.
  const std::string nowhere = "host=/nonexistent-socket-dir port=1 dbname=tpcc";
  const std::string missing = scratch_dir("no_such_script") + ".sql";
  const std::string broken = scratch_dir("broken_script") + ".sql";
  std::ofstream(broken) << "\\set aid random(1, \n";
  const std::string dir = scratch_dir("script_refused");
  const std::vector<std::vector<std::string>> commands = {
      {"pgbench", "--conn", nowhere, "-T", "1", "--result-dir", dir, "-f", missing},
      {"run", "--conn", nowhere, "--workload", "pgbench", "--result-dir", dir, "--file", missing},
      {"run", "--conn", nowhere, "--workload", "pgbench", "--result-dir", dir, "--standby-conn",
       nowhere, "--standby-file", missing},
      {"sweep", "--conn", nowhere, "--workload", "pgbench", "--result-dir", dir, "--vary",
       "terminals=1,2", "--file", missing},
      {"capacity", "--conn", nowhere, "--workload", "pgbench", "--result-dir", dir, "--file",
       missing},
      {"pgbench", "--conn", nowhere, "-T", "1", "--result-dir", dir, "-f", broken}};
  for (const auto& args : commands) {
    std::string output;
    INFO(args[0] << " " << args.back());
    CHECK(run_tpcc(args, &output) == 2);
    INFO(output);
    CHECK(output.find(args.back()) != std::string::npos);
    CHECK(output.find("cannot connect") == std::string::npos);
    CHECK_FALSE(fs::exists(dir));
  }
}

TEST_CASE("tpcc run: an existing non-empty result directory is never overwritten",
          "[run][faults]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_faults_dir", 1);
  const std::string dir = scratch_dir("taken");
  fs::create_directories(dir);
  std::ofstream(fs::path(dir) / "result.json") << "{\"mine\": true}\n";
  std::string output;
  CHECK(run_tpcc(fault_run_args(conninfo, dir, {"--duration", "1"}), &output) == 0);
  INFO(output);
  CHECK(output.find(dir + " exists and is not empty; writing the results to " + dir + "-2") !=
        std::string::npos);
  CHECK(tpcc::test::read_text(fs::path(dir) / "result.json") == "{\"mine\": true}\n");
  CHECK(read_result(dir + "-2").at("tpmC").get<double>() > 0);
}

TEST_CASE("tpcc run: a run that never connects still leaves its result directory, saying so",
          "[run][faults]") {
  const std::string nowhere = "host=/nonexistent-socket-dir port=1 dbname=tpcc";
  const std::string dir = scratch_dir("never_connected");
  std::string output;
  CHECK(run_tpcc({"run", "--conn", nowhere, "--result-dir", dir}, &output) == 3);
  INFO(output);
  CHECK(output.find("cannot connect to") != std::string::npos);
  CHECK(output.find("the run measured nothing (not_connected): " + dir + "/result.json") !=
        std::string::npos);
  CHECK(fs::is_regular_file(fs::path(dir) / "config.json"));
  const Json result = read_result(dir);
  CHECK(result.at("measured") == false);
  CHECK(result.at("stop_reason") == "not_connected");
  CHECK(result.at("exit_status") == 3);
  CHECK(result.at("stop_detail").get<std::string>().find("cannot connect to") != std::string::npos);
  // tpcc report says what the directory holds.
  output.clear();
  CHECK(run_tpcc({"report", dir}, &output) == 2);
  CHECK(output.find("the run measured nothing (not_connected: cannot connect to") !=
        std::string::npos);
}
