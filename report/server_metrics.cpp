#include "report/server_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "report/format.hpp"

namespace tpcc {
namespace {

// ServerCounter's names, in its order, as intervals.csv and result.json
// show them.
constexpr const char* kCounterNames[kServerCounterCount] = {
    "wal_bytes", "fpi",       "commits",    "rollbacks", "blks_hit",   "blks_read",
    "tup_ins",   "tup_upd",   "tup_del",    "deadlocks", "temp_bytes", "ckpt_timed",
    "ckpt_req",  "buf_ckpt",  "buf_backend"};

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

const char* server_counter_name(std::size_t counter) { return kCounterNames[counter]; }

ServerCounterValues counter_deltas(const ServerCounterValues& a, const ServerCounterValues& b) {
  ServerCounterValues deltas;
  for (std::size_t i = 0; i < deltas.size(); ++i) {
    if (a[i] && b[i] && *b[i] >= *a[i]) deltas[i] = *b[i] - *a[i];
  }
  return deltas;
}

std::optional<double> hit_ratio(const ServerCounterValues& deltas) {
  if (!deltas[kBlksHit] || !deltas[kBlksRead]) return std::nullopt;
  const double accesses = *deltas[kBlksHit] + *deltas[kBlksRead];
  if (accesses <= 0) return std::nullopt;
  return *deltas[kBlksHit] / accesses;
}

std::optional<HostCpuTimes> parse_proc_stat(const std::string& text) {
  std::istringstream in(text);
  std::string label;
  HostCpuTimes t;
  // Kernels before 2.6.11 have no steal column: it stays 0.
  in >> label >> t.user >> t.nice >> t.system >> t.idle >> t.iowait >> t.irq >> t.softirq;
  if (!in || label != "cpu") return std::nullopt;
  if (!(in >> t.steal)) t.steal = 0;
  return t;
}

std::optional<HostCpuSplit> host_cpu_split(const HostCpuTimes& a, const HostCpuTimes& b) {
  const double total = b.total() - a.total();
  if (total <= 0) return std::nullopt;
  const auto pct = [total](double from, double to) { return 100.0 * (to - from) / total; };
  HostCpuSplit split;
  split.user_pct = pct(a.user + a.nice, b.user + b.nice);
  split.system_pct = pct(a.system + a.irq + a.softirq, b.system + b.irq + b.softirq);
  split.iowait_pct = pct(a.iowait, b.iowait);
  split.idle_pct = pct(a.idle, b.idle);
  return split;
}

std::optional<ProcessTimes> parse_proc_pid_stat(const std::string& text) {
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  // After "pid (comm)": state(3) ppid(4) pgrp session tty_nr tpgid flags
  // minflt cminflt majflt cmajflt utime(14) stime cutime cstime(17), per proc(5).
  std::istringstream in(text.substr(close + 1));
  std::string state;
  ProcessTimes p;
  long long skip = 0;
  in >> state >> p.ppid;
  for (int field = 5; field <= 13; ++field) in >> skip;
  in >> p.utime >> p.stime >> p.cutime >> p.cstime;
  if (!in) return std::nullopt;
  return p;
}

std::vector<WaitShare> top_waits(const std::map<std::string, std::int64_t>& samples,
                                 std::size_t n) {
  std::int64_t all = 0;
  std::vector<WaitShare> waits;
  for (const auto& [event, count] : samples) {
    all += count;
    waits.push_back({event, count, 0});
  }
  // std::map's order makes the sort's ties alphabetical.
  std::stable_sort(waits.begin(), waits.end(),
                   [](const WaitShare& x, const WaitShare& y) { return x.samples > y.samples; });
  if (waits.size() > n) waits.resize(n);
  for (WaitShare& w : waits) w.share = all > 0 ? static_cast<double>(w.samples) / all : 0.0;
  return waits;
}

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
    if (csv_column(i)) csv += std::string(",") + kCounterNames[i];
    if (i == kRollbacks) csv += ",blks_hit_ratio";
  }
  return csv + ",db_bytes,autovacuum_workers,autovacuum_tables,lock_waits,top_waits,"
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
