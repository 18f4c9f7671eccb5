// Statements the server executed for a session, split the way sysbench
// reports queries (read / write / other) by the command tag the server
// returns with each result: cheap to count, and the server's word, not a
// guess from the SQL text. A statement the kit knows changes rows under a
// SELECT tag is counted as a write by the session instead
// (Session::Counted::AsWrite).
#pragma once

#include <cstdint>

namespace tpcc {

struct StatementCounts {
  std::int64_t reads = 0;   // SELECT
  std::int64_t writes = 0;  // INSERT, UPDATE, DELETE, MERGE, COPY
  std::int64_t other = 0;   // BEGIN, COMMIT, ROLLBACK, SET and the rest

  std::int64_t total() const { return reads + writes + other; }
  void merge(const StatementCounts& other_counts);
};

// Adds one statement by its command tag ("SELECT 1", "INSERT 0 1", "COMMIT").
void count_command_tag(StatementCounts& counts, const char* tag);

}  // namespace tpcc
