#include "workloads/pgbench/report/pgbench_summary.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "metrics/latency_stddev.hpp"
#include "metrics/stats.hpp"
#include "report/console/summary.hpp"
#include "report/views/format.hpp"
#include "report/views/health.hpp"
#include "report/views/lag_text.hpp"

namespace tpcc {
namespace {

template <typename... Args>
std::string line(const char* format, Args... args) {
  char buffer[512];
  std::snprintf(buffer, sizeof buffer, format, args...);
  return std::string(buffer) + "\n";
}

long long as_ll(std::int64_t n) { return static_cast<long long>(n); }

// pgbench's share of `whole`: "3.150%", or "NaN%" with nothing to share
// (pgbench's own printf prints 0 / 0.0 so).
std::string share(std::int64_t part, std::int64_t whole) {
  if (whole <= 0) return "NaN%";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.3f%%", percent(part, whole));
  return buffer;
}

// pgbench's count of transactions: the processed, skipped and failed.
std::int64_t all_counted(const TxnStats& s) { return completed(s) + s.skipped + s.errors; }

// "number of failed transactions: 0 (0.000%)", of all counted.
std::string failed_line(std::int64_t failed, std::int64_t counted) {
  return line("number of failed transactions: %lld (%s)", as_ll(failed),
              share(failed, counted).c_str());
}

// "number of transactions skipped: 4 (3.150%)", of all counted.
std::string skipped_line(std::int64_t skipped, std::int64_t counted) {
  return line("number of transactions skipped: %lld (%s)", as_ll(skipped),
              share(skipped, counted).c_str());
}

// pgbench's average and stddev of measured latencies ("latency average =
// 0.841 ms", "latency stddev = 0.718 ms", each after prefix); nothing when
// none was measured.
std::string measured_latency_lines(const char* prefix, const LatencyHistogram& latency) {
  if (latency.count() == 0) return "";
  return line("%s average = %.3f ms", prefix, latency.mean() / 1000.0) +
         line("%s stddev = %.3f ms", prefix, latency_stddev(latency) / 1000.0);
}

// One script's part of the block ("SQL script 1: ...").
std::string script_part(const PgbenchRunFacts& facts, std::size_t slot, const RunStats& stats,
                        std::int64_t all, double seconds) {
  if (slot >= stats.types()) {
    throw std::logic_error("pgbench's script " + std::to_string(slot + 1) + " with statistics of " +
                           std::to_string(stats.types()) + " types");
  }
  const TxnStats& s = stats.txn[slot];
  const std::int64_t done = completed(s);
  long long weights = 0;
  for (const int w : facts.script_weights) weights += w;
  const int weight = facts.script_weights[slot];
  std::string text = line("SQL script %zu: %s", slot + 1, facts.script_titles[slot].c_str());
  text += line(" - weight: %d (targets %.1f%% of total)", weight,
               weights > 0 ? 100.0 * weight / static_cast<double>(weights) : 0.0);
  text += line(" - %lld transactions (%.1f%% of total, tps = %f)", as_ll(done), percent(done, all),
               per_second(done, seconds));
  text += " - " + failed_line(s.errors, all_counted(s));
  if (facts.rate_limited && facts.latency_limit_ms > 0) {
    text += " - " + skipped_line(s.skipped, all_counted(s));
  }
  text += measured_latency_lines(" - latency", s.latency);
  return text;
}

std::string health_text(const RunInfo& info, const RunStats& stats) {
  std::string text;
  for (const std::string& h : health_lines(info, stats)) text += h + "\n";
  return text;
}

}  // namespace

std::string pgbench_latency_lines(const PgbenchRunFacts& facts, double seconds,
                                  std::int64_t counted, std::int64_t failed,
                                  const LatencyHistogram& latency) {
  if (facts.rate_limited || facts.progress || facts.latency_limit_ms > 0) {
    return measured_latency_lines("latency", latency);
  }
  // Nothing measured: the clients' time over the transactions they ended.
  return line("latency average = %.3f ms%s",
              counted > 0 ? 1000.0 * seconds * facts.clients / static_cast<double>(counted) : 0.0,
              failed > 0 ? " (including failures)" : "");
}

std::string pgbench_command_lines(const std::vector<CommandLatency>& commands,
                                  bool in_script_part) {
  std::string text = in_script_part ? " - " : "";
  text += "statement latencies in milliseconds and failures:\n";
  for (const CommandLatency& c : commands) {
    std::string figures = line("   %11.3f  %10lld  ", c.average_ms(), as_ll(c.failures));
    figures.pop_back();  // the newline
    text += figures + c.text + "\n";
  }
  return text;
}

std::string pgbench_progress_line(const IntervalSample& sample,
                                  const PgbenchProgressLimits& limits) {
  const RunStats& stats = sample.stats;
  const LatencyHistogram latency = latency_all(stats);
  std::string text =
      line("progress: %.1f s, %.1f tps, lat %.3f ms stddev %.3f, %lld failed", sample.end_seconds,
           per_second(completed_total(stats), sample.length_seconds), latency.mean() / 1000.0,
           latency_stddev(latency) / 1000.0, as_ll(errors_total(stats)));
  text.pop_back();  // the newline
  if (!limits.rate_limited) return text;
  text += ", lag " + fixed(schedule_lag_all(stats).mean() / 1000.0, 3) + " ms";
  if (limits.latency_limited) text += ", " + std::to_string(skipped_total(stats)) + " skipped";
  return text;
}

std::string pgbench_latency_limit_lines(const PgbenchRunFacts& facts, const RunStats& stats) {
  if (facts.latency_limit_ms <= 0) return "";
  const std::int64_t late = late_total(stats);
  const std::int64_t skipped = skipped_total(stats);
  const std::int64_t processed = completed_total(stats);
  std::string text;
  if (facts.rate_limited) {
    text += skipped_line(skipped, processed + skipped + errors_total(stats));
  }
  return text + line("number of transactions above the %.1f ms latency limit: %lld/%lld (%.3f%%)",
                     facts.latency_limit_ms, as_ll(late), as_ll(processed),
                     percent(late, processed));
}

std::string pgbench_standby_progress_line(int number, const IntervalSample& sample,
                                          const LagReading* lag) {
  std::string text = "standby " + std::to_string(number) + ": " + pgbench_progress_line(sample);
  if (lag != nullptr) text += ", lag: " + format_lag_reading(*lag);
  return text;
}

std::vector<std::string> pgbench_progress_lines(const std::vector<IntervalSample>& samples,
                                                const PgbenchProgressLimits& limits) {
  std::vector<std::string> lines;
  if (samples.empty()) return lines;
  const IntervalSample& primary = samples.front();
  lines.push_back(pgbench_progress_line(primary, limits));
  for (std::size_t k = 1; k < samples.size(); ++k) {
    const LagReading* lag = k <= primary.lag.size() ? &primary.lag[k - 1] : nullptr;
    lines.push_back(pgbench_standby_progress_line(static_cast<int>(k), samples[k], lag));
  }
  return lines;
}

std::string pgbench_final_block(const PgbenchRunFacts& facts, const RunInfo& info,
                                const RunStats& stats) {
  const double seconds = info.measured_seconds;
  const std::int64_t processed = completed_total(stats);
  const std::int64_t failed = errors_total(stats);
  const LatencyHistogram latency = latency_all(stats);
  const bool several = facts.script_titles.size() > 1;
  std::string text = line("transaction type: %s",
                          several ? "multiple scripts" : facts.script_titles.front().c_str());
  text += line("scaling factor: %lld", facts.scale);
  if (!facts.partition_method.empty()) {
    text += line("partition method: %s\npartitions: %lld", facts.partition_method.c_str(),
                 facts.partitions);
  }
  text += line("query mode: %s", facts.query_mode.c_str());
  text += line("number of clients: %d", facts.clients);
  text += line("number of threads: %d", facts.threads);
  text += "maximum number of tries: 1\n";
  if (facts.transactions_per_client > 0) {
    text += line("number of transactions per client: %ld", facts.transactions_per_client);
    text += line("number of transactions actually processed: %lld/%lld", as_ll(processed),
                 static_cast<long long>(facts.transactions_per_client) * facts.clients);
  } else {
    text += line("duration: %d s", facts.duration_seconds);
    text += line("number of transactions actually processed: %lld", as_ll(processed));
  }
  const std::int64_t counted = processed + skipped_total(stats) + failed;
  text += failed_line(failed, counted);
  // pgbench prints nothing further when nothing was processed or skipped
  // (every client aborted).
  if (processed + skipped_total(stats) <= 0) return text + health_text(info, stats);
  text += pgbench_latency_limit_lines(facts, stats);
  text += pgbench_latency_lines(facts, seconds, counted, failed, latency);
  if (facts.rate_limited) {
    const LatencyHistogram lag = schedule_lag_all(stats);
    text += line("rate limit schedule lag: avg %.3f (max %.3f) ms", lag.mean() / 1000.0,
                 static_cast<double>(lag.max()) / 1000.0);
  }
  text += line("initial connection time = %.3f ms", facts.connection_ms);
  text += line("tps = %f (without initial connection time)", per_second(processed, seconds));
  for (std::size_t slot = 0; slot < facts.script_titles.size(); ++slot) {
    if (several) text += script_part(facts, slot, stats, processed, seconds);
    if (slot < facts.commands.size()) text += pgbench_command_lines(facts.commands[slot], several);
  }
  return text + health_text(info, stats);
}

void print_pgbench_summary(std::ostream& out, const PgbenchRunFacts& primary,
                           const PgbenchRunFacts& standby_facts, const RunInfo& info,
                           const RunStats& stats) {
  if (!info.standbys.empty()) out << "primary, " << primary.clients << " client(s):\n";
  out << pgbench_final_block(primary, info, stats);
  // Each standby's side on the same clock: its own block, then its lag.
  for (std::size_t i = 0; i < info.standbys.size(); ++i) {
    const StandbyRun& standby = info.standbys[i];
    const RunInfo side = standby_side(info, standby);
    PgbenchRunFacts facts = standby_facts;
    facts.clients = standby.terminals;
    facts.threads = std::min(facts.threads, standby.terminals);
    out << "\nstandby " << i + 1 << " (" << standby.target << "), " << standby.terminals
        << " client(s):\n";
    out << pgbench_final_block(facts, side, standby.stats);
    print_lag(out, standby.lag);
  }
}

}  // namespace tpcc
