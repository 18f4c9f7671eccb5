// Failover runs without a database: the outages the FaultLog records with
// the server before and after, the RTO, the exit status --failover gives a
// run with downtime, the ledger's pure parts and the lines that report
// them, and a multi-host conninfo's parse and mask.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "app/run_outcome.hpp"
#include "config/conn/conninfo.hpp"
#include "config/conn/mask.hpp"
#include "config/errors.hpp"
#include "metrics/ledger.hpp"
#include "metrics/run.hpp"
#include "report/views/health.hpp"
#include "terminal/engine/fault_log.hpp"

namespace {

using tpcc::AcknowledgedOrder;
using tpcc::Clock;
using tpcc::FaultLog;
using tpcc::RunHealth;

Clock::time_point at(double seconds) {
  return Clock::time_point{} +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

tpcc::RunStats clean_stats() {
  tpcc::RunStats stats(tpcc::kTxnTypes);
  stats.txn[tpcc::kNewOrder].committed = 1000;
  return stats;
}

bool has_line(const std::vector<std::string>& lines, const std::string& part) {
  for (const std::string& line : lines) {
    if (line.find(part) != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("an outage records the server before and after it, the RTO is the longest",
          "[faults][failover]") {
  FaultLog log;
  log.set_start(at(0));
  log.connected_to("127.0.0.1:5432");
  log.connected_to("127.0.0.1:5432");
  // The primary is lost at 10 s; attempts fail until the standby is
  // promoted; the first session back ends the outage on the new primary.
  log.unreachable(at(10), at(10.1), "connection 1");
  log.unreachable(at(10.2), at(10.4), "connection 2");
  const std::optional<tpcc::Outage> closed =
      log.reachable(at(10), at(12.5), "connection 1", "127.0.0.1:5433");
  REQUIRE(closed);
  CHECK(closed->start_seconds == Approx(10));
  CHECK(closed->end_seconds == Approx(12.5));
  CHECK(closed->host_before == "127.0.0.1:5432");
  CHECK(closed->host_after == "127.0.0.1:5433");
  // The other sessions follow to the same server: no second outage.
  CHECK_FALSE(log.reachable(at(10.2), at(12.9), "connection 2", "127.0.0.1:5433"));
  // Later a short outage that comes back to the same server.
  log.unreachable(at(20), at(20.1), "connection 2");
  log.reachable(at(20), at(21), "connection 2", "127.0.0.1:5433");
  const RunHealth health = log.health(at(30));
  REQUIRE(health.outages.size() == 2);
  CHECK(health.outages[1].host_before == "127.0.0.1:5433");
  CHECK(health.outages[1].host_after == "127.0.0.1:5433");
  CHECK(health.downtime_seconds == Approx(3.5));
  CHECK(tpcc::recovery_time_seconds(health) == Approx(2.5));
  CHECK(tpcc::recovery_time_seconds(RunHealth{}) == 0);
}

TEST_CASE("a session that reconnects at once to another server is an outage (a quick failover)",
          "[faults][failover]") {
  FaultLog log;
  log.set_start(at(0));
  log.connected_to("a:1");
  // A killed backend: back at once on the same server, no outage.
  CHECK_FALSE(log.reachable(at(3), at(3.01), "connection 1", "a:1"));
  // Back at once but on b: the sessions moved.
  const std::optional<tpcc::Outage> moved = log.reachable(at(5), at(5.2), "connection 1", "b:1");
  REQUIRE(moved);
  CHECK(moved->host_before == "a:1");
  CHECK(moved->host_after == "b:1");
  CHECK(moved->seconds() == Approx(0.2));
  CHECK(log.health(at(10)).outages.size() == 1);
}

TEST_CASE("failover expected: downtime within --max-downtime is reported, not a failure",
          "[faults][failover]") {
  RunHealth health;
  health.downtime_seconds = 2.5;
  health.outages.push_back({10, 12.5, "a:1", "b:2"});
  // Without --failover any downtime fails the run, as before.
  CHECK(tpcc::downtime_fails(health));
  CHECK(tpcc::run_exit_status(clean_stats(), health) == tpcc::kExitFailed);
  health.failover_expected = true;
  CHECK_FALSE(tpcc::downtime_fails(health));
  CHECK(tpcc::run_exit_status(clean_stats(), health) == tpcc::kExitOk);
  tpcc::RunInfo info;
  info.health = health;
  const std::vector<std::string> lines = tpcc::health_lines(info, clean_stats());
  CHECK(has_line(lines, "FAILOVER: RTO 2.5 s"));
  CHECK(has_line(lines, "OUTAGE 1: 10.0 s to 12.5 s (2.5 s), a:1 -> b:2"));
  CHECK_FALSE(has_line(lines, "not a clean run"));
  // An outage still open at the end fails it even so.
  health.unreachable_since = 20;
  CHECK(tpcc::downtime_fails(health));
  CHECK(tpcc::run_exit_status(clean_stats(), health) == tpcc::kExitFailed);
  // Beyond --max-downtime the watchdog stopped the run: exit 3 as before.
  health.stop = tpcc::StopReason::Downtime;
  CHECK(tpcc::run_exit_status(clean_stats(), health) == tpcc::kExitConnect);
}

namespace {

AcknowledgedOrder order(int w, int d, int o, int c, int ol_cnt, int first_item, bool measured) {
  AcknowledgedOrder a;
  a.w_id = w;
  a.d_id = d;
  a.o_id = o;
  a.c_id = c;
  a.ol_cnt = static_cast<std::int16_t>(ol_cnt);
  a.first_i_id = first_item;
  a.measured = measured;
  return a;
}

}  // namespace

TEST_CASE(
    "the ledger: every acknowledged commit kept, arrays for the check, lines that say what "
    "was lost",
    "[failover]") {
  // Two commits of one key: the order lost in a failover and the later one
  // that took its O_ID on the new primary. Both are kept, neither is the
  // other.
  const AcknowledgedOrder lost = order(1, 3, 3005, 17, 9, 4242, true);
  const AcknowledgedOrder reused = order(1, 3, 3005, 2290, 12, 77, false);
  CHECK_FALSE(lost == reused);
  const std::vector<AcknowledgedOrder> orders = tpcc::sorted_orders(
      {order(2, 1, 3001, 5, 5, 1, true), reused, order(1, 3, 3002, 8, 15, 99999, true), lost});
  REQUIRE(orders.size() == 4);
  CHECK(orders.at(0).o_id == 3002);
  CHECK(orders.at(1) == lost);
  CHECK(orders.at(2) == reused);
  const tpcc::LedgerFigures counts = tpcc::ledger_counts(orders);
  CHECK(counts.acknowledged == 4);
  CHECK(counts.acknowledged_measured == 3);
  const tpcc::LedgerArrays arrays = tpcc::ledger_arrays(orders.begin(), orders.end());
  CHECK(arrays.w_ids == "{1,1,1,2}");
  CHECK(arrays.d_ids == "{3,3,3,1}");
  CHECK(arrays.o_ids == "{3002,3005,3005,3001}");
  CHECK(arrays.c_ids == "{8,17,2290,5}");
  CHECK(arrays.ol_cnts == "{15,9,12,5}");
  CHECK(arrays.first_i_ids == "{99999,4242,77,1}");
  CHECK(tpcc::ledger_arrays(orders.begin(), orders.begin()).o_ids == "{}");
  tpcc::LedgerFigures ledger = counts;
  ledger.lost = 1;
  ledger.checked_on_host = "127.0.0.1:5433";
  ledger.lost_orders = {lost};
  CHECK(tpcc::ledger_line(ledger) ==
        "acknowledged New-Order commits lost: 1 of 4 (checked on 127.0.0.1:5433)");
  CHECK(tpcc::orders_text(ledger.lost_orders) == "w 1 d 3 o 3005 c 17");
  tpcc::RunInfo info;
  info.ledger = ledger;
  CHECK(has_line(tpcc::health_lines(info, clean_stats()),
                 "LEDGER: acknowledged New-Order commits lost: 1 of 4 (checked on "
                 "127.0.0.1:5433); lost: w 1 d 3 o 3005 c 17"));
  ledger.error = "cannot connect";
  CHECK(tpcc::ledger_line(ledger).find("NOT CHECKED") != std::string::npos);
}

TEST_CASE("a multi-host conninfo parses as libpq reads it and keeps its password out",
          "[failover][config]") {
  const std::string conninfo =
      "host=127.0.0.1,127.0.0.1 port=5432,5433 target_session_attrs=read-write password=s3cret "
      "dbname=tpcc";
  CHECK(tpcc::conninfo_value(conninfo, "host") == "127.0.0.1,127.0.0.1");
  CHECK(tpcc::conninfo_value(conninfo, "port") == "5432,5433");
  CHECK(tpcc::conninfo_value(conninfo, "target_session_attrs") == "read-write");
  const std::string masked = tpcc::mask_password(conninfo);
  CHECK(masked.find("s3cret") == std::string::npos);
  CHECK(masked.find("host=127.0.0.1,127.0.0.1 port=5432,5433") != std::string::npos);
  const std::string described = tpcc::describe_target(conninfo);
  CHECK(described.find("s3cret") == std::string::npos);
  CHECK(described.find("127.0.0.1,127.0.0.1") != std::string::npos);
  const std::string uri =
      "postgresql://bench:s3cret@db1:5432,db2:5433/tpcc?target_session_attrs=read-write";
  CHECK(tpcc::mask_password(uri).find("s3cret") == std::string::npos);
  CHECK(tpcc::conninfo_value(uri, "target_session_attrs") == "read-write");
}
