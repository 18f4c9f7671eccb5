// 3.5.3 durability through the program: `tpcc acid --durability
// --server-datadir DIR` kills (SIGKILL, 3.5.3.2) and restarts a server the
// test started with fsync, synchronous_commit and full_page_writes on, and
// finds every logged commit; it fails, naming the transaction, when a
// logged commit never happened; it fails a server with fsync,
// synchronous_commit or full_page_writes off, which a power loss would
// catch out though a process kill may not; and it refuses a data directory
// that is not the connection's server, or no data directory at all.
#include <catch2/catch.hpp>

#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "acid/durability.hpp"
#include "pgserver/data_dir_server.hpp"
#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

// A server that keeps what it acknowledges, as a production server does
// (the kit's throwaway default trades that for speed), loaded once.
struct DurableServer {
  std::unique_ptr<tpcc::LocalServer> server;
  std::string conninfo;  // its loaded database
};

DurableServer& durable_server() {
  static DurableServer s = [] {
    tpcc::LocalServerOptions options;
    options.quiet = true;
    options.settings = {{"fsync", "on"}, {"synchronous_commit", "on"}, {"full_page_writes", "on"}};
    DurableServer d;
    d.server = tpcc::LocalServer::start(options);
    tpcc::test::execute_outside_transaction(d.server->conninfo(), "create database tpcc");
    d.conninfo = d.server->conninfo_for("tpcc");
    std::string output;
    if (tpcc::test::run_tpcc({"prepare", "--conn", d.conninfo, "--warehouses", "1", "--no-check"},
                             &output) != 0) {
      throw std::runtime_error("prepare failed:\n" + output);
    }
    return d;
  }();
  return s;
}

int run_durability(const std::string& conninfo, const std::string& data_dir,
                   const std::string& result_dir, std::string* output) {
  return tpcc::test::run_tpcc({"acid", "--durability", "--server-datadir", data_dir, "--conn",
                               conninfo, "--result-dir", result_dir},
                              output);
}

// Server settings changed for one test, through the server's own
// configuration (ALTER SYSTEM) so that they hold again after the restart;
// reset after.
class ServerSettings {
 public:
  ServerSettings(const std::string& conninfo, std::vector<std::pair<std::string, std::string>> set)
      : conninfo_(conninfo), set_(std::move(set)) {
    for (const auto& [name, value] : set_) apply("alter system set " + name + " = '" + value + "'");
  }
  ~ServerSettings() {
    try {
      for (const auto& [name, value] : set_) apply("alter system reset " + name);
    } catch (const std::exception& e) {
      WARN("cannot reset the server's settings: " << e.what());
    }
  }
  ServerSettings(const ServerSettings&) = delete;
  ServerSettings& operator=(const ServerSettings&) = delete;

 private:
  void apply(const std::string& sql) {
    tpcc::test::execute_outside_transaction(conninfo_, sql);
    tpcc::test::scalar(conninfo_, "select pg_reload_conf()::int");
  }
  std::string conninfo_;
  std::vector<std::pair<std::string, std::string>> set_;
};

// A word for sh -c, in single quotes.
std::string quoted(const std::string& word) {
  std::string q = "'";
  for (const char c : word) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// The test's own --crash-command: pg_ctl restart -m immediate of the
// durable server, as its owner (an immediate shutdown skips the checkpoint,
// so the start is a crash recovery), then the start with the options of
// the last one; pg_ctl waits until it accepts connections.
std::string restart_command(const tpcc::LocalServer& server) {
  std::string command;
  for (const std::string& word : server.server_command(
           {server.bin_dir() + "/pg_ctl", "restart", "-m", "immediate", "-w", "-D",
            server.data_dir(), "-l", server.directory() + "/crash-command.log"})) {
    command += (command.empty() ? "" : " ") + quoted(word);
  }
  return command + " >/dev/null";
}

}  // namespace

TEST_CASE("3.5.3 tpcc acid --durability crashes and restarts the server and finds every commit",
          "[acid][durability]") {
  DurableServer& d = durable_server();
  const int postmaster = d.server->postmaster_pid();
  const tpcc::test::TempDir dir;
  const std::string result_dir = (dir.path() / "acid").string();
  std::string output;
  const int status = run_durability(d.conninfo, d.server->data_dir(), result_dir, &output);
  INFO(output);
  CHECK(status == 0);
  CHECK_THAT(output, Catch::Contains("server settings: fsync=on, synchronous_commit=on"));
  // The run's defaults: 10 terminals, the 45,43,4,4,4 mix.
  CHECK_THAT(output, Catch::Contains("10 terminals run the mix 45,43,4,4,4 (NO,P,OS,D,SL)"));
  CHECK_THAT(output, Catch::Contains("crash: SIGKILL to the postmaster"));
  CHECK_THAT(output, Catch::Contains("3.5.3.2  PASS  durability: instantaneous interruption"));
  CHECK_THAT(output, Catch::Contains(" 0 missing after recovery"));
  CHECK_THAT(output, Catch::Contains("1 of 1 ACID tests pass"));
  // The server was crashed and is a new one, started by tpcc.
  const int restarted = d.server->postmaster_pid();
  CHECK(restarted != 0);
  CHECK(restarted != postmaster);
  std::ifstream in(result_dir + "/acid.json");
  REQUIRE(in);
  const auto json = nlohmann::json::parse(in);
  CHECK(json.at("passed") == true);
  const auto& durability = json.at("durability");
  const long long logged = durability.at("committed_logged").at("total");
  CHECK(logged > 0);
  CHECK(durability.at("committed_logged").at("payment") > 0);
  CHECK(durability.at("found_after_recovery") == logged);
  CHECK(durability.at("missing").empty());
  // tpcc check, the program, agrees that recovery left it consistent.
  CHECK(tpcc::test::run_tpcc({"check", "--conn", d.conninfo}, &output) == 0);
}

TEST_CASE("3.5.3 the load at the crash is the configured terminals and mix", "[acid][durability]") {
  DurableServer& d = durable_server();
  const tpcc::test::TempDir dir;
  const std::string result_dir = (dir.path() / "acid").string();
  std::string output;
  const int status = tpcc::test::run_tpcc(
      {"acid", "--durability", "--server-datadir", d.server->data_dir(), "--conn", d.conninfo,
       "--result-dir", result_dir, "--terminals", "3", "--mix", "50,50,0,0,0"},
      &output);
  INFO(output);
  CHECK(status == 0);
  CHECK_THAT(output, Catch::Contains("3 terminals run the mix 50,50,0,0,0 (NO,P,OS,D,SL)"));
  std::ifstream in(result_dir + "/acid.json");
  REQUIRE(in);
  const auto json = nlohmann::json::parse(in);
  const auto& durability = json.at("durability");
  CHECK(durability.at("load").at("terminals") == 3);
  CHECK(durability.at("load").at("mix").at(3) == 0.0);
  // No Delivery in the mix: none logged; the two in it both committed.
  CHECK(durability.at("committed_logged").at("delivery") == 0);
  CHECK(durability.at("committed_logged").at("new_order") > 0);
  CHECK(durability.at("committed_logged").at("payment") > 0);
  CHECK(durability.at("found_after_recovery") == durability.at("committed_logged").at("total"));
}

TEST_CASE("3.5.3 fails and names the Payment when a logged commit was rolled back",
          "[acid][durability]") {
  // The protection broken on purpose: one Payment's COMMIT is replaced by
  // ROLLBACK, and it is logged as committed all the same.
  DurableServer& d = durable_server();
  const tpcc::DataDirServer server = tpcc::DataDirServer::open(d.server->data_dir());
  const tpcc::test::TempDir dir;
  tpcc::AcidOptions options;
  options.conninfo = d.conninfo;
  options.seed = 6;
  tpcc::DurabilityPlan plan;
  plan.seconds_before_crash = 2;
  plan.log_a_rolled_back_payment = true;
  const tpcc::DurabilityReport report = tpcc::durability_test(options, plan, [&] {
    server.crash(30);
    server.start((dir.path() / "restart.log").string());
  });
  INFO(tpcc::format_acid_line(report.result));
  CHECK_FALSE(report.result.passed);
  CHECK(report.missing.size() == 1);
  CHECK(report.found == report.logged() - 1);
  CHECK_THAT(report.result.observed, Catch::Contains("1 missing after recovery"));
  CHECK_THAT(report.result.observed, Catch::Contains("missing: Payment of "));
  CHECK(report.consistency.passed);  // nothing else is wrong
}

TEST_CASE("3.5.3 with synchronous_commit off tpcc acid --durability fails, naming it",
          "[acid][durability]") {
  DurableServer& d = durable_server();
  // A WAL writer that writes only when woken for a full WAL page: the
  // commits acknowledged since are likely to be in the server's memory only.
  const ServerSettings off(d.conninfo, {{"synchronous_commit", "off"},
                                        {"wal_writer_delay", "10s"},
                                        {"wal_writer_flush_after", "1GB"}});
  const tpcc::test::TempDir dir;
  std::string output;
  const int status =
      run_durability(d.conninfo, d.server->data_dir(), (dir.path() / "acid").string(), &output);
  INFO(output);
  CHECK(status == 1);
  CHECK_THAT(output, Catch::Contains("the test will FAIL: synchronous_commit=off"));
  CHECK_THAT(output, Catch::Contains("3.5.3.2  FAIL"));
  CHECK_THAT(output, Catch::Contains("cannot survive a power loss: synchronous_commit=off"));
}

TEST_CASE("3.5.3 with fsync off tpcc acid --durability fails though the process kill lost nothing",
          "[acid][durability]") {
  // The kernel's page cache outlives a killed server, so every commit is
  // likely found; a power loss would empty it. The verdict is the settings'.
  DurableServer& d = durable_server();
  const ServerSettings off(d.conninfo, {{"fsync", "off"}});
  const tpcc::test::TempDir dir;
  const std::string result_dir = (dir.path() / "acid").string();
  std::string output;
  const int status = run_durability(d.conninfo, d.server->data_dir(), result_dir, &output);
  INFO(output);
  CHECK(status == 1);
  CHECK_THAT(output, Catch::Contains("server settings: fsync=off"));
  CHECK_THAT(output, Catch::Contains("3.5.3.2  FAIL"));
  CHECK_THAT(output, Catch::Contains("cannot survive a power loss: fsync=off"));
  std::ifstream in(result_dir + "/acid.json");
  REQUIRE(in);
  const auto json = nlohmann::json::parse(in);
  CHECK(json.at("passed") == false);
  CHECK(json.at("durability").at("power_loss_hazards").size() == 1);
  CHECK(json.at("durability").at("restarted") == true);
}

TEST_CASE("3.5.3.3 tpcc acid --durability --crash-command runs it, waits and finds every commit",
          "[acid][durability]") {
  DurableServer& d = durable_server();
  const int postmaster = d.server->postmaster_pid();
  const tpcc::test::TempDir dir;
  const std::string result_dir = (dir.path() / "acid").string();
  std::string output;
  const int status = tpcc::test::run_tpcc(
      {"acid", "--durability", "--crash-command", restart_command(*d.server), "--restart-timeout",
       "120", "--conn", d.conninfo, "--result-dir", result_dir},
      &output);
  INFO(output);
  CHECK(status == 0);
  CHECK_THAT(output, Catch::Contains("ACID test of TPC-C Clause 3.5.3.3"));
  CHECK_THAT(output, Catch::Contains("crash: the command exited 0"));
  CHECK_THAT(output, Catch::Contains("restart: the server accepts connections again"));
  CHECK_THAT(output, Catch::Contains("3.5.3.3  PASS  durability: loss of memory (--crash-command"));
  CHECK_THAT(output, Catch::Contains(" 0 missing after recovery"));
  CHECK(d.server->postmaster_pid() != postmaster);
  std::ifstream in(result_dir + "/acid.json");
  REQUIRE(in);
  const auto json = nlohmann::json::parse(in);
  CHECK(json.at("passed") == true);
  CHECK(json.at("tests").at(0).at("clause") == "3.5.3.3");
  CHECK(json.at("durability").at("restarted") == true);
  CHECK(json.at("durability").at("server").at("crash_command") == restart_command(*d.server));
  CHECK(json.at("durability").at("committed_logged").at("total") > 0);
}

TEST_CASE("3.5.3.3 a --crash-command that crashes nothing ends with exit 3 after the timeout",
          "[acid][durability]") {
  DurableServer& d = durable_server();
  const int postmaster = d.server->postmaster_pid();
  const tpcc::test::TempDir dir;
  std::string output;
  const int status = tpcc::test::run_tpcc(
      {"acid", "--durability", "--crash-command", "true", "--restart-timeout", "2", "--conn",
       d.conninfo, "--result-dir", (dir.path() / "acid").string()},
      &output);
  INFO(output);
  CHECK(status == 3);
  CHECK_THAT(output, Catch::Contains("the server was not crashed"));
  CHECK_THAT(output, Catch::Contains("--restart-timeout 2 s"));
  CHECK(d.server->postmaster_pid() == postmaster);
}

TEST_CASE("3.5.3 tpcc acid --durability refuses the data directory of another server",
          "[acid][durability]") {
  DurableServer& d = durable_server();
  tpcc::LocalServerOptions options;
  options.quiet = true;
  const auto other = tpcc::LocalServer::start(options);
  const int connected = d.server->postmaster_pid();
  const int named = other->postmaster_pid();
  const tpcc::test::TempDir dir;
  std::string output;
  const int status =
      run_durability(d.conninfo, other->data_dir(), (dir.path() / "acid").string(), &output);
  INFO(output);
  CHECK(status == 2);
  CHECK_THAT(output, Catch::Contains("--server-datadir " + other->data_dir()));
  CHECK_THAT(output, Catch::Contains("not of the postmaster " + std::to_string(named)));
  // Neither server was touched.
  CHECK(d.server->postmaster_pid() == connected);
  CHECK(other->postmaster_pid() == named);
  CHECK(tpcc::test::scalar(other->conninfo(), "select 1") == 1);
}

TEST_CASE("3.5.3 tpcc acid --durability without --server-datadir exits 2 naming it",
          "[acid][durability]") {
  std::string output;
  const int status = tpcc::test::run_tpcc(
      {"acid", "--durability", "--conn", tpcc::test::server_conninfo()}, &output);
  INFO(output);
  CHECK(status == 2);
  CHECK_THAT(output, Catch::Contains("--server-datadir"));
}
