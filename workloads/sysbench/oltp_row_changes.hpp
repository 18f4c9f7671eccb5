// The rows a run of an oltp test added to and removed from each sbtest
// table, by the server's own counts (the command tags of the INSERTs and
// DELETEs whose events it acknowledged), and the writes whose outcome the
// run cannot know (their connection broke before the answer came). After
// the run the kit records them beside the table (tpcc_sysbench_tables), so
// that `tpcc check` can say whether a table holds the rows it should:
// what prepare loaded plus every run's inserts minus its deletes, give or
// take the writes in doubt.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace pqxx {
class connection_base;
}

namespace tpcc {

enum class OltpStatement;

struct OltpTableChange {
  std::int64_t net = 0;       // acknowledged rows inserted minus rows deleted
  std::int64_t in_doubt = 0;  // inserts and deletes sent but never answered
};

class OltpRowChanges {
 public:
  explicit OltpRowChanges(int tables);

  // A write the server acknowledged on sbtest<table>, with its row count.
  void acknowledge(OltpStatement statement, int table, long long rows);
  // A write sent on a connection that broke before its answer.
  void doubt(OltpStatement statement, int table);

  // sbtest<table>'s changes so far (1..tables).
  OltpTableChange table(int table) const;
  int tables() const { return static_cast<int>(net_.size()); }

 private:
  std::vector<std::atomic<std::int64_t>> net_;
  std::vector<std::atomic<std::int64_t>> in_doubt_;
};

// Whether a statement changes how many rows a table holds.
bool oltp_statement_counts_rows(OltpStatement statement);

// Before the run: marks the tables as being run against, so that a run
// that ends without recording its changes leaves the count unknown rather
// than wrong.
void mark_oltp_run_open(pqxx::connection_base& conn, int tables);

// After the run: adds each table's changes to its recorded row count and
// clears the mark, in one transaction.
void record_oltp_row_changes(pqxx::connection_base& conn, const OltpRowChanges& changes);

}  // namespace tpcc
