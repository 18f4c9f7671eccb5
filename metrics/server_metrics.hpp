// Server metrics per interval line: the server's cumulative
// counters turned into per-interval deltas, the wait events of the kit's
// own backends aggregated into the interval's top waits, and the CPU of
// the client, of the host and of the server's processes. Pure arithmetic
// and parsing here; the sampling is terminal/engine/server_metrics_sampler.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tpcc {

// The server's cumulative counters, in intervals.csv's column order. Each
// is a delta per interval; a set the server lacks stays empty.
enum ServerCounter : std::size_t {
  kWalBytes,   // pg_stat_wal.wal_bytes
  kFpi,        // pg_stat_wal.wal_fpi: full-page images
  kCommits,    // pg_stat_database.xact_commit
  kRollbacks,  // pg_stat_database.xact_rollback
  kBlksHit,    // pg_stat_database.blks_hit (for the hit ratio)
  kBlksRead,   // pg_stat_database.blks_read (for the hit ratio)
  kTupIns,
  kTupUpd,
  kTupDel,
  kDeadlocks,
  kTempBytes,
  kCkptTimed,   // pg_stat_bgwriter.checkpoints_timed (17+: pg_stat_checkpointer.num_timed)
  kCkptReq,     // pg_stat_bgwriter.checkpoints_req (17+: num_requested)
  kBufCkpt,     // pg_stat_bgwriter.buffers_checkpoint (17+: buffers_written)
  kBufBackend,  // pg_stat_bgwriter.buffers_backend (17+: pg_stat_io client backend writes)
  kServerCounterCount
};

using ServerCounterValues = std::array<std::optional<double>, kServerCounterCount>;

// /proc/stat's first line: jiffies spent by all CPUs in each state.
struct HostCpuTimes {
  double user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
  double total() const { return user + nice + system + idle + iowait + irq + softirq + steal; }
};

// The host's CPU over an interval, percent of all CPUs' time.
struct HostCpuSplit {
  double user_pct = 0;    // user + nice
  double system_pct = 0;  // system + irq + softirq
  double iowait_pct = 0;
  double idle_pct = 0;
};

// The fields of /proc/<pid>/stat the kit reads (clock ticks).
struct ProcessTimes {
  long long ppid = 0;
  double utime = 0, stime = 0;    // the process's own
  double cutime = 0, cstime = 0;  // its children that ended and were waited for
};

// A wait event's share of the samples of an interval.
struct WaitShare {
  std::string event;  // "wait_event_type:wait_event", or "CPU" when not waiting
  std::int64_t samples = 0;
  double share = 0;  // of all the interval's samples of the kit's backends
};

// One interval line's server metrics (all optional: a set the server lacks,
// or a local-host measure on a remote server, stays empty).
struct ServerMetricsInterval {
  ServerCounterValues deltas;
  std::optional<double> blks_hit_ratio;      // blks_hit / (blks_hit + blks_read)
  std::optional<double> db_bytes;            // at the end of the interval
  std::optional<int> autovacuum_workers;     // the most seen at once
  std::string autovacuum_tables;             // the tables they vacuumed, space separated
  std::optional<int> lock_waits;             // the most backends waiting for a lock at once
  std::vector<WaitShare> top_waits;          // every event sampled, most sampled first
  std::int64_t wait_samples = 0;             // backend samples behind top_waits
  std::optional<double> client_cpu_seconds;  // the kit's process (getrusage)
  std::optional<HostCpuSplit> host_cpu;      // server on this host only
  std::optional<double> server_cpu_seconds;  // the postmaster and its children
};

// One interval line's metrics, where result.json lists them.
struct ServerMetricsPoint {
  double end_seconds = 0;
  bool warmup = false;
  ServerMetricsInterval metrics;
};

// The run's server metrics for result.json: which sets were read (a set
// the server lacks is a note, not an error), how many sampling rounds were
// tried and how many failed (a timeout, a lost connection), and each
// interval's figures.
struct ServerMetricsRun {
  bool enabled = false;
  std::vector<std::string> notes;
  std::int64_t samples = 0;
  std::int64_t sample_failures = 0;
  std::vector<ServerMetricsPoint> intervals;
};

// "wal_bytes", "commits", ...: the counter's name in intervals.csv and
// result.json.
const char* server_counter_name(std::size_t counter);

// b - a per counter; empty where either is, or where the counter went back
// (pg_stat_reset, a restart): a delta over a reset would be wrong.
ServerCounterValues counter_deltas(const ServerCounterValues& a, const ServerCounterValues& b);

// hit / (hit + read); empty without both or without any block access.
std::optional<double> hit_ratio(const ServerCounterValues& deltas);

// The first line of /proc/stat ("cpu  user nice system idle iowait irq
// softirq steal ..."); empty when it is not there.
std::optional<HostCpuTimes> parse_proc_stat(const std::string& text);
// The split of the time between two readings; empty if no time passed.
std::optional<HostCpuSplit> host_cpu_split(const HostCpuTimes& a, const HostCpuTimes& b);

// /proc/<pid>/stat: the fields after the command, which may hold spaces
// and parentheses (so the parse starts after the last ')'); empty when
// malformed.
std::optional<ProcessTimes> parse_proc_pid_stat(const std::string& text);

// The n events with the most samples (ties by name), with their shares of
// all samples.
std::vector<WaitShare> top_waits(const std::map<std::string, std::int64_t>& samples, std::size_t n);

}  // namespace tpcc
