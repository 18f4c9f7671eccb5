// Loads the item table and a set of warehouses with N workers, each with its
// own connection. Every job (items, or one warehouse) is one transaction, so
// a failed or killed load leaves only whole warehouses behind.
#pragma once

#include <atomic>
#include <vector>

#include "config/config.hpp"
#include "loader/generate.hpp"
#include "loader/load_jobs.hpp"
#include "loader/writer.hpp"

namespace tpcc {

// Runs every job; rethrows the first worker error after all workers stop.
void run_load_jobs(const Config& config, const LoadParameters& params, const LoadJobs& jobs,
                   LoadCounters& counters, std::atomic<int>& jobs_done);

}  // namespace tpcc
