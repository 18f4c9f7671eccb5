// A mixed run's freshness and its standbys' recovery conflicts (docs/ch.md
// "Freshness", "Recovery conflicts on standbys"), on a W=1 load with CH's
// tables and a pg_basebackup hot standby of it:
// - on the primary, a query sees the newest heartbeat (a beat is 100 ms):
//   its freshness is far under the standby's below;
// - on a standby that applies WAL 2 s late (recovery_min_apply_delay), its
//   queries' freshness is those 2 s and the replay's own lag: at least
//   2 s, and not far past them;
// - on a standby that cancels queries at once (max_standby_streaming_delay
//   0, hot_standby_feedback off) while the primary updates and vacuums
//   TPC-C's tables, the run counts the cancelled queries and the standby's
//   pg_stat_database_conflicts grows (the vacuums run from before the run
//   starts: its set-up reads of the standby are asked again, and it
//   starts); with the feedback on, the run says so and gives the primary's
//   dead tuples' growth.
// These are bounds on what the servers did, with wide margins, not on how
// fast the kit runs.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "pgserver/local_server.hpp"
#include "tests/pg/ch_fixture.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kDatabase = "tpcc_ch_freshness";
constexpr const char* kStandbyName = "tpcc_ch_freshness_standby";
// The standby's apply delay, and how far past it the queries' freshness
// may go (the replay's own lag on a busy machine, a beat, the stream).
constexpr double kApplyDelayMs = 2000;
constexpr double kLagMarginMs = 4000;
// On the primary: a beat (100 ms) and a commit, with room for a busy machine.
constexpr double kPrimaryBoundMs = 500;

// A second of warm-up and 8 measured, in intervals of 2 s; on the standby
// when given, beside one read-only terminal.
std::vector<std::string> run_args(const std::string& primary, const fs::path& dir,
                                  const std::string& standby = "") {
  tpcc::test::ChRun run{primary, dir};
  run.warmup = 1;
  run.standby = standby;
  return run.args();
}

long long recovery_conflicts_of_queries(const Json& ch) {
  long long conflicts = 0;
  for (const Json& q : ch.at("per_query")) conflicts += q.at("recovery_conflicts").get<long long>();
  return conflicts;
}

// VACUUM of the tables TPC-C updates, again and again, until stopped: the
// cleanup records a standby's older snapshots conflict with.
class VacuumLoop {
 public:
  explicit VacuumLoop(std::string primary) : thread_([this, primary] { run(primary); }) {}
  ~VacuumLoop() { stop(); }
  // Stops and joins; the first error a vacuum raised, or empty.
  std::string stop() {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    return error_;
  }

 private:
  void run(const std::string& primary) {
    try {
      while (!stop_) {
        for (const char* table : {"bmsql_district", "bmsql_stock", "bmsql_customer",
                                  "bmsql_warehouse", "bmsql_order_line"}) {
          tpcc::test::execute_outside_transaction(primary, std::string("vacuum ") + table);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
    } catch (const std::exception& e) {
      error_ = e.what();
    }
  }

  std::atomic<bool> stop_{false};
  std::string error_;
  std::thread thread_;
};

}  // namespace

TEST_CASE(
    "tpcc run --ch-streams: freshness near 0 on the primary and the apply delay on a standby; a "
    "standby's recovery conflicts counted",
    "[ch][standby][freshness]") {
  tpcc::test::ChStandbyPair servers(kStandbyName, kDatabase, 1);
  tpcc::test::StandbyPair& pair = servers.pair();
  const std::string primary = servers.primary();
  const std::string standby = servers.standby();
  std::string output;
  const tpcc::test::TempDir scratch;

  {  // a tpcc_ch_heartbeat of someone else's: refused, and left as it was
    tpcc::test::execute(primary, "create table tpcc_ch_heartbeat (theirs int)");
    output.clear();
    CHECK(tpcc::test::run_tpcc(run_args(primary, scratch.path() / "refused"), &output) == 2);
    CHECK(output.find("--ch-streams: tpcc_ch_heartbeat exists and tpcc did not create it") !=
          std::string::npos);
    CHECK(tpcc::test::scalar(primary,
                             "select count(*) from information_schema.columns where "
                             "table_name = 'tpcc_ch_heartbeat' and column_name = "
                             "'theirs'") == 1);
    tpcc::test::execute(primary, "drop table tpcc_ch_heartbeat");
  }

  {  // on the primary
    const fs::path dir = scratch.path() / "primary";
    output.clear();
    const int status = tpcc::test::run_tpcc(run_args(primary, dir), &output);
    INFO(output);
    REQUIRE(status == 0);
    CHECK(output.find("    freshness: p50 ") != std::string::npos);
    const Json ch = tpcc::test::read_result(dir.string()).at("ch");
    const Json& freshness = ch.at("freshness_ms");
    CHECK(freshness.at("samples").get<long long>() > 0);
    CHECK(freshness.at("p50").get<double>() >= 0);
    CHECK(freshness.at("p50").get<double>() < kPrimaryBoundMs);
    CHECK(freshness.at("max").get<double>() >= freshness.at("p99").get<double>());
    CHECK(ch.at("freshness_by_interval").size() > 0);
    CHECK(tpcc::test::read_text(dir / "report.html").find("Freshness") != std::string::npos);
    // The heartbeat is the kit's, recorded for cleanup with CH's tables.
    CHECK(tpcc::test::scalar(primary,
                             "select count(*) from tpcc_ch_tables "
                             "where table_name = 'tpcc_ch_heartbeat'") == 1);
  }

  {  // on a standby 2 s behind, with the feedback on
    tpcc::test::set_on_standby(pair.standby().conninfo(), {{"recovery_min_apply_delay", "2s"},
                                                           {"hot_standby_feedback", "on"}});
    const fs::path dir = scratch.path() / "delayed";
    output.clear();
    const int status = tpcc::test::run_tpcc(run_args(primary, dir, standby), &output);
    INFO(output);
    REQUIRE(status == 0);
    CHECK(output.find("    freshness on standby 1: p50 ") != std::string::npos);
    CHECK(output.find("hot_standby_feedback on standby 1: on") != std::string::npos);
    const Json ch = tpcc::test::read_result(dir.string()).at("ch");
    REQUIRE(ch.at("standbys").size() == 1);
    const Json& s = ch.at("standbys")[0];
    const double p50 = s.at("freshness_ms").at("p50").get<double>();
    CHECK(s.at("freshness_ms").at("samples").get<long long>() > 0);
    CHECK(p50 >= kApplyDelayMs * 0.95);
    CHECK(p50 < kApplyDelayMs + kLagMarginMs);
    CHECK(s.at("hot_standby_feedback") == true);
    // TPC-C's updates leave dead tuples on the primary (a vacuum in between
    // takes some away): their sum moves.
    REQUIRE(s.at("primary_dead_tuples_growth").is_number_integer());
    CHECK(s.at("primary_dead_tuples_growth").get<long long>() != 0);
    CHECK(tpcc::test::read_text(dir / "report.html").find("Recovery conflicts on standbys") !=
          std::string::npos);
  }

  {  // on a standby that cancels at once, while the primary vacuums
    tpcc::test::set_on_standby(pair.standby().conninfo(), {{"recovery_min_apply_delay", "0"},
                                                           {"hot_standby_feedback", "off"},
                                                           {"max_standby_streaming_delay", "0"}});
    const fs::path dir = scratch.path() / "conflicts";
    output.clear();
    // The vacuums run from before the run starts: the run's set-up reads of
    // the standby (its load record, its conflict counters, the heartbeat's
    // wait) meet the conflicts too, are asked again, and the run starts.
    VacuumLoop vacuum(primary);
    const int status = tpcc::test::run_tpcc(run_args(primary, dir, standby), &output);
    CHECK(vacuum.stop().empty());
    INFO(output);
    // Cancelled queries are the streams' errors, which never fail TPC-C's run.
    REQUIRE((status == 0 || status == 1));
    const Json ch = tpcc::test::read_result(dir.string()).at("ch");
    const Json& s = ch.at("standbys")[0];
    CHECK(recovery_conflicts_of_queries(ch) > 0);
    const Json& conflicts = s.at("conflicts");
    long long counted = 0;
    for (const char* key : {"snapshot", "lock", "bufferpin", "deadlock", "tablespace"}) {
      counted += conflicts.at(key).get<long long>();
    }
    CHECK(counted > 0);
    CHECK(s.at("hot_standby_feedback") == false);
    CHECK_FALSE(s.contains("primary_dead_tuples_growth"));
    CHECK(output.find("recovery conflicts on standby 1: ") != std::string::npos);
  }

  // cleanup drops the heartbeat with CH's tables.
  output.clear();
  CHECK(tpcc::test::run_tpcc({"cleanup", "--conn", primary, "--workload", "ch"}, &output) == 0);
  CHECK(tpcc::test::scalar(primary,
                           "select count(*) from pg_class where relname = "
                           "'tpcc_ch_heartbeat'") == 0);
}
