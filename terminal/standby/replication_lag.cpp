#include "terminal/standby/replication_lag.hpp"

#include <libpq-fe.h>

#include <cstdlib>
#include <utility>

#include "config/conn/mask.hpp"

namespace tpcc {
namespace {

// A sample must not wait long for a server that does not answer.
constexpr const char* kConnectTimeoutSeconds = "5";
// Each reading runs in a transaction of its own, with a statement_timeout
// local to it: one set on the session would stay, through a transaction
// pooler, on a server connection a terminal gets next.
constexpr const char* kBoundedBegin = "begin; set local statement_timeout = 2000;";
constexpr const char* kBoundedEnd = "; commit";

// pg_current_wal_lsn() fails on a server in recovery, which a cascading
// standby's upstream is; its replay position is the reference there.
constexpr const char* kPrimaryQuery = R"sql(
select application_name,
       coalesce(host(client_addr), ''),
       extract(epoch from write_lag) * 1000,
       extract(epoch from flush_lag) * 1000,
       extract(epoch from replay_lag) * 1000,
       pg_wal_lsn_diff(case when pg_is_in_recovery() then pg_last_wal_replay_lsn()
                            else pg_current_wal_lsn() end,
                       replay_lsn)
  from pg_stat_replication
 order by application_name, client_addr
)sql";

constexpr const char* kStandbyQuery = R"sql(
select extract(epoch from now() - pg_last_xact_replay_timestamp()) * 1000,
       (select conninfo from pg_stat_wal_receiver limit 1),
       pg_is_in_recovery()
)sql";

std::optional<double> number(const PGresult* result, int row, int col) {
  if (PQgetisnull(result, row, col)) return std::nullopt;
  return std::strtod(PQgetvalue(result, row, col), nullptr);
}

std::string text(const PGresult* result, int row, int col) {
  return PQgetisnull(result, row, col) ? std::string() : std::string(PQgetvalue(result, row, col));
}

std::string trimmed(std::string message) {
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  return message;
}

}  // namespace

std::string walreceiver_application_name(const std::string& conninfo) {
  // pg_stat_wal_receiver prints "key=value" pairs separated by spaces,
  // values unquoted; a quoted value is read up to its closing quote.
  std::string application, fallback;
  std::size_t i = 0;
  while (i < conninfo.size()) {
    while (i < conninfo.size() && conninfo[i] == ' ') ++i;
    const std::size_t eq = conninfo.find('=', i);
    if (eq == std::string::npos) break;
    const std::string key = conninfo.substr(i, eq - i);
    std::string value;
    i = eq + 1;
    if (i < conninfo.size() && conninfo[i] == '\'') {
      for (++i; i < conninfo.size() && conninfo[i] != '\''; ++i) {
        if (conninfo[i] == '\\' && i + 1 < conninfo.size()) ++i;
        value += conninfo[i];
      }
      ++i;
    } else {
      while (i < conninfo.size() && conninfo[i] != ' ') value += conninfo[i++];
    }
    if (key == "application_name") application = value;
    if (key == "fallback_application_name") fallback = value;
  }
  return application.empty() ? fallback : application;
}

const ReplicationRow* match_replication_row(const std::vector<ReplicationRow>& rows,
                                            const std::string& name, std::size_t standbys) {
  const ReplicationRow* found = nullptr;
  int matches = 0;
  if (!name.empty()) {
    for (const ReplicationRow& row : rows) {
      if (row.application_name != name) continue;
      found = &row;
      ++matches;
    }
  }
  if (matches == 1) return found;
  if (matches == 0 && standbys == 1 && rows.size() == 1) return &rows.front();
  return nullptr;
}

// One server the sampler reads: its own connection, opened on first use and
// again after it broke.
class LagSampler::Source {
 public:
  Source(std::string conninfo, std::string label, ConsoleLog& log)
      : conninfo_(std::move(conninfo)), label_(std::move(label)), log_(log) {}
  ~Source() { close(); }
  Source(const Source&) = delete;
  Source& operator=(const Source&) = delete;

  // The query's result, or nullptr if the server could not be read (told
  // on the log once until it can be read again).
  std::unique_ptr<PGresult, void (*)(PGresult*)> query(const char* sql) {
    std::unique_ptr<PGresult, void (*)(PGresult*)> none(nullptr, PQclear);
    if (!open()) return none;
    const std::string bounded = std::string(kBoundedBegin) + sql + kBoundedEnd;
    std::unique_ptr<PGresult, void (*)(PGresult*)> rows(nullptr, PQclear);
    std::string problem;
    if (PQsendQuery(conn_, bounded.c_str()) != 1) problem = trimmed(PQerrorMessage(conn_));
    while (PGresult* next = PQgetResult(conn_)) {
      std::unique_ptr<PGresult, void (*)(PGresult*)> result(next, PQclear);
      const ExecStatusType status = PQresultStatus(next);
      if (status == PGRES_TUPLES_OK) {
        rows = std::move(result);
      } else if (status != PGRES_COMMAND_OK && problem.empty()) {
        problem = trimmed(PQresultErrorMessage(next));
      }
    }
    // A failed statement skips the rest of the string, commit included.
    if (PQtransactionStatus(conn_) == PQTRANS_INERROR) PQclear(PQexec(conn_, "rollback"));
    if (rows && problem.empty()) {
      failing_ = false;
      return rows;
    }
    report(problem.empty() ? trimmed(PQerrorMessage(conn_)) : problem);
    if (PQstatus(conn_) != CONNECTION_OK) close();
    return none;
  }

  const std::string& label() const { return label_; }

 private:
  bool open() {
    if (conn_ != nullptr) return true;
    // dbname first so that the conninfo (or URI) it expands to cannot undo
    // the timeout and the name shown in pg_stat_activity.
    const char* keys[] = {"dbname", "connect_timeout", "application_name", nullptr};
    const char* values[] = {conninfo_.c_str(), kConnectTimeoutSeconds, "tpcc replication lag",
                            nullptr};
    conn_ = PQconnectdbParams(keys, values, 1);
    if (conn_ == nullptr || PQstatus(conn_) != CONNECTION_OK) {
      report(conn_ ? trimmed(PQerrorMessage(conn_)) : "out of memory");
      close();
      return false;
    }
    return true;
  }

  void close() {
    if (conn_ != nullptr) PQfinish(conn_);
    conn_ = nullptr;
  }

  void report(const std::string& message) {
    if (failing_) return;
    failing_ = true;
    log_.error("replication lag: cannot read " + label_ + ": " + message);
  }

  std::string conninfo_;
  std::string label_;
  ConsoleLog& log_;
  PGconn* conn_ = nullptr;
  bool failing_ = false;
};

LagSampler::LagSampler(std::string primary, std::vector<std::string> standbys, ConsoleLog& log)
    : log_(log) {
  primary_ =
      std::make_unique<Source>(primary, "the primary (" + describe_target(primary) + ")", log);
  for (std::size_t i = 0; i < standbys.size(); ++i) {
    standbys_.push_back(std::make_unique<Source>(
        standbys[i], "standby " + std::to_string(i + 1) + " (" + describe_target(standbys[i]) + ")",
        log));
  }
}

LagSampler::~LagSampler() { stop(); }

void LagSampler::start(const RunPhases* phases, double period_seconds) {
  phases_ = phases;
  thread_ = std::thread([this, period_seconds] { loop(period_seconds); });
}

void LagSampler::stop() {
  stop_.request();
  if (thread_.joinable()) thread_.join();
}

std::vector<LagReading> LagSampler::latest() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return latest_;
}

void LagSampler::loop(double period_seconds) {
  do {
    LagSample sample = sample_now();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      latest_ = sample.readings;
    }
    samples_.push_back(std::move(sample));
  } while (!stop_.wait_for(period_seconds));
}

LagSample LagSampler::sample_now() {
  const Clock::time_point at = Clock::now();
  std::vector<ReplicationRow> rows;
  if (auto result = primary_->query(kPrimaryQuery)) {
    for (int r = 0; r < PQntuples(result.get()); ++r) {
      rows.push_back({text(result.get(), r, 0), text(result.get(), r, 1),
                      number(result.get(), r, 2), number(result.get(), r, 3),
                      number(result.get(), r, 4), number(result.get(), r, 5)});
    }
  }
  LagSample sample;
  sample.elapsed_seconds = seconds_between(phases_->start(), at);
  sample.measured = phases_->phase_at(at) == Phase::Measured;
  for (std::size_t i = 0; i < standbys_.size(); ++i) {
    LagReading reading;
    std::string name;
    if (auto result = standbys_[i]->query(kStandbyQuery)) {
      reading.replay_delay_ms = number(result.get(), 0, 0);
      name = walreceiver_application_name(text(result.get(), 0, 1));
      if (text(result.get(), 0, 2) != "t" && !warned_not_standby_) {
        log_.line("warning: " + standbys_[i]->label() +
                  " is not in recovery: it is not a standby of the primary");
      }
    }
    if (const ReplicationRow* row = match_replication_row(rows, name, standbys_.size())) {
      reading.application_name = row->application_name;
      reading.client_addr = row->client_addr;
      reading.write_lag_ms = row->write_lag_ms;
      reading.flush_lag_ms = row->flush_lag_ms;
      reading.replay_lag_ms = row->replay_lag_ms;
      reading.bytes_behind = row->bytes_behind;
    }
    sample.readings.push_back(std::move(reading));
  }
  warned_not_standby_ = true;
  return sample;
}

}  // namespace tpcc
