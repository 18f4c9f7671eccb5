// Failover runs against real servers: a primary and a pg_basebackup
// standby streaming from it, tpcc run --failover on a multi-host --conn
// (target_session_attrs=read-write), the primary killed (pg_ctl stop -m
// immediate) under load and the standby promoted. With synchronous
// replication no acknowledged commit may be lost; with asynchronous
// replication and a standby that fell behind, the ledger's count of lost
// commits must be what the database says (recomputed here from ledger.csv
// and the new primary's ORDER and ORDER-LINE tables), though the new
// primary gave the lost orders' O_IDs to later orders. A ledger holding an
// order deleted by hand reports it lost and fails the run.
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <signal.h>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "app/run_ledger.hpp"
#include "app/run_outcome.hpp"
#include "config/config.hpp"
#include "config/errors.hpp"
#include "pgserver/local_server.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"
#include "tests/pg/standby_fixture.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using OrderKey = std::tuple<int, int, int>;
// An order by what its transaction wrote: key, customer, line count, first item.
using OrderIdentity = std::tuple<int, int, int, int, int, int>;

struct LedgerRow {
  OrderIdentity identity;
  bool measured = false;
};

constexpr const char* kDatabase = "tpcc_failover";
constexpr const char* kStandbyName = "tpcc_failover_standby";

// Polls `done` every 50 ms for up to `seconds`; returns whether it came true.
template <typename Done>
bool within(double seconds, Done done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return true;
}

// ledger.csv as the run wrote it.
std::vector<LedgerRow> read_ledger(const fs::path& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);  // header
  std::vector<LedgerRow> rows;
  char comma = 0;
  int w = 0, d = 0, o = 0, c = 0, lines = 0, item = 0, measured = 0;
  while (in >> w >> comma >> d >> comma >> o >> comma >> c >> comma >> lines >> comma >> item >>
         comma >> measured) {
    rows.push_back({{w, d, o, c, lines, item}, measured == 1});
  }
  return rows;
}

OrderKey key_of(const OrderIdentity& o) { return {std::get<0>(o), std::get<1>(o), std::get<2>(o)}; }

// Every order the server holds with its first line's item, read whole: the
// test's own reading, not the kit's query.
std::set<OrderIdentity> orders_on(const std::string& conninfo) {
  pqxx::connection connection(conninfo);
  pqxx::nontransaction tx(connection);
  std::set<OrderIdentity> orders;
  for (const auto& row :
       tx.exec("select o_w_id, o_d_id, o_id, o_c_id, o_ol_cnt, ol_i_id from bmsql_oorder "
               "join bmsql_order_line on ol_w_id = o_w_id and ol_d_id = o_d_id and ol_o_id = o_id "
               "and ol_number = 1")) {
    orders.emplace(row[0].as<int>(), row[1].as<int>(), row[2].as<int>(), row[3].as<int>(),
                   row[4].as<int>(), row[5].as<int>());
  }
  return orders;
}

struct FailoverRun {
  int status = -1;
  std::string output;
  Json result;
  std::int64_t acknowledged = 0;
  std::int64_t acknowledged_measured = 0;
  std::int64_t missing_on_new_primary = 0;  // recomputed by the test
  // The same by key alone: what a ledger blind to reused O_IDs would say.
  std::int64_t key_missing_on_new_primary = 0;
  std::string old_primary;  // 127.0.0.1:port
  std::string new_primary;
};

// Keeps the standby's WAL receiver frozen (SIGSTOP) while it lives, and
// thaws it even when an assertion ends the test early: a standby that has
// fallen behind, as over a slow link. kill() ends it frozen, so that the WAL
// sent meanwhile and still in the socket's buffers is never read.
struct FrozenReceiver {
  int pid;
  explicit FrozenReceiver(int receiver) : pid(receiver) { ::kill(pid, SIGSTOP); }
  ~FrozenReceiver() {
    if (pid > 0) ::kill(pid, SIGCONT);
  }
  void kill() {
    ::kill(pid, SIGKILL);
    pid = 0;
  }
};

// W=1, 4 terminals, 20 s; the primary is killed 3 s in and the standby
// promoted at once. The length leaves a promotion slowed by a busy machine
// (seconds, not the usual fraction of one) time to end within the run, so
// the outage closes before the run does. Asynchronous: the standby's WAL
// receiver is frozen for the last 2 s before the kill, as a standby behind
// a slow link would lag, and killed frozen after the primary: the standby
// restarts without what the primary committed in those 2 s, and the
// promotion loses them. The new primary then gives their O_IDs to the next
// orders of their districts.
FailoverRun run_through_failover(bool synchronous) {
  tpcc::test::StandbyPair pair(kStandbyName, kDatabase);
  FailoverRun run;
  std::string output;
  if (tpcc::test::run_tpcc(
          {"prepare", "--conn", pair.primary_database(), "--warehouses", "1", "--no-check"},
          &output) != 0) {
    throw std::runtime_error("prepare failed:\n" + output);
  }
  if (synchronous) {
    // Commits wait for the standby's flush (remote_flush): what was
    // acknowledged is on the standby when it is promoted. After the base
    // backup, so the standby (the next primary) waits for no one.
    const std::string primary = pair.primary().conninfo();
    tpcc::test::execute_outside_transaction(
        primary,
        std::string("alter system set synchronous_standby_names = '") + kStandbyName + "'");
    tpcc::test::execute_outside_transaction(primary, "alter system set synchronous_commit = on");
    tpcc::test::execute_outside_transaction(primary, "select pg_reload_conf()");
    REQUIRE(within(30, [&] {
      return tpcc::test::scalar(primary,
                                "select count(*) from pg_stat_replication where sync_state = "
                                "'sync'") == 1;
    }));
  }
  pair.wait_for_replay(60);
  run.old_primary = "127.0.0.1:" + std::to_string(pair.primary().port());
  run.new_primary = "127.0.0.1:" + std::to_string(pair.standby().port());
  const std::string conn =
      "host=127.0.0.1,127.0.0.1 port=" + std::to_string(pair.primary().port()) + "," +
      std::to_string(pair.standby().port()) + " dbname=" + kDatabase +
      " user=postgres target_session_attrs=read-write";
  const std::string dir = tpcc::test::scratch_dir(synchronous ? "failover_sync" : "failover_async");
  const std::string log = dir + ".log";
  tpcc::test::TpccChild child(
      {"run", "--conn", conn, "--terminals", "4", "--warmup", "0", "--duration", "20",
       "--report-interval", "1", "--failover", "--max-downtime", "20", "--result-dir", dir},
      log);
  // Under load: the first interval line is out.
  REQUIRE(
      within(30, [&] { return tpcc::test::read_text(log).find("[ 1s ]") != std::string::npos; }));
  std::this_thread::sleep_for(std::chrono::seconds(synchronous ? 2 : 1));
  if (synchronous) {
    pair.crash_primary();
  } else {
    const int receiver = static_cast<int>(
        tpcc::test::scalar(pair.standby().conninfo(), "select pid from pg_stat_wal_receiver"));
    FrozenReceiver frozen(receiver);
    std::this_thread::sleep_for(std::chrono::seconds(2));
    pair.crash_primary();
    frozen.kill();
    // The standby's postmaster restarts its processes after the receiver's
    // death, as after a crash: it answers again once recovered.
    REQUIRE(within(30, [&] {
      try {
        return tpcc::test::scalar(pair.standby().conninfo(), "select 1") == 1;
      } catch (const std::exception&) {
        return false;
      }
    }));
  }
  pair.promote_standby();
  run.status = child.wait_for(60);
  run.output = tpcc::test::read_text(log);
  run.result = Json::parse(tpcc::test::read_text(fs::path(dir) / "result.json"));
  const std::vector<LedgerRow> ledger = read_ledger(fs::path(dir) / tpcc::kLedgerFile);
  run.acknowledged = static_cast<std::int64_t>(ledger.size());
  const std::set<OrderIdentity> present = orders_on(pair.standby_database());
  std::set<OrderKey> present_keys;
  for (const OrderIdentity& order : present) present_keys.insert(key_of(order));
  for (const LedgerRow& row : ledger) {
    if (row.measured) ++run.acknowledged_measured;
    if (present.count(row.identity) == 0) ++run.missing_on_new_primary;
    if (present_keys.count(key_of(row.identity)) == 0) ++run.key_missing_on_new_primary;
  }
  return run;
}

void check_outage(const FailoverRun& run) {
  const Json& outages = run.result.at("outages");
  REQUIRE(outages.size() >= 1);
  CHECK(outages.at(0).at("host_before") == run.old_primary);
  CHECK(outages.back().at("host_after") == run.new_primary);
  CHECK(run.result.at("rto_seconds").get<double>() > 0);
  CHECK(run.result.at("rto_seconds").get<double>() < 20);
  CHECK(run.result.at("failover_expected") == true);
  CHECK(run.output.find("reconnected to " + run.new_primary + " (was " + run.old_primary) !=
        std::string::npos);
  CHECK(run.output.find("FAILOVER: RTO ") != std::string::npos);
  const Json& ledger = run.result.at("ledger");
  CHECK(ledger.at("acknowledged").get<std::int64_t>() == run.acknowledged);
  // The ledger's measured share is the summary's committed New-Orders.
  CHECK(ledger.at("acknowledged_measured").get<std::int64_t>() == run.acknowledged_measured);
  CHECK(run.acknowledged_measured ==
        run.result.at("transactions").at("new_order").at("count").get<std::int64_t>());
  CHECK(ledger.at("checked_on_host") == run.new_primary);
  CHECK(run.acknowledged > 0);
}

}  // namespace

TEST_CASE("failover with synchronous replication: the terminals move, no acknowledged commit lost",
          "[failover]") {
  const FailoverRun run = run_through_failover(true);
  INFO(run.output);
  check_outage(run);
  CHECK(run.result.at("ledger").at("lost") == 0);
  CHECK(run.missing_on_new_primary == 0);
  CHECK(run.output.find("acknowledged New-Order commits lost: 0 of ") != std::string::npos);
  // An expected outage within --max-downtime does not fail the run.
  CHECK(run.result.at("stop_reason") == "completed");
  CHECK(run.status == 0);
  CHECK(run.result.at("exit_status") == 0);
}

TEST_CASE(
    "failover with asynchronous replication and a standby behind: the ledger counts the lost "
    "commits whose O_IDs later orders took",
    "[failover]") {
  const FailoverRun run = run_through_failover(false);
  INFO(run.output);
  check_outage(run);
  const std::int64_t lost = run.result.at("ledger").at("lost").get<std::int64_t>();
  // The kit's count agrees with the test's own over the same ledger, and
  // the standby, frozen for 2 s under load, missed commits.
  CHECK(lost == run.missing_on_new_primary);
  CHECK(lost > 0);
  // Most lost orders' keys are back on the new primary, taken by later
  // orders: a ledger of keys would have missed them.
  CHECK(run.key_missing_on_new_primary < lost);
  CHECK(run.output.find("acknowledged New-Order commits lost: " + std::to_string(lost) + " of " +
                        std::to_string(run.acknowledged)) != std::string::npos);
  CHECK(run.status == 1);
  CHECK(run.output.find("run failed: acknowledged New-Order commits lost: " +
                        std::to_string(lost)) != std::string::npos);
  CHECK(run.result.at("ledger").at("lost_orders").size() > 0);
  CHECK(run.result.at("exit_status") == run.status);
}

TEST_CASE(
    "the ledger reports an acknowledged order deleted by hand, or whose key another order took, "
    "as lost, and the run fails",
    "[failover]") {
  const std::string conninfo = tpcc::test::create_database("tpcc_failover_ledger");
  std::string output;
  REQUIRE(tpcc::test::run_tpcc({"prepare", "--conn", conninfo, "--warehouses", "1", "--no-check"},
                               &output) == 0);
  // A clean --failover run: every acknowledged order is there.
  const std::string dir = tpcc::test::scratch_dir("failover_ledger");
  output.clear();
  const int status =
      tpcc::test::run_tpcc({"run", "--conn", conninfo, "--terminals", "2", "--warmup", "0",
                            "--duration", "2", "--failover", "--result-dir", dir},
                           &output);
  INFO(output);
  REQUIRE(status == 0);
  CHECK(output.find("acknowledged New-Order commits lost: 0 of ") != std::string::npos);
  const std::vector<LedgerRow> ledger = read_ledger(fs::path(dir) / tpcc::kLedgerFile);
  REQUIRE(ledger.size() >= 2);
  std::vector<tpcc::AcknowledgedOrder> acknowledged;
  for (const LedgerRow& row : ledger) {
    tpcc::AcknowledgedOrder order;
    std::tie(order.w_id, order.d_id, order.o_id, order.c_id, std::ignore, order.first_i_id) =
        row.identity;
    order.ol_cnt = static_cast<std::int16_t>(std::get<4>(row.identity));
    acknowledged.push_back(order);
  }
  CHECK(tpcc::check_acknowledged_orders(conninfo, acknowledged).lost == 0);

  // One acknowledged order deleted by hand, as a lost commit would be.
  const auto [w, d, o] = key_of(ledger.back().identity);
  tpcc::test::execute(
      conninfo, "delete from bmsql_order_line where ol_w_id = " + std::to_string(w) +
                    " and ol_d_id = " + std::to_string(d) + " and ol_o_id = " + std::to_string(o) +
                    "; delete from bmsql_new_order where no_w_id = " + std::to_string(w) +
                    " and no_d_id = " + std::to_string(d) + " and no_o_id = " + std::to_string(o) +
                    "; delete from bmsql_oorder where o_w_id = " + std::to_string(w) +
                    " and o_d_id = " + std::to_string(d) + " and o_id = " + std::to_string(o));
  tpcc::RunInfo info;
  info.ledger = tpcc::check_acknowledged_orders(conninfo, acknowledged);
  CHECK(info.ledger->lost == 1);
  REQUIRE(info.ledger->lost_orders.size() == 1);
  CHECK(info.ledger->lost_orders.front().o_id == o);
  CHECK(info.ledger->lost_orders.front().c_id == std::get<3>(ledger.back().identity));
  // Another order in the first one's place, as a new primary that lost it
  // would write: the same key, another customer.
  const auto [w0, d0, o0] = key_of(ledger.front().identity);
  tpcc::test::execute(
      conninfo,
      "update bmsql_oorder set o_c_id = o_c_id % 3000 + 1 where o_w_id = " + std::to_string(w0) +
          " and o_d_id = " + std::to_string(d0) + " and o_id = " + std::to_string(o0));
  CHECK(tpcc::check_acknowledged_orders(conninfo, acknowledged).lost == 2);
  tpcc::RunStats stats(tpcc::kTxnTypes);
  stats.txn[tpcc::kNewOrder].committed = 100;
  std::ostringstream verdict;
  CHECK(tpcc::overall_status(tpcc::Config{}, info, stats, tpcc::RunVerdict{}, verdict) ==
        tpcc::kExitFailed);
  CHECK(verdict.str().find("run failed: acknowledged New-Order commits lost: 1 of " +
                           std::to_string(ledger.size())) != std::string::npos);
}
