#include "terminal/engine/server_metrics_sampler.hpp"

#include "terminal/engine/checkpoint_views.hpp"
#include "terminal/engine/proc_files.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <exception>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

namespace tpcc {
namespace {

// The database's cumulative counters; one row for the database connected to.
constexpr const char* kDatabaseSql =
    "select xact_commit, xact_rollback, blks_hit, blks_read, tup_inserted, tup_updated, "
    "tup_deleted, deadlocks, temp_bytes from pg_stat_database where datname = current_database()";
// WAL volume and full-page images: PostgreSQL 14 and later.
constexpr const char* kWalSql = "select wal_bytes, wal_fpi from pg_stat_wal";
constexpr const char* kSizeSql = "select pg_database_size(current_database())";
// The autovacuum workers and the tables they vacuum (PostgreSQL 10 and
// later have backend_type; 9.6 and later pg_stat_progress_vacuum).
constexpr const char* kAutovacuumSql =
    "select coalesce(p.relid::regclass::text, '') from pg_stat_activity a "
    "left join pg_stat_progress_vacuum p using (pid) where a.backend_type = 'autovacuum worker'";
// The kit's own backends' wait events, those at work only (in a statement
// or a transaction): connections idle between transactions would drown
// the figures in ClientRead. Not waiting is time on the CPU.
constexpr const char* kWaitsStatement = "tpcc_metrics_waits";
constexpr const char* kWaitsSql =
    "select coalesce(wait_event_type || ':' || wait_event, 'CPU'), count(*) "
    "from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid() "
    "and state <> 'idle' group by 1";
// Backends of the database waiting for a heavyweight lock, the kit's or not.
constexpr const char* kLockWaitsSql =
    "select count(*) from pg_stat_activity "
    "where wait_event_type = 'Lock' and datname = current_database()";
// Whom the sampler talks to: its backend (whose parent is the postmaster),
// whether the server is on this host (a unix socket has no server address),
// and the application_name the terminals' sessions got from the same
// conninfo, before the sampler takes a name of its own.
constexpr const char* kWhoSql =
    "select pg_backend_pid(), coalesce(host(inet_server_addr()) in ('127.0.0.1', '::1'), true), "
    "current_setting('application_name'), current_setting('server_version_num')::int";
constexpr const char* kSetApplicationNameSql = "set application_name = 'tpcc server metrics'";
// A server that is up answers these at once; one that is slow gets
// kSampleTimeoutSeconds before the sample counts as failed, then is
// cancelled by the client: a statement_timeout set on the session would stay,
// through a transaction pooler, on a server connection a terminal gets next.
constexpr int kCancelAfterMillis = 1000;

struct SetInfo {
  const char* sql;
  const char* what;  // the note when the server lacks it
};
constexpr SetInfo kSets[] = {
    {kDatabaseSql,
     "pg_stat_database: commits, rollbacks, blks_hit_ratio, tup_ins, tup_upd, "
     "tup_del, deadlocks, temp_bytes not reported"},
    // Checkpoints and who wrote the buffers: the server version's SQL
    // (checkpoint_views.hpp, checkpoint_sql_), known once connected.
    {nullptr,
     "the checkpoint counters (pg_stat_bgwriter, pg_stat_checkpointer from PostgreSQL 17): "
     "ckpt_timed, ckpt_req, buf_ckpt, buf_backend not reported"},
    {kWalSql, "pg_stat_wal (PostgreSQL < 14): wal_bytes, fpi not reported"},
    {kSizeSql, "pg_database_size: db_bytes not reported"},
    {kAutovacuumSql,
     "autovacuum workers (pg_stat_activity.backend_type, "
     "pg_stat_progress_vacuum): autovacuum_workers, autovacuum_tables not reported"},
    {kLockWaitsSql,
     "wait events (pg_stat_activity.wait_event): top_waits, lock_waits not reported"},
};

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// 57014: the statement timed out (a slow server), which says nothing of
// whether the server has the set.
constexpr const char* kQueryCanceled = "57014";

// The first row's column, empty when null or when there is no row.
std::optional<double> optional_value(const QueryResult& r, int col) {
  if (r.rows() < 1 || r.is_null(0, col)) return std::nullopt;
  return r.as_double(0, col);
}

}  // namespace

double client_cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) { return t.tv_sec + t.tv_usec / 1e6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

ServerMetricsSampler::ServerMetricsSampler(std::string conninfo, ConsoleLog& log, ServerRole role,
                                           std::string label)
    : conninfo_(std::move(conninfo)), log_(log), label_(std::move(label)) {
  run_.enabled = true;
  if (role == ServerRole::Standby) {
    for (const Set set : {kBgwriter, kWal, kAutovacuum}) enabled_[set] = false;
  }
}

ServerMetricsSampler::~ServerMetricsSampler() { stop(); }

void ServerMetricsSampler::start() {
  client_cpu_at_cut_ = client_cpu_seconds();
  thread_ = std::thread([this] { loop(); });
}

void ServerMetricsSampler::stop() {
  if (stopped_) return;
  stopped_ = true;
  interrupts_.stop_connecting();
  interrupts_.abandon_waits();
  stop_.request();
  if (thread_.joinable()) thread_.join();
}

ServerMetricsRun ServerMetricsSampler::run_figures() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return run_;
}

void ServerMetricsSampler::note(const std::string& text) {
  log_.line(label_ + ": " + text);
  std::lock_guard<std::mutex> lock(mutex_);
  run_.notes.push_back(text);
}

void ServerMetricsSampler::loop() {
  Clock::time_point counters_due = Clock::now();
  for (;;) {
    const Clock::time_point round = Clock::now();
    const bool counters = round >= counters_due;
    if (counters) counters_due = seconds_after(round, kCounterPeriodSeconds);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      ++run_.samples;
      sample_started_ = round;
      sample_counted_failed_ = false;
    }
    bool failed = false;
    try {
      sample(counters);
    } catch (const Abandoned&) {
      // stop(): a sample the server left unanswered this long failed.
      std::lock_guard<std::mutex> lock(mutex_);
      count_if_overdue();
      return;
    } catch (const std::exception&) {
      // A lost connection, a timeout, a server error: counted; a lost
      // session is opened again next round.
      failed = true;
      if (session_ && !session_->connected()) session_.reset();
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (failed && !sample_counted_failed_) ++run_.sample_failures;
      sample_started_.reset();
    }
    const double rest = kWaitSamplePeriodSeconds - seconds_between(round, Clock::now());
    if (stop_.wait_for(std::max(rest, 0.0))) return;
  }
}

void ServerMetricsSampler::open_session() {
  SessionOptions options;
  options.interrupts = &interrupts_;
  options.cancel_after_millis = kCancelAfterMillis;
  // A side connection, whatever --query-mode: no named statement, so that
  // it works through a transaction pooler too.
  options.query_mode = QueryMode::Extended;
  session_ = std::make_unique<Session>(conninfo_, options);
  session_->queue_command(kWhoSql);
  const std::vector<QueryResult> who = session_->flush();
  const long long backend_pid = who.front().as_int64(0, 0);
  const bool local = std::string(who.front().text(0, 1)) == "t";
  kit_application_name_ = who.front().text(0, 2);
  checkpoint_sql_ = checkpoint_views(who.front().as_int(0, 3)).server_metrics_sql;
  session_->queue_command(kSetApplicationNameSql);
  session_->flush();
  session_->prepare(kWaitsStatement, kWaitsSql);
  if (!probed_) find_postmaster(backend_pid, local);
}

// The server's processes are the postmaster's tree: the sampler's backend's
// parent, if it is visible here and runs the same program (a backend is a
// fork of the postmaster; another pid namespace would show a stranger).
void ServerMetricsSampler::find_postmaster(long long backend_pid, bool local) {
  const std::optional<ProcessTimes> backend = local ? process_times(backend_pid) : std::nullopt;
  const std::string command = process_command(backend_pid);
  if (backend && !command.empty() && process_command(backend->ppid) == command) {
    postmaster_pid_ = backend->ppid;
    return;
  }
  note(local ? "the server's processes are not visible from here: host_*_pct, server_cpu_s "
               "not reported"
             : "the server is on another host: host_*_pct, server_cpu_s not reported");
}

// Runs each set's query once: a set the server refuses (no such view or
// column, no permission) is left out with a note.
void ServerMetricsSampler::probe_sets() {
  for (int set = 0; set < kSetCount; ++set) {
    if (!enabled_[set]) continue;  // not sampled on a standby
    try {
      session_->queue_command(set == kBgwriter ? checkpoint_sql_ : kSets[set].sql);
      session_->flush();
    } catch (const SqlError& e) {
      if (e.sqlstate == kQueryCanceled) throw;
      enabled_[set] = false;
      note(std::string(kSets[set].what) + " (" + first_line(e.what()) + ")");
    }
  }
  probed_ = true;
}

void ServerMetricsSampler::sample(bool counters_due) {
  if (!session_) open_session();
  if (!probed_) probe_sets();
  if (enabled_[kWaits]) read_waits();
  if (!counters_due) return;
  Snapshot snapshot = read_counters();
  std::lock_guard<std::mutex> lock(mutex_);
  if (!have_baseline_) {
    at_last_cut_ = snapshot;
    have_baseline_ = true;
  }
  latest_ = std::move(snapshot);
  read_since_cut_ = true;
}

void ServerMetricsSampler::read_waits() {
  session_->queue(kWaitsStatement, Params().add(kit_application_name_));
  session_->queue_command(kLockWaitsSql);
  const std::vector<QueryResult> results = session_->flush();
  std::lock_guard<std::mutex> lock(mutex_);
  const QueryResult& waits = results.at(0);
  for (int row = 0; row < waits.rows(); ++row) {
    waits_[waits.text(row, 0)] += waits.as_int64(row, 1);
  }
  const int locks = results.at(1).as_int(0, 0);
  lock_waits_max_ = std::max(lock_waits_max_.value_or(0), locks);
}

ServerMetricsSampler::Snapshot ServerMetricsSampler::read_counters() {
  Snapshot s;
  ServerCounterValues& c = s.counters;
  const auto query = [this](const char* sql) {
    session_->queue_command(sql);
    return std::move(session_->flush().at(0));
  };
  if (enabled_[kDatabase]) {
    const QueryResult r = query(kDatabaseSql);
    const ServerCounter columns[] = {kCommits, kRollbacks, kBlksHit,   kBlksRead, kTupIns,
                                     kTupUpd,  kTupDel,    kDeadlocks, kTempBytes};
    for (int col = 0; col < 9; ++col) c[columns[col]] = optional_value(r, col);
  }
  if (enabled_[kBgwriter]) {
    const QueryResult r = query(checkpoint_sql_);
    const ServerCounter columns[] = {kCkptTimed, kCkptReq, kBufCkpt, kBufBackend};
    for (int col = 0; col < 4; ++col) c[columns[col]] = optional_value(r, col);
  }
  if (enabled_[kWal]) {
    const QueryResult r = query(kWalSql);
    c[kWalBytes] = optional_value(r, 0);
    c[kFpi] = optional_value(r, 1);
  }
  if (enabled_[kSize]) s.db_bytes = optional_value(query(kSizeSql), 0);
  if (enabled_[kAutovacuum]) {
    const QueryResult r = query(kAutovacuumSql);
    std::lock_guard<std::mutex> lock(mutex_);
    autovacuum_max_ = std::max(autovacuum_max_.value_or(0), r.rows());
    for (int row = 0; row < r.rows(); ++row) {
      if (*r.text(row, 0) != '\0') autovacuum_tables_.insert(r.text(row, 0));
    }
  }
  if (postmaster_pid_) {
    if (const std::optional<std::string> stat = read_text("/proc/stat")) {
      s.host = parse_proc_stat(*stat);
    }
    s.server_cpu_seconds = server_tree_cpu_seconds();
  }
  return s;
}

// The postmaster's CPU, its children's that ended (cutime, cstime: it
// waits for each), and its living children's own.
std::optional<double> ServerMetricsSampler::server_tree_cpu_seconds() const {
  const std::optional<ProcessTimes> postmaster = process_times(*postmaster_pid_);
  if (!postmaster) return std::nullopt;
  double ticks = postmaster->utime + postmaster->stime + postmaster->cutime + postmaster->cstime;
  for (const long long pid : children_of(*postmaster_pid_)) {
    // A child that ended since the list was read is in cutime from now on.
    const std::optional<ProcessTimes> child = process_times(pid);
    if (child && child->ppid == *postmaster_pid_) ticks += child->utime + child->stime;
  }
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// A sample hanging past its bound counts as failed now, not at its end
// (which may never come). With mutex_ held.
void ServerMetricsSampler::count_if_overdue() {
  if (sample_started_ && !sample_counted_failed_ &&
      seconds_between(*sample_started_, Clock::now()) > kSampleTimeoutSeconds) {
    sample_counted_failed_ = true;
    ++run_.sample_failures;
  }
}

ServerMetricsInterval ServerMetricsSampler::cut() {
  ServerMetricsInterval m;
  const double client = client_cpu_seconds();
  std::lock_guard<std::mutex> lock(mutex_);
  if (client_cpu_at_cut_) m.client_cpu_seconds = client - *client_cpu_at_cut_;
  client_cpu_at_cut_ = client;
  count_if_overdue();
  if (read_since_cut_) {
    m.deltas = counter_deltas(at_last_cut_.counters, latest_.counters);
    m.blks_hit_ratio = hit_ratio(m.deltas);
    m.db_bytes = latest_.db_bytes;
    if (at_last_cut_.host && latest_.host)
      m.host_cpu = host_cpu_split(*at_last_cut_.host, *latest_.host);
    if (at_last_cut_.server_cpu_seconds && latest_.server_cpu_seconds &&
        *latest_.server_cpu_seconds >= *at_last_cut_.server_cpu_seconds) {
      m.server_cpu_seconds = *latest_.server_cpu_seconds - *at_last_cut_.server_cpu_seconds;
    }
    at_last_cut_ = latest_;
    read_since_cut_ = false;
  }
  m.autovacuum_workers = autovacuum_max_;
  for (const std::string& table : autovacuum_tables_) {
    m.autovacuum_tables += (m.autovacuum_tables.empty() ? "" : " ") + table;
  }
  m.lock_waits = lock_waits_max_;
  m.top_waits = top_waits(waits_, waits_.size());  // intervals.csv shows the first few
  for (const auto& [event, count] : waits_) m.wait_samples += count;
  autovacuum_max_.reset();
  autovacuum_tables_.clear();
  lock_waits_max_.reset();
  waits_.clear();
  return m;
}

}  // namespace tpcc
