// tpcc run under faults: a server that goes away (and stays away, or comes
// back), a hung server, a database dropped under the run, missing
// privileges, lock and statement timeouts. Each case checks the exit
// status, what the user reads, the result files, and that the database is
// still consistent afterwards (test_run_exits.cpp has the other ways a run
// ends, test_run_reconnects.cpp connections that cannot come back).
// The server-level faults get a server of their own, so the shared one stays
// up for the other tests.
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "pgserver/local_server.hpp"
#include "tests/pg/fault_run.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using tpcc::test::read_result;

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::fault_run_args;
using tpcc::test::run_tpcc;
using tpcc::test::scratch_dir;
using tpcc::test::sleep_seconds;
using tpcc::test::TpccChild;

double max_latency_ms(const Json& result) {
  double most = 0;
  for (const auto& [name, t] : result.at("transactions").items()) {
    most = std::max(most, t.at("latency_ms").at("max").get<double>());
  }
  return most;
}

std::int64_t sum_over_transactions(const Json& result, const char* field) {
  std::int64_t n = 0;
  for (const auto& [name, t] : result.at("transactions").items())
    n += t.at(field).get<std::int64_t>();
  return n;
}

// A server of its own with one warehouse loaded in database tpcc, for the
// faults that take the whole server down or freeze it.
struct FaultServer {
  std::unique_ptr<tpcc::LocalServer> server;
  std::string conninfo;

  FaultServer() {
    tpcc::LocalServerOptions options;
    options.quiet = true;
    server = tpcc::LocalServer::start(options);
    tpcc::test::execute_outside_transaction(server->conninfo(), "create database tpcc");
    conninfo = server->conninfo_for("tpcc");
    std::string output;
    if (run_tpcc({"prepare", "--conn", conninfo, "--warehouses", "1", "--no-check"}, &output) !=
        0) {
      throw std::runtime_error("prepare failed:\n" + output);
    }
  }

  // The postmaster and every process it started: SIGSTOP freezes the
  // server as a hung machine would, SIGCONT thaws it.
  void signal_all(int sig) const {
    const int postmaster = server->postmaster_pid();
    std::vector<int> pids{postmaster};
    for (const auto& entry : fs::directory_iterator("/proc")) {
      const std::string name = entry.path().filename().string();
      if (name.find_first_not_of("0123456789") != std::string::npos) continue;
      std::ifstream stat(entry.path() / "stat");
      std::string line;
      std::getline(stat, line);
      const auto close = line.rfind(')');
      if (close == std::string::npos) continue;
      std::istringstream rest(line.substr(close + 2));
      char state = 0;
      int parent = 0;
      rest >> state >> parent;
      if (parent == postmaster) pids.push_back(std::stoi(name));
    }
    for (const int pid : pids) ::kill(pid, sig);
  }

  // Whether tpcc check passes on the database (the server up).
  bool consistent() const {
    std::string output;
    const int status = run_tpcc({"check", "--conn", conninfo}, &output);
    INFO(output);
    return status == 0;
  }
};

FaultServer& fault_server() {
  static FaultServer server;
  return server;
}

// Thaws the server even when an assertion ends the test early.
struct Thaw {
  const FaultServer& server;
  ~Thaw() { server.signal_all(SIGCONT); }
};

// Brings a crashed server back even when an assertion ends the test early.
struct Restart {
  FaultServer& server;
  ~Restart() { server.server->start_again(); }
};

}  // namespace

TEST_CASE("tpcc run: a server that stays down stops the run after --max-downtime with exit 3",
          "[run][faults]") {
  FaultServer& s = fault_server();
  const std::string dir = scratch_dir("down");
  const std::string log = scratch_dir("down.log");
  TpccChild child(fault_run_args(s.conninfo, dir, {"--duration", "60", "--max-downtime", "3"}),
                  log);
  sleep_seconds(3);
  {
    Restart restart{s};
    s.server->crash();
    const int status = child.wait_for(20);
    const std::string output = tpcc::test::read_text(log);
    INFO(output);
    CHECK(status == 3);
    CHECK(output.find("SERVER UNREACHABLE") != std::string::npos);
    CHECK(output.find("run stopped: the server unreachable for") != std::string::npos);
    CHECK(output.find("DOWNTIME: the server was unreachable") != std::string::npos);
    const Json result = read_result(dir);
    CHECK(result.at("stop_reason") == "max_downtime");
    CHECK(result.at("exit_status") == 3);
    CHECK(result.at("downtime_seconds").get<double>() >= 3);
    CHECK(result.at("reconnect_failures").get<std::int64_t>() >= 1);
    CHECK_FALSE(result.at("first_error").is_null());
    CHECK(result.at("measured_seconds").get<double>() < 15);
    CHECK(tpcc::test::read_text(fs::path(dir) / "intervals.csv").find("\n3.0,0,") !=
          std::string::npos);
    CHECK(fs::is_regular_file(fs::path(dir) / "report.html"));
  }
  CHECK(s.consistent());
}

TEST_CASE("tpcc run: a short outage is downtime; the run goes on and exits 1", "[run][faults]") {
  FaultServer& s = fault_server();
  const std::string dir = scratch_dir("outage");
  const std::string log = scratch_dir("outage.log");
  TpccChild child(fault_run_args(s.conninfo, dir, {"--duration", "10"}), log);
  sleep_seconds(2);
  s.server->crash();
  sleep_seconds(1.5);
  s.server->start_again();
  const int status = child.wait_for(30);
  const std::string output = tpcc::test::read_text(log);
  INFO(output);
  CHECK(status == 1);
  CHECK(output.find("run failed: the server was unreachable for") != std::string::npos);
  const Json result = read_result(dir);
  CHECK(result.at("stop_reason") == "completed");
  CHECK(result.at("downtime_seconds").get<double>() >= 1);
  CHECK(result.at("reconnects").get<std::int64_t>() >= 2);
  CHECK(result.at("tpmC").get<double>() > 0);
  CHECK(s.consistent());
}

TEST_CASE(
    "ingest run: a server still recovering when the run ends is waited for, and the rows "
    "acknowledged are recorded",
    "[run][faults][ingest]") {
  // Durable, as a user's server: a crash must lose no acknowledged row, so
  // that check can hold the record to them exactly.
  tpcc::LocalServerOptions options;
  options.quiet = true;
  options.settings = {{"fsync", "on"}, {"synchronous_commit", "on"}, {"full_page_writes", "on"}};
  const auto server = tpcc::LocalServer::start(options);
  const std::string conninfo = server->conninfo();
  std::string output;
  REQUIRE(run_tpcc({"prepare", "--workload", "ingest", "--conn", conninfo, "--terminals", "2"},
                   &output) == 0);
  const std::string dir = scratch_dir("ingest_record_wait");
  const std::string log = scratch_dir("ingest_record_wait.log");
  TpccChild child({"run", "--workload", "ingest", "--conn", conninfo, "--terminals", "2",
                   "--warmup", "0", "--duration", "4", "--result-dir", dir},
                  log);
  sleep_seconds(2);
  server->crash();
  // The run's 4 s are over, and its record waits for the server.
  sleep_seconds(4);
  server->start_again();
  const int status = child.wait_for(30);
  const std::string run_output = tpcc::test::read_text(log);
  INFO(run_output);
  CHECK(status == 1);  // the outage is downtime
  CHECK(run_output.find("waiting up to 30 s (--max-downtime) for the server, to record the run "
                        "for tpcc check") != std::string::npos);
  CHECK(run_output.find("could not be recorded") == std::string::npos);
  std::string check_output;
  const int check_status =
      run_tpcc({"check", "--workload", "ingest", "--conn", conninfo}, &check_output);
  INFO(check_output);
  CHECK(check_status == 0);
}

TEST_CASE(
    "tpcc run: a hung server does not outlive the clock; its transactions count as "
    "unfinished",
    "[run][faults][metrics]") {
  FaultServer& s = fault_server();
  const std::string dir = scratch_dir("hung");
  const std::string log = scratch_dir("hung.log");
  TpccChild child(fault_run_args(s.conninfo, dir, {"--duration", "4", "--stop-grace", "1"}), log);
  sleep_seconds(2);
  int status = -1;
  {
    Thaw thaw{s};
    s.signal_all(SIGSTOP);
    // 2 s left of the run, 1 s of grace: done well before the server thaws.
    status = child.wait_for(10);
  }
  const std::string output = tpcc::test::read_text(log);
  INFO(output);
  CHECK(status == 1);
  CHECK(output.find("STALLED: 2 in flight") != std::string::npos);
  CHECK(output.find("still in flight 1 s after the end (--stop-grace): cancelling them") !=
        std::string::npos);
  CHECK(output.find("run failed: 2 transaction(s) unfinished at the end") != std::string::npos);
  const Json result = read_result(dir);
  CHECK(result.at("unfinished_at_end") == 2);
  CHECK(sum_over_transactions(result, "unfinished") == 2);
  CHECK(max_latency_ms(result) >= 2000);  // stuck from about 2 s to the cancel at 5 s
  CHECK(result.at("interrupted") == false);
  // The server metrics sampler's hung sample is counted, not waited for.
  CHECK(result.at("server_metrics").at("sample_failures").get<int>() >= 1);
  CHECK(s.consistent());
}

TEST_CASE("tpcc run: SIGINT during a hang stops at once and exits 130 with the results",
          "[run][faults]") {
  FaultServer& s = fault_server();
  const std::string dir = scratch_dir("hung_sigint");
  const std::string log = scratch_dir("hung_sigint.log");
  TpccChild child(fault_run_args(s.conninfo, dir, {"--duration", "60"}), log);
  sleep_seconds(2);
  int status = -1;
  {
    Thaw thaw{s};
    s.signal_all(SIGSTOP);
    sleep_seconds(1);
    child.signal(SIGINT);
    status = child.wait_for(5);
  }
  const std::string output = tpcc::test::read_text(log);
  INFO(output);
  CHECK(status == 130);
  CHECK(output.find("received SIGINT: stopping") != std::string::npos);
  const Json result = read_result(dir);
  CHECK(result.at("interrupted") == true);
  CHECK(result.at("stop_reason") == "interrupted");
  CHECK(result.at("unfinished_at_end") == 2);
  CHECK(s.consistent());
}

TEST_CASE("tpcc run: a database dropped under the run stops it with exit 3", "[run][faults]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_faults_drop", 1);
  const std::string dir = scratch_dir("dropped");
  const std::string log = scratch_dir("dropped.log");
  TpccChild child(fault_run_args(conninfo, dir, {"--duration", "60"}), log);
  sleep_seconds(2);
  tpcc::test::execute_outside_transaction(tpcc::test::server_conninfo(),
                                          "drop database tpcc_faults_drop with (force)");
  const int status = child.wait_for(15);
  const std::string output = tpcc::test::read_text(log);
  INFO(output);
  CHECK(status == 3);
  CHECK(output.find("run stopped: ") != std::string::npos);
  CHECK(output.find("\"tpcc_faults_drop\" does not exist") != std::string::npos);
  const Json result = read_result(dir);
  CHECK(result.at("stop_reason") == "fatal_error");
  CHECK(result.at("measured_seconds").get<double>() < 10);
}

TEST_CASE("tpcc run: permission denied (42501) stops the run at once with exit 3",
          "[run][faults]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_faults_reader", 1);
  const std::string role = "tpcc_reader_" + std::to_string(::getpid());
  tpcc::test::execute(conninfo, "create role " + role +
                                    " login; grant select on all tables in "
                                    "schema public to " +
                                    role);
  const std::string dir = scratch_dir("reader");
  std::string output;
  const auto started = std::chrono::steady_clock::now();
  const int status =
      run_tpcc(fault_run_args(conninfo + " user=" + role, dir, {"--duration", "60"}), &output);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  INFO(output);
  CHECK(status == 3);
  CHECK(seconds < 15);
  CHECK(output.find("run stopped: 42501 permission denied") != std::string::npos);
  const Json result = read_result(dir);
  CHECK(result.at("stop_reason") == "fatal_error");
  CHECK(result.at("first_error").at("sqlstate") == "42501");
  std::string check;
  CHECK(run_tpcc({"check", "--conn", conninfo}, &check) == 0);
}

TEST_CASE("tpcc run --lock-timeout: a locked table shows as counted timeouts", "[run][faults]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_faults_lock", 1);
  const std::string dir = scratch_dir("locked");
  const std::string log = scratch_dir("locked.log");
  TpccChild child(fault_run_args(conninfo, dir, {"--duration", "5", "--lock-timeout", "100ms"}),
                  log);
  {
    pqxx::connection holder{conninfo};
    pqxx::work tx{holder};
    sleep_seconds(1);
    tx.exec("lock table bmsql_district in access exclusive mode");
    sleep_seconds(2);
  }  // rolled back: the lock goes
  const int status = child.wait_for(20);
  const std::string output = tpcc::test::read_text(log);
  INFO(output);
  CHECK((status == 0 || status == 1));
  CHECK(output.find("TIMEOUTS: ") != std::string::npos);
  const Json result = read_result(dir);
  CHECK(result.at("timeouts").get<std::int64_t>() >= 5);
  CHECK(result.at("transactions").at("new_order").at("timeouts").get<std::int64_t>() >= 1);
  CHECK(result.at("unfinished_at_end") == 0);
}

TEST_CASE(
    "tpcc run: a statement_timeout set on the database that cancels tpcc's own statement says "
    "57014 and the setting",
    "[run][faults]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_faults_stmt_timeout", 1);
  tpcc::test::execute_outside_transaction(
      conninfo, "alter database tpcc_faults_stmt_timeout set statement_timeout = '300ms'");
  // tpcc's reading of the load waits for this lock until statement_timeout
  // cancels it: a slow setup statement, every time.
  pqxx::connection holder{conninfo};
  pqxx::work tx{holder};
  tx.exec("lock table bmsql_config in access exclusive mode");
  const std::string dir = scratch_dir("stmt_timeout");
  std::string output;
  CHECK(run_tpcc({"run", "--conn", conninfo, "--duration", "5", "--result-dir", dir}, &output) ==
        3);
  INFO(output);
  CHECK(output.find("tpcc: server error 57014 query_canceled: ") != std::string::npos);
  CHECK(output.find("hint: the server's statement_timeout (set for the database, the role or the "
                    "server") != std::string::npos);
  CHECK(output.find("--statement-timeout") != std::string::npos);
  const Json result = read_result(dir);
  CHECK(result.at("stop_reason") == "not_started");
  CHECK(result.at("stop_detail").get<std::string>().rfind("57014 query_canceled: ", 0) == 0);
}

TEST_CASE(
    "2.4.2.3 tpcc run --spec: statement timeouts of a slow server fail the run of record, "
    "naming the clause",
    "[run][faults][run_rules]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_faults_slow", 1);
  // Every Payment's history row waits 2 s; --statement-timeout 1s cancels it.
  tpcc::test::execute(conninfo,
                      "create function tpcc_test_slow() returns trigger language plpgsql as "
                      "$$ begin perform pg_sleep(2); return new; end $$; "
                      "create trigger tpcc_test_slow before insert on bmsql_history "
                      "for each row execute function tpcc_test_slow()");
  const std::string dir = scratch_dir("slow_spec");
  std::string output;
  const int status = run_tpcc({"run",
                               "--conn",
                               conninfo,
                               "--spec",
                               "--terminals",
                               "2",
                               "--warmup",
                               "0",
                               "--duration",
                               "5",
                               "--think-multiplier",
                               "0.001",
                               "--statement-timeout",
                               "1s",
                               "--stop-grace",
                               "1",
                               "--report-interval",
                               "1",
                               "--result-dir",
                               dir},
                              &output);
  INFO(output);
  CHECK(status == 1);
  CHECK(output.find("run failed (--spec): ") != std::string::npos);
  CHECK(output.find("2.4.2.3 transactions failed other than New-Order rollbacks") !=
        std::string::npos);
  const Json result = read_result(dir);
  CHECK(result.at("transactions").at("payment").at("timeouts").get<std::int64_t>() >= 1);
  const Json rule = tpcc::test::find_rule(result, "2.4.2.3");
  CHECK(rule.at("verdict") == "fail");
  CHECK(rule.at("value").get<std::string>().find(" of them timeouts") != std::string::npos);
}
