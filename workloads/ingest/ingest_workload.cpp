#include "workloads/ingest/ingest_workload.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>

#include "db/session.hpp"
#include "terminal/engine/worker.hpp"
#include "workloads/ingest/ingest_tables.hpp"

namespace tpcc {
namespace {

std::string statement_name(int table) { return "ingest_" + std::to_string(table); }

// The client's clock as COPY's text of a timestamp, microseconds included:
// what now() would give, less the trip to the server.
std::string now_stamp() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch() %
                                                                            std::chrono::seconds(1))
                          .count();
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[40];
  const std::size_t n = std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &utc);
  std::snprintf(text + n, sizeof text - n, ".%06lld", static_cast<long long>(micros));
  return text;
}

}  // namespace

IngestCounters::IngestCounters(int streams, int tables)
    : streams_(static_cast<std::size_t>(streams)),
      tables_(static_cast<std::size_t>(tables)),
      doubt_(static_cast<std::size_t>(tables)) {}

void IngestCounters::acknowledged(int stream, int table, long long rows) {
  streams_[static_cast<std::size_t>(stream)].value.fetch_add(rows, std::memory_order_relaxed);
  tables_[static_cast<std::size_t>(table - 1)].value.fetch_add(rows, std::memory_order_relaxed);
}

void IngestCounters::in_doubt(int table, long long rows) {
  doubt_[static_cast<std::size_t>(table - 1)].value.fetch_add(rows, std::memory_order_relaxed);
}

long long IngestCounters::stream_rows(int stream) const {
  return streams_[static_cast<std::size_t>(stream)].value.load(std::memory_order_relaxed);
}

long long IngestCounters::table_rows(int table) const {
  return tables_[static_cast<std::size_t>(table - 1)].value.load(std::memory_order_relaxed);
}

long long IngestCounters::table_in_doubt(int table) const {
  return doubt_[static_cast<std::size_t>(table - 1)].value.load(std::memory_order_relaxed);
}

IngestWorkload::IngestWorkload(const IngestOptions& options, int streams)
    : options_(options),
      table_count_(ingest_table_count(options, streams)),
      types_{{"insert_batch", "Insert batch", {}}},
      counters_(std::make_unique<IngestCounters>(streams, table_count_)) {
  for (int table = 1; table <= table_count_; ++table) {
    statement_names_.push_back(statement_name(table));
  }
}

void IngestWorkload::prepare(Session& session) const {
  if (options_.method != IngestMethod::Insert) return;
  for (int table = 1; table <= table_count_; ++table) {
    session.prepare(statement_names_[static_cast<std::size_t>(table - 1)],
                    ingest_insert_sql(table, options_.rows));
  }
}

TxnIndex IngestWorkload::next(VirtualTerminal&) const { return static_cast<TxnIndex>(0); }

long long IngestWorkload::send_batch(Session& session, int table) const {
  if (options_.method == IngestMethod::Copy) {
    return session.copy_in(ingest_copy_sql(table), ingest_copy_rows(options_.rows, now_stamp()));
  }
  session.queue(statement_names_[static_cast<std::size_t>(table - 1)].c_str(), Params{});
  return session.flush().front().affected_rows();
}

TxnResult IngestWorkload::execute(TxnIndex, Session& session, VirtualTerminal& terminal) const {
  const int table = ingest_table_of_stream(terminal.index, table_count_);
  TxnResult result;
  try {
    counters_->acknowledged(terminal.index, table, send_batch(session, table));
  } catch (const ConnectionLost&) {
    counters_->in_doubt(table, options_.rows);
    throw;
  } catch (const RetryableError& e) {
    result.outcome = Outcome::Error;
    result.error = e.what();
    result.sqlstate = e.sqlstate;
  } catch (const SqlError& e) {
    result.outcome = Outcome::Error;
    result.error = e.what();
    result.sqlstate = e.sqlstate;
  }
  return result;
}

}  // namespace tpcc
