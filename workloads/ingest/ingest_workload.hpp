// The ingest workload on the engine: one transaction type, "insert_batch"; each
// execute sends one --ingest-rows INSERT (or COPY) into the stream's table
// and counts the rows the server acknowledged, per stream and per table.
// A batch whose connection broke before its answer is counted in doubt for
// its table (committed or not, no one can tell); tpcc check allows for it.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "config/workload_options.hpp"
#include "terminal/engine/workload.hpp"

namespace tpcc {

// What the batches of a run did, counted as they end (from every worker).
// Each count has a cache line of its own: the streams' workers add to
// theirs at every batch without taking the line from one another.
class IngestCounters {
 public:
  IngestCounters(int streams, int tables);
  void acknowledged(int stream, int table, long long rows);
  void in_doubt(int table, long long rows);
  long long stream_rows(int stream) const;
  long long table_rows(int table) const;  // acknowledged, 1-based table
  long long table_in_doubt(int table) const;
  int streams() const { return static_cast<int>(streams_.size()); }
  int tables() const { return static_cast<int>(tables_.size()); }

 private:
  struct alignas(64) Count {
    std::atomic<long long> value{0};
  };
  std::vector<Count> streams_;
  std::vector<Count> tables_;
  std::vector<Count> doubt_;
};

class IngestWorkload : public Workload {
 public:
  // streams: the terminals; the tables they write follow from the options.
  IngestWorkload(const IngestOptions& options, int streams);

  std::string name() const override { return "ingest"; }
  const std::vector<WorkloadType>& types() const override { return types_; }
  // The INSERT of each table (insert method); COPY needs no statement.
  void prepare(Session& session) const override;
  TxnIndex next(VirtualTerminal& terminal) const override;
  TxnResult execute(TxnIndex type, Session& session, VirtualTerminal& terminal) const override;

  const IngestOptions& options() const { return options_; }
  int table_count() const { return table_count_; }
  const IngestCounters& counters() const { return *counters_; }

 private:
  long long send_batch(Session& session, int table) const;

  IngestOptions options_;
  int table_count_;
  std::vector<WorkloadType> types_;
  std::vector<std::string> statement_names_;  // table t's at t - 1, made once
  std::unique_ptr<IngestCounters> counters_;
};

}  // namespace tpcc
