// tpcc run when connections cannot come back: a role whose connection limit
// refuses the reconnects, for every connection (the last error is the
// latest refusal) and for the delivery worker alone (named, while the
// terminals are served).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <unistd.h>

#include <nlohmann/json.hpp>

#include "tests/pg/fault_run.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using Json = nlohmann::json;
using tpcc::test::fault_run_args;
using tpcc::test::read_result;
using tpcc::test::scratch_dir;
using tpcc::test::sleep_seconds;
using tpcc::test::TpccChild;

}  // namespace

namespace {

// A login role that may run tpcc on the database at conninfo but is no
// superuser: its connection limit (ALTER ROLE ... CONNECTION LIMIT) holds.
std::string limited_role(const std::string& conninfo, const std::string& name) {
  const std::string role = name + "_" + std::to_string(::getpid());
  tpcc::test::execute(conninfo, "create role " + role +
                                    " login; grant all on all tables in schema public to " + role +
                                    "; grant all on all sequences in schema public to " + role +
                                    "; grant execute on all functions in schema public to " + role);
  return role;
}

// Commits `undo` on conninfo when the test ends, however it ends.
struct CommittedChangeOnExit {
  std::string conninfo;
  std::string undo;
  ~CommittedChangeOnExit() {
    try {
      tpcc::test::execute(conninfo, undo);
    } catch (const std::exception& e) {
      WARN(e.what());
    }
  }
};

// Lifts the role's connection limit even when an assertion ends the test.
struct Unlimit {
  std::string conninfo;
  std::string role;
  ~Unlimit() {
    try {
      tpcc::test::execute(conninfo, "alter role " + role + " connection limit -1");
    } catch (const std::exception& e) {
      WARN(e.what());
    }
  }
};

}  // namespace

TEST_CASE("tpcc run: the last error is the latest reconnect failure, not the first",
          "[run][faults]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_faults_refusals", 1);
  const std::string role = limited_role(conninfo, "tpcc_limited");
  const Unlimit unlimit{conninfo, role};
  const CommittedChangeOnExit database_limit{
      conninfo, "alter database tpcc_faults_refusals connection limit -1"};
  const std::string dir = scratch_dir("refusals");
  const std::string log = scratch_dir("refusals.log");
  TpccChild child(fault_run_args(conninfo + " user=" + role, dir, {"--duration", "10"}), log);
  sleep_seconds(2);
  // The terminals' sessions end and a new one of the role is refused
  // ("too many connections for role") ...
  tpcc::test::execute(conninfo, "alter role " + role + " connection limit 0");
  CHECK(tpcc::test::scalar(conninfo,
                           "select count(pg_terminate_backend(pid)) from pg_stat_activity "
                           "where usename = '" +
                               role +
                               "' and query not like '%checkpoints%' and query not like "
                               "'%pg_stat%'") >= 2);
  sleep_seconds(1);
  // ... then for another reason ("too many connections for database"),
  // which the last error must be.
  tpcc::test::execute(conninfo,
                      "alter database tpcc_faults_refusals connection limit 0; alter role " + role +
                          " connection limit -1");
  const int status = child.wait_for(30);
  const std::string output = tpcc::test::read_text(log);
  INFO(output);
  CHECK(status == 1);
  CHECK(output.find("reconnect failed, retrying with backoff up to 5 s: ") != std::string::npos);
  CHECK(output.find("too many connections for role") != std::string::npos);
  const Json result = read_result(dir);
  REQUIRE_FALSE(result.at("last_error").is_null());
  const std::string last = result.at("last_error").at("message").get<std::string>();
  CHECK(last.find("too many connections for database") != std::string::npos);
  CHECK(result.at("distinct_errors").get<std::int64_t>() >= 3);
  CHECK(output.find("last error at ") != std::string::npos);
  CHECK(output.find("different errors in all)") != std::string::npos);
}

TEST_CASE(
    "tpcc run: a delivery worker that cannot reconnect while the terminals are served is "
    "named, not the server",
    "[run][faults]") {
  const std::string conninfo = tpcc::test::prepared_database("tpcc_faults_delivery", 1);
  // Each district's delete waits 50 ms: the delivery worker is in its
  // delete most of the time, where the test can tell its session.
  tpcc::test::execute(conninfo,
                      "create function tpcc_test_slow_delete() returns trigger language plpgsql "
                      "as $$ begin perform pg_sleep(0.05); return old; end $$; "
                      "create trigger tpcc_test_slow_delete before delete on bmsql_new_order "
                      "for each row execute function tpcc_test_slow_delete()");
  const std::string role = limited_role(conninfo, "tpcc_deliverer");
  const Unlimit unlimit{conninfo, role};
  const std::string dir = scratch_dir("delivery_down");
  const std::string log = scratch_dir("delivery_down.log");
  TpccChild child({"run", "--conn", conninfo + " user=" + role, "--terminals", "2", "--delivery",
                   "deferred", "--duration", "8", "--report-interval", "1", "--result-dir", dir},
                  log);
  sleep_seconds(2);
  tpcc::test::execute(conninfo, "alter role " + role + " connection limit 0");
  // The delivery worker is the only session that runs Delivery's delete;
  // caught while it runs one, its session is ended and cannot come back.
  long long ended = 0;
  for (int i = 0; i < 500 && ended == 0; ++i) {
    ended = tpcc::test::scalar(
        conninfo,
        "select count(pg_terminate_backend(pid)) from pg_stat_activity where usename = '" + role +
            "' and state = 'active' and query like '%delete from bmsql_new_order%'");
  }
  REQUIRE(ended == 1);
  const int status = child.wait_for(30);
  const std::string output = tpcc::test::read_text(log);
  INFO(output);
  CHECK(status == 1);
  CHECK(output.find("DELIVERY WORKER 1 CANNOT RECONNECT ") != std::string::npos);
  CHECK(output.find("SERVER UNREACHABLE") == std::string::npos);
  CHECK(output.find("DOWNTIME: delivery worker 1 of the server could not reconnect for ") !=
        std::string::npos);
  CHECK(output.find("delivery worker 1: reconnect failed") != std::string::npos);
  CHECK(output.find("run failed: delivery worker 1 could not reconnect for ") != std::string::npos);
  const Json result = read_result(dir);
  CHECK(result.at("unreachable_connections") == Json::array({"delivery worker 1"}));
  CHECK(result.at("tpmC").get<double>() > 0);
}
