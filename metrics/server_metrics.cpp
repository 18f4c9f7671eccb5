#include "metrics/server_metrics.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace tpcc {
namespace {

// ServerCounter's names, in its order, as intervals.csv and result.json
// show them.
constexpr const char* kCounterNames[kServerCounterCount] = {
    "wal_bytes",  "fpi",        "commits",  "rollbacks", "blks_hit",
    "blks_read",  "tup_ins",    "tup_upd",  "tup_del",   "deadlocks",
    "temp_bytes", "ckpt_timed", "ckpt_req", "buf_ckpt",  "buf_backend"};

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

}  // namespace tpcc
