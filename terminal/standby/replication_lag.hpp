// Replication lag of a combined primary + standby run, sampled on
// connections of its own (never a terminal's session) by a thread of its
// own, so a slow or unreachable server never holds up the terminals.
//
// On the primary: pg_stat_replication's write, flush and replay lag and the
// bytes of WAL the standby has yet to replay. On each standby: the age of
// the last transaction it applied, now() - pg_last_xact_replay_timestamp().
// The primary's row for a standby is the one whose application_name is the
// name the standby's WAL receiver connects with (primary_conninfo's
// application_name, else the standby's cluster_name, else "walreceiver");
// give each standby its own name when there are several.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "metrics/lag.hpp"
#include "terminal/engine/clock.hpp"
#include "terminal/engine/stats.hpp"

namespace tpcc {

// One row of the primary's pg_stat_replication.
struct ReplicationRow {
  std::string application_name;
  std::string client_addr;
  std::optional<double> write_lag_ms;
  std::optional<double> flush_lag_ms;
  std::optional<double> replay_lag_ms;
  std::optional<double> bytes_behind;
};

// The application_name a WAL receiver connects with, from its conninfo as
// pg_stat_wal_receiver shows it: application_name, else
// fallback_application_name; "" if neither is there.
std::string walreceiver_application_name(const std::string& conninfo);

// The row of the standby whose WAL receiver is called `name`: the only row
// with that name; or, when the name is unknown or matches no row, the only
// row there is if the run drives a single standby. nullptr otherwise.
const ReplicationRow* match_replication_row(const std::vector<ReplicationRow>& rows,
                                            const std::string& name, std::size_t standbys);

class LagSampler {
 public:
  // primary and standbys: conninfo strings (standbys in --standby-conn
  // order). Problems reading are reported on log, once per outage.
  LagSampler(std::string primary, std::vector<std::string> standbys, ConsoleLog& log);
  ~LagSampler();
  LagSampler(const LagSampler&) = delete;
  LagSampler& operator=(const LagSampler&) = delete;

  // Samples now and then every period_seconds until stop(); each sample
  // is flagged measured when phases places it in the measured interval.
  void start(const RunPhases* phases, double period_seconds);
  // Stops and joins the thread. Idempotent.
  void stop();

  // The latest readings, one per standby; empty before the first sample.
  std::vector<LagReading> latest() const;

  // Every sample taken; once stopped.
  std::vector<LagSample> take_samples() { return std::move(samples_); }

 private:
  class Source;
  void loop(double period_seconds);
  LagSample sample_now();

  std::unique_ptr<Source> primary_;
  std::vector<std::unique_ptr<Source>> standbys_;
  ConsoleLog& log_;
  const RunPhases* phases_ = nullptr;
  bool warned_not_standby_ = false;  // sampler thread only
  StopSignal stop_;
  std::thread thread_;
  mutable std::mutex mutex_;
  std::vector<LagReading> latest_;
  std::vector<LagSample> samples_;  // sampler thread only until stopped
};

}  // namespace tpcc
