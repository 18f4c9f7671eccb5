// Writers turn generated rows into database rows inside the caller's
// transaction: COPY FROM STDIN, binary or text (fast, the default), or
// multi-row INSERT.
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

// The writer of config's --load-method and --copy-format. freeze: COPY with
// FREEZE, for a caller whose transaction created or truncated every table
// it writes (PostgreSQL refuses FREEZE otherwise).
std::unique_ptr<RowWriter> make_row_writer(const Config& config, PgConnection& conn,
                                           LoadCounters& counters, bool freeze);

}  // namespace tpcc
