// Writers turn generated rows into database rows inside the caller's
// transaction: COPY FROM STDIN (fast, the default) or multi-row INSERT.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "config/config.hpp"
#include "db/pg_connection.hpp"
#include "loader/generate.hpp"

namespace tpcc {

// Totals shared by all load workers, read by the progress display.
struct LoadCounters {
  std::atomic<std::int64_t> rows{0};
  std::atomic<std::int64_t> bytes{0};  // text sent to the server
};

class RowWriter : public RowSink {
 public:
  // Sends what is buffered and ends any COPY; call before commit.
  virtual void finish() = 0;
};

std::unique_ptr<RowWriter> make_row_writer(LoadMethod method, PgConnection& conn,
                                           int insert_batch_rows, LoadCounters& counters);

}  // namespace tpcc
