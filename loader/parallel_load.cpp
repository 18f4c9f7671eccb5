#include "loader/parallel_load.hpp"

#include <algorithm>
#include <exception>
#include <mutex>
#include <thread>

#include "db/pg_connection.hpp"
#include "loader/prepare_lock.hpp"

namespace tpcc {
namespace {

// COPY FREEZE into a table this transaction emptied: on one server (Citus
// copies into shards on its workers) and with COPY (INSERT cannot freeze).
bool freeze_allowed(const Config& config) {
  return config.load_method == LoadMethod::Copy && config.distribution == Distribution::None;
}

class JobRunner {
 public:
  JobRunner(const Config& config, const LoadParameters& params, const LoadJobs& jobs,
            LoadCounters& counters, std::atomic<int>& jobs_done)
      : config_(config), params_(params), jobs_(jobs), counters_(counters), jobs_done_(jobs_done) {}

  void worker() {
    try {
      PgConnection conn(config_.conninfo);
      // Each warehouse commits once; waiting for its WAL flush buys nothing here.
      conn.exec("set synchronous_commit = off");
      conn.exec(hold_prepare_lock_sql(config_.driver_index));
      while (!failed_.load()) {
        const long long job = next_job_++;
        if (job >= jobs_.count()) break;
        run_job(conn, job);
        ++jobs_done_;
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_mutex_);
      if (!error_) error_ = std::current_exception();
      failed_ = true;
    }
  }

  void rethrow_if_failed() const {
    if (error_) std::rethrow_exception(error_);
  }

 private:
  // One transaction per job: a failure leaves no part of a warehouse behind.
  void run_job(PgConnection& conn, long long job) {
    conn.exec("begin");
    const long long first_warehouse_job = jobs_.items ? 1 : 0;
    if (job < first_warehouse_job) {
      // The item job is the whole table: emptied in its own transaction (it
      // holds no row, or the job would not run), it takes COPY FREEZE.
      const bool freeze = freeze_allowed(config_);
      if (freeze) conn.exec("truncate bmsql_item");
      auto writer = make_row_writer(config_, conn, counters_, freeze);
      generate_items(params_, *writer);
      writer->finish();
    } else {
      auto writer = make_row_writer(config_, conn, counters_, false);
      generate_warehouse(params_, jobs_.warehouse_at(job - first_warehouse_job), *writer);
      writer->finish();
    }
    conn.exec("commit");
  }

  const Config& config_;
  const LoadParameters& params_;
  const LoadJobs& jobs_;
  LoadCounters& counters_;
  std::atomic<int>& jobs_done_;
  std::atomic<long long> next_job_{0};
  std::atomic<bool> failed_{false};
  std::mutex error_mutex_;
  std::exception_ptr error_;
};

}  // namespace

void run_load_jobs(const Config& config, const LoadParameters& params, const LoadJobs& jobs,
                   LoadCounters& counters, std::atomic<int>& jobs_done) {
  JobRunner runner(config, params, jobs, counters, jobs_done);
  const int workers =
      static_cast<int>(std::max(1LL, std::min<long long>(config.load_workers, jobs.count())));
  std::vector<std::thread> threads;
  for (int i = 0; i < workers; ++i) threads.emplace_back([&runner] { runner.worker(); });
  for (auto& t : threads) t.join();
  runner.rethrow_if_failed();
}

}  // namespace tpcc
