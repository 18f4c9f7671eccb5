// Replication lag of a combined primary + standby run: what one sample
// reads for each standby, and the p50/p99/max of the samples taken during
// the measured interval.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tpcc {

// One standby's lag at one moment. A value is absent when the server had
// none to give (pg_stat_replication shows NULL lags once a standby has
// caught up and the primary is idle; a role without pg_monitor sees NULL)
// or when the query failed.
struct LagReading {
  // The primary's view, from its pg_stat_replication row for this standby.
  std::string application_name;  // empty: no row matched the standby
  std::string client_addr;       // empty: a unix-socket connection
  std::optional<double> write_lag_ms;
  std::optional<double> flush_lag_ms;
  std::optional<double> replay_lag_ms;
  std::optional<double> bytes_behind;  // pg_current_wal_lsn() - replay_lsn
  // The standby's view: now() - pg_last_xact_replay_timestamp(), the age of
  // the last transaction it has applied.
  std::optional<double> replay_delay_ms;
};

// The readings of every standby (in --standby-conn order) at one moment.
struct LagSample {
  double elapsed_seconds = 0;  // since the start of the run
  bool measured = false;       // taken during the measured interval
  std::vector<LagReading> readings;
};

struct LagSummary {
  std::size_t samples = 0;  // values that went in (absent ones do not)
  double p50 = 0;
  double p99 = 0;
  double max = 0;
};

// Nearest-rank percentiles of values (all zero when empty).
LagSummary summarize(std::vector<double> values);

// One standby's lag over the measured interval.
struct LagFigures {
  std::string application_name;  // the last one matched
  std::string client_addr;
  std::size_t samples = 0;  // measured samples taken
  LagSummary write_lag_ms;
  LagSummary flush_lag_ms;
  LagSummary replay_lag_ms;
  LagSummary bytes_behind;
  LagSummary replay_delay_ms;
};

// The figures of standby `standby` from the measured samples.
LagFigures lag_figures(const std::vector<LagSample>& samples, std::size_t standby);

}  // namespace tpcc
