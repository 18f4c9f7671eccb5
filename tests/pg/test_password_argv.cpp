// A password given on the command line is readable by every user of the
// machine in ps (/proc/PID/cmdline) for as long as tpcc runs, unless tpcc
// overwrites it once parsed: a real run is started with passwords in every
// form the command line takes, and its cmdline is read while it runs. (The
// test server trusts local connections: the passwords are simply unused.)
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

constexpr const char* kSecret = "Pw-argv-5d3a1";

// argv as ps sees it: the NUL-separated arguments, joined with spaces.
std::string cmdline_of(int pid) {
  std::string text = tpcc::test::read_text("/proc/" + std::to_string(pid) + "/cmdline");
  for (auto& c : text) {
    if (c == '\0') c = ' ';
  }
  return text;
}

}  // namespace

TEST_CASE("tpcc run: passwords on the command line are gone from /proc/PID/cmdline while it runs",
          "[argv][password]") {
  const std::string& conn = tpcc::test::loaded_database("tpcc_password_argv", 1);
  const std::string dir = tpcc::test::scratch_dir("argv_run");
  const std::string log = tpcc::test::scratch_dir("argv_run.log");
  const std::string secret = kSecret;
  const int port = tpcc::test::local_server().port();
  tpcc::test::TpccChild child(
      {"run", "--conn", conn + " password=" + secret, "--pgsql-password=" + secret, "--terminals",
       "2", "--duration", "3", "--report-interval", "1", "--result-dir", dir,
       // A standby connection is checked before the run starts; the primary
       // serves here as its own "standby" URI with the password in it.
       "--standby-conn",
       "postgresql://postgres:" + secret + "@127.0.0.1:" + std::to_string(port) +
           "/tpcc_password_argv"},
      log);
  // Once tpcc says that its terminals are running it has long parsed its
  // arguments; the process is read while it still runs.
  std::string running;
  int status = -1;
  while ((status = child.wait_for(0.2)) == -1) {
    if (tpcc::test::read_text(log).find("running ") != std::string::npos) {
      running = cmdline_of(child.pid());
      break;
    }
  }
  if (status == -1) status = child.wait_for(60);
  const std::string output = tpcc::test::read_text(log);
  INFO(output);
  INFO(running);
  CHECK(status == 0);
  REQUIRE_FALSE(running.empty());
  CHECK(running.find(secret) == std::string::npos);
  CHECK(running.find("password=xxxxxxxxxxxxx --pgsql-password=xxxxxxxxxxxxx") != std::string::npos);
  CHECK(running.find("postgresql://postgres:xxxxxxxxxxxxx@127.0.0.1:") != std::string::npos);
  CHECK(output.find(secret) == std::string::npos);
}
