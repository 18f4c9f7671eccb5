#include "report/results/server_metrics_csv.hpp"

#include <cmath>

#include "report/views/format.hpp"

namespace tpcc {
namespace {

// intervals.csv shows the hit ratio in place of the block counts.
bool csv_column(std::size_t counter) { return counter != kBlksHit && counter != kBlksRead; }

std::string optional_number(const std::optional<double>& value, int decimals) {
  return value ? fixed(*value, decimals) : std::string();
}

// A field of intervals.csv: quoted when it holds a comma or a quote (a
// table name may).
std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

}  // namespace

std::string format_top_waits(const std::vector<WaitShare>& waits, std::size_t n) {
  std::string text;
  for (std::size_t i = 0; i < waits.size() && i < n; ++i) {
    const WaitShare& w = waits[i];
    if (!text.empty()) text += "; ";
    text += w.event + " " + std::to_string(w.samples) + " (" +
            std::to_string(std::lround(100.0 * w.share)) + "%)";
  }
  return text;
}

std::string server_metrics_csv_header() {
  std::string csv;
  for (std::size_t i = 0; i < kServerCounterCount; ++i) {
    if (csv_column(i)) csv += std::string(",") + server_counter_name(i);
    if (i == kRollbacks) csv += ",blks_hit_ratio";
  }
  return csv +
         ",db_bytes,autovacuum_workers,autovacuum_tables,lock_waits,top_waits,"
         "client_cpu_s,host_user_pct,host_sys_pct,host_iowait_pct,host_idle_pct,"
         "server_cpu_s";
}

std::string server_metrics_csv_row(const std::optional<ServerMetricsInterval>& metrics) {
  const ServerMetricsInterval none;
  const ServerMetricsInterval& m = metrics ? *metrics : none;
  std::string csv;
  for (std::size_t i = 0; i < kServerCounterCount; ++i) {
    if (csv_column(i)) csv += "," + optional_number(m.deltas[i], 0);
    if (i == kRollbacks) csv += "," + optional_number(m.blks_hit_ratio, 4);
  }
  csv += "," + optional_number(m.db_bytes, 0);
  csv += "," + (m.autovacuum_workers ? std::to_string(*m.autovacuum_workers) : std::string());
  csv += "," + csv_field(m.autovacuum_tables);
  csv += "," + (m.lock_waits ? std::to_string(*m.lock_waits) : std::string());
  csv += "," + csv_field(format_top_waits(m.top_waits));
  csv += "," + optional_number(m.client_cpu_seconds, 3);
  const std::optional<HostCpuSplit>& h = m.host_cpu;
  csv += "," + optional_number(h ? std::optional<double>(h->user_pct) : std::nullopt, 1);
  csv += "," + optional_number(h ? std::optional<double>(h->system_pct) : std::nullopt, 1);
  csv += "," + optional_number(h ? std::optional<double>(h->iowait_pct) : std::nullopt, 1);
  csv += "," + optional_number(h ? std::optional<double>(h->idle_pct) : std::nullopt, 1);
  csv += "," + optional_number(m.server_cpu_seconds, 3);
  return csv;
}

}  // namespace tpcc
