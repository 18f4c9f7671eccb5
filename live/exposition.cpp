#include "live/exposition.hpp"

#include <array>
#include <cstdio>
#include <string>

#include "spec/transactions.hpp"

namespace tpcc {
namespace {

// Round figures of the latency buckets, in microseconds: 1 ms to 60 s.
// 5.2.5.3's limits (5 s, 20 s for Stock-Level) fall among them.
constexpr std::array<std::int64_t, 16> kNominalBoundsMicros = {
    1000,   2000,    5000,    10000,   20000,    50000,    100000,   200000,
    500000, 1000000, 2000000, 5000000, 10000000, 20000000, 30000000, 60000000};

// The lower edge of the histogram bucket holding `micros`.
std::int64_t bucket_floor(std::int64_t micros) {
  std::int64_t floor = 0;
  for (std::size_t i = 0; i < LatencyHistogram::bucket_count(); ++i) {
    const auto low = static_cast<std::int64_t>(LatencyHistogram::bucket_span(i).first);
    if (low > micros) break;
    floor = low;
  }
  return floor;
}

// A number as Prometheus reads it: integers without a fraction, others
// with up to 17 significant digits (round trip).
std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

std::string seconds_text(std::int64_t micros) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.6f", static_cast<double>(micros) / 1e6);
  std::string text = buffer;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

void header(std::string& out, const char* name, const char* type, const char* help) {
  out += std::string("# HELP ") + name + " " + help + "\n";
  out += std::string("# TYPE ") + name + " " + type + "\n";
}

void gauge(std::string& out, const char* name, const char* help, double value) {
  header(out, name, "gauge", help);
  out += std::string(name) + " " + number(value) + "\n";
}

// The slots of `types` that stats holds.
std::size_t slots(const RunStats& stats, const std::vector<std::string>& types) {
  return types.size() < stats.txn.size() ? types.size() : stats.txn.size();
}

void transactions(std::string& out, const RunStats& stats, const std::vector<std::string>& types) {
  header(out, "tpcc_transactions_total", "counter",
         "Transactions of the measured interval so far, by type and outcome "
         "(committed, rolled_back by the spec, error).");
  for (std::size_t slot = 0; slot < slots(stats, types); ++slot) {
    const TxnStats& s = stats.txn[slot];
    const std::string prefix =
        "tpcc_transactions_total{type=\"" + escape_label_value(types[slot]) + "\"";
    out += prefix + ",outcome=\"committed\"} " + std::to_string(s.committed) + "\n";
    out += prefix + ",outcome=\"rolled_back\"} " + std::to_string(s.rolled_back) + "\n";
    out += prefix + ",outcome=\"error\"} " + std::to_string(s.errors) + "\n";
  }
}

void latencies(std::string& out, const RunStats& stats, const std::vector<std::string>& types) {
  header(out, "tpcc_latency_seconds", "histogram",
         "Response times from due time of the measured interval so far, by type (committed, "
         "rolled back and unfinished); a bucket counts the times below its bound.");
  for (std::size_t slot = 0; slot < slots(stats, types); ++slot) {
    const LatencyHistogram& h = stats.txn[slot].latency;
    const std::string type = "type=\"" + escape_label_value(types[slot]) + "\"";
    for (const std::int64_t bound : latency_bucket_bounds_micros()) {
      out += "tpcc_latency_seconds_bucket{" + type + ",le=\"" + seconds_text(bound) + "\"} " +
             std::to_string(count_below(h, bound)) + "\n";
    }
    out +=
        "tpcc_latency_seconds_bucket{" + type + ",le=\"+Inf\"} " + std::to_string(h.count()) + "\n";
    out += "tpcc_latency_seconds_sum{" + type + "} " + number(static_cast<double>(h.sum()) / 1e6) +
           "\n";
    out += "tpcc_latency_seconds_count{" + type + "} " + std::to_string(h.count()) + "\n";
  }
}

// The side's series: its types' outcomes, latencies and terminals, each
// sample labelled with its workload, in the shape of the run's own.
void side(std::string& out, const LiveSide& side) {
  const std::string workload = "workload=\"" + escape_label_value(side.workload) + "\"";
  header(out, "tpcc_side_transactions_total", "counter",
         "What ran beside the run's terminals (a mixed run's analytic queries), of the measured "
         "interval so far, by workload, type and outcome (committed, error).");
  std::vector<std::string> labels;
  for (std::size_t slot = 0; slot < slots(side.measured, side.types); ++slot) {
    const TxnStats& s = side.measured.txn[slot];
    labels.push_back(workload + ",type=\"" + escape_label_value(side.types[slot]) + "\"");
    const std::string prefix = "tpcc_side_transactions_total{" + labels.back();
    out += prefix + ",outcome=\"committed\"} " + std::to_string(s.committed) + "\n";
    out += prefix + ",outcome=\"error\"} " + std::to_string(s.errors) + "\n";
  }
  header(out, "tpcc_side_latency_seconds", "histogram",
         "Response times of what ran beside the run's terminals, of the measured interval so "
         "far, by workload and type; a bucket counts the times below its bound.");
  for (std::size_t slot = 0; slot < labels.size(); ++slot) {
    const LatencyHistogram& h = side.measured.txn[slot].latency;
    const std::string& label = labels[slot];
    for (const std::int64_t bound : latency_bucket_bounds_micros()) {
      out += "tpcc_side_latency_seconds_bucket{" + label + ",le=\"" + seconds_text(bound) + "\"} " +
             std::to_string(count_below(h, bound)) + "\n";
    }
    out += "tpcc_side_latency_seconds_bucket{" + label + ",le=\"+Inf\"} " +
           std::to_string(h.count()) + "\n";
    out += "tpcc_side_latency_seconds_sum{" + label + "} " +
           number(static_cast<double>(h.sum()) / 1e6) + "\n";
    out += "tpcc_side_latency_seconds_count{" + label + "} " + std::to_string(h.count()) + "\n";
  }
  header(out, "tpcc_side_active_terminals", "gauge",
         "Terminals (analytic streams) of what ran beside, started at the latest interval line.");
  out += "tpcc_side_active_terminals{" + workload + "} " + std::to_string(side.active_terminals) +
         "\n";
}

}  // namespace

std::vector<std::string> tpcc_live_types() {
  std::vector<std::string> names;
  for (const TransactionType& t : kTransactions) names.emplace_back(t.name);
  return names;
}

const char* live_phase_name(LivePhase phase) {
  switch (phase) {
    case LivePhase::Starting: return "starting";
    case LivePhase::Warmup: return "warmup";
    case LivePhase::Measured: return "measured";
    case LivePhase::Done: return "done";
  }
  return "?";
}

const std::vector<std::int64_t>& latency_bucket_bounds_micros() {
  static const std::vector<std::int64_t> bounds = [] {
    std::vector<std::int64_t> v;
    for (const std::int64_t nominal : kNominalBoundsMicros) v.push_back(bucket_floor(nominal));
    return v;
  }();
  return bounds;
}

std::int64_t count_below(const LatencyHistogram& h, std::int64_t micros) {
  const std::vector<std::int64_t>& buckets = h.buckets();
  std::int64_t n = 0;
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    if (LatencyHistogram::bucket_span(i).first >= static_cast<double>(micros)) break;
    n += buckets[i];
  }
  return n;
}

std::string escape_label_value(const std::string& value) {
  std::string out;
  for (const char c : value) {
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '"') {
      out += "\\\"";
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out;
}

std::string exposition_text(const LiveSnapshot& s) {
  std::string out;
  transactions(out, s.measured, s.types);
  latencies(out, s.measured, s.types);
  if (s.tpmc) {
    gauge(out, "tpcc_tpmc",
          "New-Orders completed per minute over the latest interval line (warm-up included).",
          s.interval_tpmc);
    gauge(out, "tpcc_run_tpmc",
          "New-Orders completed per minute of the measured interval so far: result.json's tpmC "
          "once the run is done.",
          s.run_tpmc);
  }
  gauge(out, "tpcc_active_terminals", "Terminals started (--ramp) at the latest interval line.",
        s.active_terminals);
  gauge(out, "tpcc_terminals", "Terminals of the run.", s.terminals);
  header(out, "tpcc_downtime_seconds_total", "counter",
         "Seconds the server was unreachable, warm-up included.");
  out += "tpcc_downtime_seconds_total " + number(s.downtime_seconds) + "\n";
  header(out, "tpcc_replication_lag_seconds", "gauge",
         "Each standby's replay lag as the primary last saw it (absent when it gives none).");
  for (const StandbyLagNow& lag : s.lag) {
    if (!lag.replay_lag_seconds) continue;
    out += "tpcc_replication_lag_seconds{standby=\"" + escape_label_value(lag.standby) + "\"} " +
           number(*lag.replay_lag_seconds) + "\n";
  }
  if (!s.side.workload.empty()) side(out, s.side);
  header(out, "tpcc_phase", "gauge", "The run's phase: 1 for the current one, 0 for the others.");
  for (const LivePhase phase :
       {LivePhase::Starting, LivePhase::Warmup, LivePhase::Measured, LivePhase::Done}) {
    out += std::string("tpcc_phase{phase=\"") + live_phase_name(phase) + "\"} " +
           (phase == s.phase ? "1" : "0") + "\n";
  }
  return out;
}

}  // namespace tpcc
