#include "workloads/ch/mixed/heartbeat.hpp"

#include <algorithm>

#include <pqxx/nontransaction>
#include <pqxx/transaction>

#include "config/conn/mask.hpp"
#include "config/errors.hpp"
#include "db/catalog.hpp"
#include "db/connect.hpp"
#include "db/recovery_conflict.hpp"
#include "schema/schema.hpp"
#include "workloads/ch/ch_tables.hpp"

namespace tpcc {

const char* const kChFreshnessSql =
    "select extract(epoch from clock_timestamp() - beat_at) * 1000 from tpcc_ch_heartbeat "
    "where id = 1";

namespace {

constexpr const char* kBeatStatement = "tpcc_ch_beat";
// The beat's commit flushes locally and waits for no synchronous standby
// (nor for the WAL writer, as off would: a standby would see it late).
constexpr const char* kBeatSettingSql = "set synchronous_commit = local";
constexpr const char* kBeatSql =
    "update tpcc_ch_heartbeat set beat_at = clock_timestamp() where id = 1";
// Whether the record names the heartbeat (the kit made it).
constexpr const char* kRecordedSql =
    "select count(*) from tpcc_ch_tables where table_name = 'tpcc_ch_heartbeat'";
// On a standby: whether it has replayed the table, then a beat of this run.
constexpr const char* kReplayedSql = "select to_regclass('tpcc_ch_heartbeat') is not null";
constexpr const char* kBeatSinceSql =
    "select count(*) from tpcc_ch_heartbeat where beat_at >= $1::timestamptz";
constexpr const char* kClockSql = "select clock_timestamp()::text";
// The drivers of one run (--driver I/N) make the heartbeat at once: one at
// a time, so that the second finds the first's table and record instead of
// failing on a create racing the first's (held to the transaction's end).
constexpr const char* kMakeHeartbeatLockSql =
    "select pg_advisory_xact_lock(hashtext('tpcc_ch_heartbeat'))";
constexpr std::chrono::milliseconds kReplayPoll{100};

bool replayed(const std::string& server, const std::string& since) {
  auto conn = connect(server);
  pqxx::nontransaction tx(*conn);
  try {
    if (!tx.exec(kReplayedSql)[0][0].as<bool>()) return false;
    return tx.exec_params(kBeatSinceSql, since)[0][0].as<long long>() == 1;
  } catch (const pqxx::failure& e) {
    // A standby may cancel the read to replay the beats' own cleanup on the
    // primary: not yet, ask again.
    if (is_recovery_conflict(e)) return false;
    throw;
  }
}

}  // namespace

std::string make_ch_heartbeat(const std::string& primary, const std::string& who) {
  auto conn = connect(primary);
  pqxx::work tx(*conn);
  tx.exec(kMakeHeartbeatLockSql);
  tx.exec(kCreateChRecordSql);
  if (relation_exists(tx, kChHeartbeatTable)) {
    if (tx.exec(kRecordedSql)[0][0].as<long long>() == 0) {
      throw UsageError(who + ": " + kChHeartbeatTable +
                       " exists and tpcc did not create it (tpcc_ch_tables does not name it); "
                       "drop it yourself or use another database");
    }
  }
  tx.exec(embedded_sql_file("ch_heartbeat.sql"));
  tx.commit();
  pqxx::nontransaction clock(*conn);
  return clock.exec(kClockSql)[0][0].as<std::string>();
}

void wait_for_beat(const std::vector<std::string>& servers, const std::string& since) {
  const auto deadline = std::chrono::steady_clock::now() + kChHeartbeatReplayWait;
  for (const std::string& server : servers) {
    while (!replayed(server, since)) {
      if (std::chrono::steady_clock::now() > deadline) {
        throw ConnectError("--ch-streams: " + mask_password(server) + " has not replayed " +
                           kChHeartbeatTable + "'s beats after " +
                           std::to_string(kChHeartbeatReplayWait.count()) + " s");
      }
      std::this_thread::sleep_for(kReplayPoll);
    }
  }
}

ChHeartbeat::ChHeartbeat(std::string primary)
    : primary_(std::move(primary)), thread_([this] { run(); }) {}

ChHeartbeat::~ChHeartbeat() { stop(); }

void ChHeartbeat::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void ChHeartbeat::run() {
  std::unique_ptr<pqxx::connection> conn;
  auto next = std::chrono::steady_clock::now();
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    lock.unlock();
    try {
      if (!conn) {
        conn = connect(primary_);
        pqxx::nontransaction set(*conn);
        set.exec(kBeatSettingSql);
        conn->prepare(kBeatStatement, kBeatSql);
      }
      pqxx::nontransaction tx(*conn);
      tx.exec_prepared(kBeatStatement);
      ++beats_;
    } catch (const std::exception&) {
      // The primary went away or refused: the next beat reconnects.
      conn.reset();
      ++failures_;
    }
    // Behind (a slow reconnect): the next beat a period from now, not a burst.
    next = std::max(next + kChHeartbeatPeriod, std::chrono::steady_clock::now());
    lock.lock();
    wake_.wait_until(lock, next, [this] { return stopping_; });
  }
}

}  // namespace tpcc
