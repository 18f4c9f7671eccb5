#include "report/console/interval_line.hpp"

#include <cctype>
#include <cmath>
#include <string>

#include "metrics/run.hpp"
#include "metrics/stats.hpp"
#include "report/views/format.hpp"
#include "report/views/health.hpp"
#include "report/views/lag_text.hpp"
#include "report/workload_report.hpp"

namespace tpcc {
namespace {

std::string elapsed_text(const IntervalSample& sample) {
  return "[ " + std::to_string(std::llround(sample.end_seconds)) + "s ]";
}

// What went wrong in the interval: " SERVER UNREACHABLE 4.0s" (or, when
// only delivery workers could not reconnect while the terminals were
// served, " DELIVERY WORKER 1 CANNOT RECONNECT 4.0s") and " STALLED: 2 in
// flight, oldest 6.0s".
std::string trouble_text(const IntervalSample& sample) {
  std::string text;
  if (sample.downtime_seconds > 0) {
    if (only_delivery_workers(sample.unreachable_connections)) {
      std::string who = connections_text(sample.unreachable_connections);
      for (char& c : who) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      text += " " + who + " CANNOT RECONNECT " + fixed(sample.downtime_seconds, 1) + "s";
    } else {
      text += " SERVER UNREACHABLE " + fixed(sample.downtime_seconds, 1) + "s";
    }
  }
  if (sample.stalled > 0) {
    text += " STALLED: " + std::to_string(sample.stalled) + " in flight, oldest " +
            fixed(sample.oldest_stalled_seconds, 1) + "s";
  }
  return text;
}

// --ramp: " terminals: 12/40" while not all have started.
std::string ramp_text(const IntervalSample& sample) {
  if (sample.terminals <= 0 || sample.active_terminals >= sample.terminals) return "";
  return " terminals: " + std::to_string(sample.active_terminals) + "/" +
         std::to_string(sample.terminals);
}

std::string phase_text(const IntervalSample& sample) {
  return ramp_text(sample) + (sample.warmup ? " (warm-up)" : "");
}

// " p90: ... p99: ... err/s: ... retries: ...", percentiles over all five
// transactions ("-" when none answered: there is no percentile, and 0.00ms
// would read as fast), rates over the interval's length.
std::string latency_and_errors_text(const IntervalSample& sample) {
  const RunStats& s = sample.stats;
  const LatencyHistogram all = latency_all(s);
  const bool answered = all.count() > 0;
  return " p90: " + (answered ? format_ms(all.percentile(90)) : std::string("-")) +
         " p99: " + (answered ? format_ms(all.percentile(99)) : std::string("-")) +
         " err/s: " + format_rate(per_second(errors_total(s), sample.length_seconds)) +
         " retries: " + std::to_string(retries_total(s));
}

// sysbench prints its figures with "%4.2f": two decimals.
std::string sysbench_number(double value) { return fixed(value, 2); }

}  // namespace

std::string format_interval_line(const IntervalSample& sample) {
  const RunStats& s = sample.stats;
  const double length = sample.length_seconds;
  std::string line = elapsed_text(sample);
  line += " tpmC: " + fixed(tpmc(s, length), 0);
  line += " tpmTOTAL: " + fixed(tpm_total(s, length), 0);
  line += latency_and_errors_text(sample);
  return line + trouble_text(sample) + phase_text(sample);
}

std::string format_ingest_interval_line(const IntervalSample& sample, int rows_per_statement) {
  const std::int64_t batches = completed_total(sample.stats);
  const double length = sample.length_seconds;
  std::string line = elapsed_text(sample);
  line += " rows/s: " + fixed(per_second(batches * rows_per_statement, length), 0);
  line += " batches/s: " + fixed(per_second(batches, length), 1);
  line += latency_and_errors_text(sample);
  return line + trouble_text(sample) + phase_text(sample);
}

std::string format_ch_interval_line(const IntervalSample& sample, const std::string& label) {
  constexpr double kSecondsPerHour = 3600;
  const std::int64_t queries = completed_total(sample.stats);
  const double per_second_rate = per_second(queries, sample.length_seconds);
  std::string line = elapsed_text(sample);
  if (!label.empty()) line += " " + label + ":";
  line += " queries/s: " + fixed(per_second_rate, 1);
  line += " QphH: " + fixed(per_second_rate * kSecondsPerHour, 0);
  line += latency_and_errors_text(sample);
  return line + trouble_text(sample) + phase_text(sample);
}

namespace {

// sysbench's figures of one interval, from " thds:" on. reporter: whose
// line (SysbenchReporter).
std::string sysbench_figures_text(const IntervalSample& sample, int threads, int percentile,
                                  SysbenchReporter reporter) {
  const RunStats& s = sample.stats;
  const double length = sample.length_seconds;
  const StatementCounts& statements = s.statements;
  // sysbench's percentile is 0.00 for an interval without events.
  const double pct_ms = percentile > 0 ? latency_all(s).percentile(percentile) / 1000.0 : 0.0;
  // --ramp: the threads running, as sysbench counts them.
  std::string line =
      " thds: " + std::to_string(sample.terminals > 0 ? sample.active_terminals : threads);
  line += " tps: " + sysbench_number(per_second(completed_total(s), length));
  line += " qps: " + sysbench_number(per_second(statements.total(), length));
  line += " (r/w/o: " + sysbench_number(per_second(statements.reads, length)) + "/" +
          sysbench_number(per_second(statements.writes, length)) + "/" +
          sysbench_number(per_second(statements.other, length)) + ")";
  line += " lat (ms," + std::to_string(percentile) + "%): " + sysbench_number(pct_ms);
  // sysbench.report_default, the Lua reporter, writes no colon here.
  line += reporter == SysbenchReporter::Lua ? " err/s " : " err/s: ";
  line += sysbench_number(per_second(errors_total(s), length));
  line += " reconn/s: " + sysbench_number(per_second(s.reconnects, length));
  return line;
}

}  // namespace

std::string format_sysbench_interval_line(const IntervalSample& sample, int threads, int percentile,
                                          SysbenchReporter reporter) {
  return elapsed_text(sample) + sysbench_figures_text(sample, threads, percentile, reporter) +
         trouble_text(sample) + phase_text(sample);
}

std::string format_sysbench_standby_line(int number, const IntervalSample& sample, int threads,
                                         int percentile, const LagReading* lag) {
  std::string line = elapsed_text(sample) + " standby " + std::to_string(number) + ":" +
                     sysbench_figures_text(sample, threads, percentile, SysbenchReporter::Driver) +
                     trouble_text(sample);
  if (lag != nullptr) line += " lag: " + format_lag_reading(*lag);
  return line + phase_text(sample);
}

std::string format_standby_interval_line(int number, const IntervalSample& sample,
                                         const LagReading* lag) {
  std::string line = elapsed_text(sample) + " standby " + std::to_string(number) + ":";
  line += " tpmTOTAL: " + fixed(tpm_total(sample.stats, sample.length_seconds), 0);
  line += latency_and_errors_text(sample) + trouble_text(sample);
  if (lag != nullptr) line += " lag: " + format_lag_reading(*lag);
  return line + phase_text(sample);
}

std::vector<std::string> interval_lines(const std::vector<IntervalSample>& samples,
                                        const Config& config) {
  std::vector<std::string> lines;
  if (samples.empty()) return lines;
  const IntervalSample& primary = samples.front();
  const WorkloadReport& report = workload_report(config.workload);
  if (report.interval_line != nullptr) {
    lines.push_back(report.interval_line(primary, config));
    return lines;
  }
  // sysbench-tpcc's tpcc.lua reports through sysbench's Lua reporter; the
  // oltp tests through its database drivers'.
  const SysbenchReporter reporter =
      config.workload == WorkloadKind::Tpcc ? SysbenchReporter::Lua : SysbenchReporter::Driver;
  lines.push_back(config.report_format == ReportFormat::Sysbench
                      ? format_sysbench_interval_line(primary, config.terminals,
                                                      config.sysbench_percentile, reporter)
                      : format_interval_line(primary));
  for (std::size_t k = 1; k < samples.size(); ++k) {
    const LagReading* lag = k <= primary.lag.size() ? &primary.lag[k - 1] : nullptr;
    const int number = static_cast<int>(k);
    lines.push_back(config.report_format == ReportFormat::Sysbench
                        ? format_sysbench_standby_line(number, samples[k],
                                                       config.standbys[k - 1].terminals,
                                                       config.sysbench_percentile, lag)
                        : format_standby_interval_line(number, samples[k], lag));
  }
  return lines;
}

}  // namespace tpcc
