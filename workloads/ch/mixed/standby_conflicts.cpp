#include "workloads/ch/mixed/standby_conflicts.hpp"

#include <pqxx/nontransaction>
#include <pqxx/result>

#include "config/conn/mask.hpp"
#include "db/connect.hpp"
#include "db/recovery_conflict.hpp"
#include "schema/schema.hpp"

namespace tpcc {
namespace {

// The standby's counts for the database the streams run in.
constexpr const char* kConflictsSql =
    "select confl_snapshot, confl_lock, confl_bufferpin, confl_deadlock, confl_tablespace "
    "from pg_stat_database_conflicts where datname = current_database()";
constexpr const char* kFeedbackSql = "select current_setting('hot_standby_feedback')::bool";
// $1: TPC-C's tables: each table, and a partitioned one's partitions
// (pg_partition_tree lists no plain table, and a parent has no tuples).
constexpr const char* kDeadTuplesSql =
    "select coalesce(sum(s.n_dead_tup), 0) from pg_stat_user_tables s where s.relid in ("
    "select to_regclass(t.name) from unnest($1::text[]) as t(name) union "
    "select p.relid from unnest($1::text[]) as t(name) "
    "cross join lateral pg_partition_tree(to_regclass(t.name)) as p)";

}  // namespace

std::optional<StandbyConflictReading> read_standby_conflicts(const std::string& standby) {
  std::optional<StandbyConflictReading> reading;
  try {
    // The standby may cancel the read itself to replay the primary's
    // vacuum: asked again before the figures are given up.
    retry_recovery_conflicts(
        [&] {
          reading.reset();
          auto conn = connect(standby);
          pqxx::nontransaction tx(*conn);
          const pqxx::result r = tx.exec(kConflictsSql);
          if (r.empty()) return;
          StandbyConflictReading read;
          read.conflicts = {r[0][0].as<std::int64_t>(), r[0][1].as<std::int64_t>(),
                            r[0][2].as<std::int64_t>(), r[0][3].as<std::int64_t>(),
                            r[0][4].as<std::int64_t>()};
          read.hot_standby_feedback = tx.exec(kFeedbackSql)[0][0].as<bool>();
          reading = read;
        },
        mask_password(standby), "the read of pg_stat_database_conflicts");
  } catch (const std::exception&) {
    return std::nullopt;
  }
  return reading;
}

std::optional<std::int64_t> read_primary_dead_tuples(const std::string& primary) {
  try {
    auto conn = connect(primary);
    pqxx::nontransaction tx(*conn);
    return tx.exec_params(kDeadTuplesSql, names_array(kAllTables))[0][0].as<std::int64_t>();
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

StandbyConflictWatch::StandbyConflictWatch(std::string primary, std::vector<std::string> standbys)
    : primary_(std::move(primary)), standbys_(std::move(standbys)) {}

void StandbyConflictWatch::start() {
  start_.clear();
  bool feedback = false;
  for (const std::string& standby : standbys_) {
    start_.push_back(read_standby_conflicts(standby));
    feedback = feedback || (start_.back() && start_.back()->hot_standby_feedback);
  }
  if (feedback) dead_tuples_start_ = read_primary_dead_tuples(primary_);
}

std::vector<ChServerFigures> StandbyConflictWatch::finish() const {
  std::optional<std::int64_t> dead_tuples_end;
  if (dead_tuples_start_) dead_tuples_end = read_primary_dead_tuples(primary_);
  std::vector<ChServerFigures> servers;
  for (std::size_t k = 0; k < standbys_.size(); ++k) {
    ChServerFigures server;
    server.name = "standby " + std::to_string(k + 1);
    const std::optional<StandbyConflictReading>& start =
        k < start_.size() ? start_[k] : std::nullopt;
    const std::optional<StandbyConflictReading> end = read_standby_conflicts(standbys_[k]);
    if (start) server.hot_standby_feedback = start->hot_standby_feedback;
    if (start && end) server.conflicts = conflicts_delta(start->conflicts, end->conflicts);
    if (start && start->hot_standby_feedback && dead_tuples_start_ && dead_tuples_end) {
      server.primary_dead_tuples_growth = *dead_tuples_end - *dead_tuples_start_;
    }
    servers.push_back(server);
  }
  return servers;
}

}  // namespace tpcc
