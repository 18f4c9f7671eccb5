// Server metrics per interval line, sampled on a connection and
// a thread of their own so that a slow or hung server never holds up the
// scheduler: the io thread's cut() at each interval boundary only takes
// what the thread has read. The cumulative counters (pg_stat_database,
// pg_stat_bgwriter or pg_stat_checkpointer, pg_stat_wal, the database size, and the host's and the
// server processes' CPU when the server runs on this host) are read about
// once a second, so an interval's deltas end within a second of its
// boundary; the wait events of the kit's own backends, autovacuum and lock
// waits several times a second. Each set is optional: one the server
// lacks (an older PostgreSQL, a compatible product, no permission) is a
// note at the start, never an error; a sample that fails or does not
// answer in time is counted and the sampling goes on.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "db/session.hpp"
#include "metrics/server_metrics.hpp"
#include "terminal/engine/clock.hpp"
#include "terminal/engine/stats.hpp"

namespace tpcc {

// How often the kit's backends' wait events are sampled: often enough that
// a 10 s interval's top waits rest on some 50 samples per backend, rarely
// enough that pg_stat_activity's scan stays out of the server's way.
inline constexpr double kWaitSamplePeriodSeconds = 0.2;
// How often the cumulative counters are read (the interval deltas' grain).
inline constexpr double kCounterPeriodSeconds = 1.0;
// A sample still unanswered after this long is counted as failed (a hung
// server): it answers pg_stat_* in milliseconds when it answers at all.
inline constexpr double kSampleTimeoutSeconds = 1.0;

// A hot standby replays the primary's WAL: its checkpoints are
// restartpoints, it writes no WAL of its own and runs no autovacuum, so
// it is sampled for pg_stat_database, the database size, the wait events
// of the kit's backends on it and the CPU only.
enum class ServerRole { Primary, Standby };

class ServerMetricsSampler {
 public:
  // Starts nothing yet; start() does. `label` heads the console notes
  // ("server metrics", "standby 1 metrics").
  ServerMetricsSampler(std::string conninfo, ConsoleLog& log, ServerRole role = ServerRole::Primary,
                       std::string label = "server metrics");
  ~ServerMetricsSampler();
  ServerMetricsSampler(const ServerMetricsSampler&) = delete;
  ServerMetricsSampler& operator=(const ServerMetricsSampler&) = delete;

  // Connects, tells which sets the server lacks, and samples until stop().
  void start();
  // The metrics since the last cut (since start() for the first); returns
  // at once, from what the thread has read so far.
  ServerMetricsInterval cut();
  // Gives up any sample in progress and joins the thread. Idempotent.
  void stop();
  // Notes, samples and failures; once stopped.
  ServerMetricsRun run_figures() const;

 private:
  // One reading of the cumulative measures.
  struct Snapshot {
    ServerCounterValues counters;
    std::optional<double> db_bytes;
    std::optional<HostCpuTimes> host;
    std::optional<double> server_cpu_seconds;
  };
  enum Set { kDatabase, kBgwriter, kWal, kSize, kAutovacuum, kWaits, kSetCount };

  void loop();
  void open_session();
  void probe_sets();
  void find_postmaster(long long backend_pid, bool local);
  void note(const std::string& text);
  // One round: the waits, and the counters when due. Throws what the
  // session throws.
  void sample(bool counters_due);
  Snapshot read_counters();
  void read_waits();
  std::optional<double> server_tree_cpu_seconds() const;
  void count_if_overdue();

  std::string conninfo_;
  ConsoleLog& log_;
  std::string label_;
  SessionInterrupts interrupts_;
  StopSignal stop_;
  std::thread thread_;
  bool stopped_ = false;

  // The sampler thread's own.
  std::unique_ptr<Session> session_;
  std::string kit_application_name_;
  // The checkpoint counters' SQL for the server's version (set on connect).
  const char* checkpoint_sql_ = nullptr;
  bool enabled_[kSetCount] = {true, true, true, true, true, true};
  std::optional<long long> postmaster_pid_;
  bool probed_ = false;

  mutable std::mutex mutex_;
  ServerMetricsRun run_;
  std::optional<Clock::time_point> sample_started_;  // a sample in progress
  bool sample_counted_failed_ = false;
  bool have_baseline_ = false;
  Snapshot at_last_cut_;
  Snapshot latest_;
  bool read_since_cut_ = false;
  std::map<std::string, std::int64_t> waits_;
  std::optional<int> lock_waits_max_;
  std::optional<int> autovacuum_max_;
  std::set<std::string> autovacuum_tables_;
  std::optional<double> client_cpu_at_cut_;
};

// The process's user + system CPU seconds so far (getrusage RUSAGE_SELF).
double client_cpu_seconds();

}  // namespace tpcc
