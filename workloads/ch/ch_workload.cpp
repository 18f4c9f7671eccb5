#include "workloads/ch/ch_workload.hpp"

#include "db/recovery_conflict.hpp"
#include "db/session.hpp"
#include "terminal/engine/worker.hpp"
#include "workloads/ch/ch_citus.hpp"
#include "workloads/ch/mixed/freshness_samples.hpp"
#include "workloads/ch/mixed/heartbeat.hpp"

namespace tpcc {
namespace {

constexpr const char* kQueryCanceled = "57014";

std::string statement_name(int query) { return "ch_q" + std::to_string(query); }
constexpr const char* kFreshnessStatement = "ch_freshness";

// Where a stream is: its number, and the position of its next query in its
// order; the server it runs on (FreshnessSamples::server_of).
struct ChStream {
  int stream = 0;
  int position = 0;
  int server = 0;
};

}  // namespace

bool is_cancel(const std::string& sqlstate) { return sqlstate == kQueryCanceled; }

ChErrorCounters::Counts ChErrorCounters::counts() const {
  Counts counts;
  for (std::size_t i = 0; i < static_cast<std::size_t>(kChQueryCount); ++i) {
    counts.recovery_conflicts[i] = recovery_conflicts_[i].load(std::memory_order_relaxed);
    counts.cancels[i] = cancels_[i].load(std::memory_order_relaxed);
  }
  return counts;
}

int ch_query_of(TxnIndex type) { return static_cast<int>(type) + 1; }

ChWorkload::ChWorkload(FreshnessSamples* freshness)
    : errors_(std::make_unique<ChErrorCounters>()), freshness_(freshness) {
  for (int query = 1; query <= kChQueryCount; ++query) {
    types_.push_back({"q" + std::to_string(query), ch_query_name(query), {}});
  }
}

std::any ChWorkload::bind(int index, const Config& group_config) const {
  return ChStream{index, 0, freshness_ ? freshness_->server_of(group_config.conninfo) : 0};
}

void ChWorkload::prepare(Session& session) const {
  for (int query = 1; query <= kChQueryCount; ++query) {
    session.prepare(statement_name(query),
                    citus_ ? ch_citus_query_sql(query) : ch_query_sql(query));
  }
  if (freshness_) session.prepare(kFreshnessStatement, kChFreshnessSql);
}

TxnIndex ChWorkload::next(VirtualTerminal& terminal) const {
  auto* stream = std::any_cast<ChStream>(&terminal.binding);
  const int query = ch_stream_order(stream->stream)[static_cast<std::size_t>(stream->position)];
  stream->position = (stream->position + 1) % kChQueryCount;
  return static_cast<TxnIndex>(query - 1);
}

TxnResult ChWorkload::execute(TxnIndex type, Session& session, VirtualTerminal& terminal) const {
  const int query = ch_query_of(type);
  TxnResult result;
  auto failed = [&](const std::string& message, const std::string& sqlstate) {
    if (is_recovery_conflict(sqlstate, message)) errors_->recovery_conflict(query);
    if (is_cancel(sqlstate)) errors_->cancel(query);
    result.outcome = Outcome::Error;
    result.error = message;
    result.sqlstate = sqlstate;
  };
  try {
    // The results before the query's own: the setting's, in the same round trip.
    const std::size_t first = citus_ ? 1 : 0;
    if (citus_) session.queue_command(kChCitusSessionSql);
    if (freshness_ == nullptr) {
      session.queue(statement_name(query), Params{});
      result.tallies[kChRowsTally] = session.flush()[first].rows();
    } else {
      // One snapshot, taken by the heartbeat's read, for the query after
      // it: the heartbeat's age is that of the data the query sees.
      session.queue_command(begin_command(Isolation::RepeatableRead, true));
      session.queue(kFreshnessStatement, Params{});
      session.queue(statement_name(query), Params{});
      session.queue_command("commit");
      const std::vector<QueryResult> results = session.flush();
      result.tallies[kChRowsTally] = results[first + 2].rows();
      const QueryResult& beat = results[first + 1];
      if (beat.rows() == 1 && !beat.is_null(0, 0)) {
        freshness_->add(std::any_cast<ChStream>(&terminal.binding)->server, beat.as_double(0, 0));
      }
    }
  } catch (const ConnectionLost& e) {
    // A standby ends a session it cannot cancel a query of (FATAL 40001).
    if (is_recovery_conflict(e.sqlstate, e.what())) errors_->recovery_conflict(query);
    throw;
  } catch (const RetryableError& e) {
    failed(e.what(), e.sqlstate);
  } catch (const SqlError& e) {
    failed(e.what(), e.sqlstate);
  }
  return result;
}

}  // namespace tpcc
