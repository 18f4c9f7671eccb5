// The heartbeat of a mixed run (docs/ch.md "Freshness"): the table
// tpcc_ch_heartbeat (schema/ch_heartbeat.sql), made and recorded when the
// run starts, and a thread of its own that sets its one row to the
// primary's clock every 100 ms while the run goes on.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tpcc {

inline constexpr const char* kChHeartbeatTable = "tpcc_ch_heartbeat";
inline constexpr std::chrono::milliseconds kChHeartbeatPeriod{100};

// What a query reads first in its snapshot: the age of the newest beat it
// sees, in ms, on the server's clock as the statement runs (the query's
// start). A standby's clock is taken for the primary's: the driver and the
// servers are assumed to keep one time, as the replication lag sample does.
extern const char* const kChFreshnessSql;

// Creates the table and its row on the primary and records it in
// tpcc_ch_tables, unless it is there already; a tpcc_ch_heartbeat the kit
// did not record is refused (UsageError naming `who`). Returns the
// primary's clock once it is there, as text.
std::string make_ch_heartbeat(const std::string& primary, const std::string& who);

// Waits until each server (the primary, or standbys that replay it) holds
// a beat made at or after `since` (make_ch_heartbeat's time), so that no
// query of the run sees a beat of an earlier one; throws ConnectError after
// kChHeartbeatReplayWait.
void wait_for_beat(const std::vector<std::string>& servers, const std::string& since);
inline constexpr std::chrono::seconds kChHeartbeatReplayWait{120};

// Beats from construction to destruction (or stop()), on a connection of
// its own to the primary, with synchronous_commit = local: a beat waits for
// no standby, whose lag it is there to show. A failed beat (the primary
// restarting) reconnects at the next one.
class ChHeartbeat {
 public:
  explicit ChHeartbeat(std::string primary);
  ~ChHeartbeat();
  ChHeartbeat(const ChHeartbeat&) = delete;
  ChHeartbeat& operator=(const ChHeartbeat&) = delete;

  void stop();
  std::int64_t beats() const { return beats_.load(); }
  std::int64_t failures() const { return failures_.load(); }

 private:
  void run();

  std::string primary_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::atomic<std::int64_t> beats_{0};
  std::atomic<std::int64_t> failures_{0};
  std::thread thread_;
};

}  // namespace tpcc
