#include "workloads/sysbench/report/sysbench_summary.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>

#include "config/names.hpp"
#include "metrics/stats.hpp"
#include "metrics/terminal_totals.hpp"
#include "report/console/summary.hpp"
#include "report/views/health.hpp"

namespace tpcc {
namespace {

// One printf-formatted line.
template <typename... Args>
std::string line(const char* format, Args... args) {
  char buffer[256];
  std::snprintf(buffer, sizeof buffer, format, args...);
  return std::string(buffer) + "\n";
}

long long as_ll(std::int64_t n) { return static_cast<long long>(n); }

// sysbench's min is the shortest event's time; a live run always knows it.
double exact_min_ms(const LatencyHistogram& latency) {
  return static_cast<double>(latency.min().value_or(0)) / 1000.0;
}

// The stars of sysbench's histogram bar.
constexpr int kBarWidth = 40;

}  // namespace

std::string sysbench_final_block(const Config& config, const RunInfo& info, const RunStats& stats) {
  const double seconds = info.measured_seconds;
  const StatementCounts& q = stats.statements;
  const std::int64_t events = completed_total(stats);
  const LatencyHistogram latency = latency_all(stats);
  std::string text = "SQL statistics:\n    queries performed:\n";
  text += line("        read:                            %lld", as_ll(q.reads));
  text += line("        write:                           %lld", as_ll(q.writes));
  text += line("        other:                           %lld", as_ll(q.other));
  text += line("        total:                           %lld", as_ll(q.total()));
  text += line("    transactions:                        %-6lld (%.2f per sec.)", as_ll(events),
               per_second(events, seconds));
  text += line("    queries:                             %-6lld (%.2f per sec.)", as_ll(q.total()),
               per_second(q.total(), seconds));
  text += line("    ignored errors:                      %-6lld (%.2f per sec.)",
               as_ll(retries_total(stats)), per_second(retries_total(stats), seconds));
  text += line("    reconnects:                          %-6lld (%.2f per sec.)",
               as_ll(stats.reconnects), per_second(stats.reconnects, seconds));
  text += "\nGeneral statistics:\n";
  text += line("    total time:                          %.4fs", seconds);
  text += line("    total number of events:              %lld", as_ll(events));
  text += "\nLatency (ms):\n";
  text += line("         min: %39.2f", exact_min_ms(latency));
  text += line("         avg: %39.2f", latency.mean() / 1000.0);
  text += line("         max: %39.2f", static_cast<double>(latency.max()) / 1000.0);
  if (config.sysbench_percentile > 0) {
    text += line("         %dth percentile: %27.2f", config.sysbench_percentile,
                 latency.percentile(config.sysbench_percentile) / 1000.0);
  } else {
    text += "         percentile stats:               disabled\n";
  }
  text += line("         sum: %39.2f", static_cast<double>(latency.sum()) / 1000.0);
  // Each terminal is one of sysbench's threads; not printed for a run
  // whose terminals' figures are not known.
  if (const std::optional<Fairness> f = fairness_of(info.terminal_totals)) {
    text += "\nThreads fairness:\n";
    text += line("    events (avg/stddev):           %.4f/%3.2f", f->events_avg, f->events_stddev);
    text +=
        line("    execution time (avg/stddev):   %.4f/%3.2f", f->seconds_avg, f->seconds_stddev);
  }
  // A run that errored, stalled or lost its server says so under
  // sysbench's block, as tpcc's own summary does (health_lines).
  const std::vector<std::string> health = health_lines(info, stats);
  if (errors_total(stats) > 0 || !health.empty()) text += "\n";
  if (errors_total(stats) > 0) {
    text += line("    errors (not retried):                %-6lld (%.2f per sec.)",
                 as_ll(errors_total(stats)), per_second(errors_total(stats), seconds));
  }
  for (const std::string& h : health) text += "    " + h + "\n";
  return text;
}

std::string sysbench_latency_histogram(const LatencyHistogram& latency) {
  if (latency.count() == 0) return {};
  const std::vector<std::int64_t>& buckets = latency.buckets();
  const std::int64_t most = *std::max_element(buckets.begin(), buckets.end());
  std::string text = "Latency histogram (values are in milliseconds)\n";
  text += "       value  ------------- distribution ------------- count\n";
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    if (buckets[i] == 0) continue;
    const auto [low, width] = LatencyHistogram::bucket_span(i);
    const int stars = std::max(1, static_cast<int>(buckets[i] * kBarWidth / most));
    text += line("%12.3f |%-40s %lld", (low + width / 2) / 1000.0, std::string(stars, '*').c_str(),
                 as_ll(buckets[i]));
  }
  return text + "\n";
}

void print_sysbench_summary(std::ostream& out, const Config& config, const RunInfo& info,
                            const RunStats& stats) {
  if (config.sysbench_histogram) out << sysbench_latency_histogram(latency_all(stats));
  if (!info.standbys.empty()) {
    out << "primary, " << oltp_test_name(config.oltp.test) << " on " << config.terminals
        << " thread(s):\n";
  }
  out << sysbench_final_block(config, info, stats);
  print_hosts(out, config, info, stats);
  // Each standby's side on the same clock: its own block, then its lag.
  for (std::size_t i = 0; i < info.standbys.size(); ++i) {
    const StandbyRun& standby = info.standbys[i];
    const RunInfo side = standby_side(info, standby);
    out << "\nstandby " << i + 1 << " (" << standby.target << "), "
        << oltp_test_name(config.oltp.standby_test) << " on " << standby.terminals
        << " thread(s):\n";
    if (config.sysbench_histogram) out << sysbench_latency_histogram(latency_all(standby.stats));
    out << sysbench_final_block(config, side, standby.stats);
    print_lag(out, standby.lag);
  }
}

}  // namespace tpcc
