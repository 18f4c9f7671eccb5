// intervals.csv of a TPC-C run: one row per interval of the primary and its
// standbys, written as the run goes and whole at its end.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "report/rules/run_verdict.hpp"
#include "spec/transactions.hpp"

namespace tpcc {

// intervals.csv as text: elapsed_s,warmup,tpmC,tpmTOTAL, then
// <type>_count,<type>_p90_ms for each of the run's types (TPC-C's five
// unless told), then errors,retries,
// timeouts,unfinished,downtime_s,stalled; for
// each standby k (from 1) of a combined run, standby<k>_tpmTOTAL,
// standby<k>_p90_ms, standby<k>_errors, standby<k>_retries and its lag:
// standby<k>_write_lag_ms, _flush_lag_ms, _replay_lag_ms, _bytes_behind,
// _replay_delay_ms (empty when not read).
// With server_metrics (--server-metrics on), the server metric columns
// follow (server_metrics_csv_header), then active_terminals. Last, for
// each group that ran beside the run's terminals (a mixed run's streams),
// <label>_count, <label>_p90_ms, <label>_errors and <label>_active_terminals
// (the label's spaces as '_': ch_count, ch_on_standby_1_count): written
// with the whole file at the end, not as the run goes. Throws
// std::logic_error when a sample's statistics are not of `types`.
std::string intervals_csv(const std::vector<IntervalSample>& intervals,
                          const std::vector<StandbyRun>& standbys = {}, bool server_metrics = false,
                          const std::vector<std::string>& types = tpcc_type_names(),
                          const std::vector<SideIntervals>& side = {});
// Its parts, for writing it as the run goes: the header line, and one row
// for a primary sample (of the header's types) and its standbys' samples
// (nullptr: none).
std::string intervals_csv_header(std::size_t standbys, bool server_metrics,
                                 const std::vector<std::string>& types = tpcc_type_names());
std::string intervals_csv_row(const IntervalSample& sample,
                              const std::vector<const IntervalSample*>& standbys,
                              bool server_metrics);

}  // namespace tpcc
