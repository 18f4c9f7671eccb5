// What each terminal did over the measured interval: the events it
// completed and the time it spent in them, as sysbench's per-thread timers
// keep them, and sysbench 1.0's "Threads fairness" computed from them.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace tpcc {

// One entry per terminal, in terminal order. An event is a transaction
// committed or rolled back (a response); its time is its latency, from
// when it was due to its end.
struct TerminalTotals {
  std::vector<std::int64_t> events;
  std::vector<std::int64_t> busy_micros;  // the sum of its events' latencies
};

// sysbench 1.0's "Threads fairness" (sysbench.c, sb_report_cumulative):
// the mean over the terminals of each one's events and of its execution
// time (seconds), and their population standard deviations (divided by
// the number of terminals).
struct Fairness {
  double events_avg = 0;
  double events_stddev = 0;
  double seconds_avg = 0;
  double seconds_stddev = 0;
};

// None without terminals, or when the two lists differ in length (a result
// that did not keep them).
std::optional<Fairness> fairness_of(const TerminalTotals& totals);

}  // namespace tpcc
