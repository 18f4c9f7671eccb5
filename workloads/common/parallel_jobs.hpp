// A prepare's jobs (ranges of rows, then per-table finishing) spread over
// connections of their own, each holding the prepare lock.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <ostream>

#include "config/config.hpp"
#include "db/pg_connection.hpp"
#include "loader/progress.hpp"

namespace tpcc {

// Runs job(connection, n) for n in 0..count-1 on up to `workers`
// connections (synchronous_commit off: each job commits once, and waiting
// for its WAL flush buys nothing); rethrows the first error after every
// worker has stopped.
void run_on_workers(const Config& config, std::size_t count, int workers,
                    const std::function<void(PgConnection&, std::size_t)>& job);

// The same for `count` ranges of rows to load, `rows` in all, with the
// loader's progress line on `out` (a bar on a terminal); each job adds
// what it loaded to `counters`.
void load_on_workers(const Config& config, std::ostream& out, std::size_t count, long long rows,
                     LoadCounters& counters,
                     const std::function<void(PgConnection&, std::size_t)>& job);

}  // namespace tpcc
