#include "workloads/common/parallel_jobs.hpp"

#include <unistd.h>  // isatty

#include <algorithm>
#include <atomic>
#include <climits>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "config/elapsed.hpp"
#include "loader/prepare_lock.hpp"

namespace tpcc {

void run_on_workers(const Config& config, std::size_t count, int workers,
                    const std::function<void(PgConnection&, std::size_t)>& job) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex error_mutex;
  std::exception_ptr error;
  auto work = [&] {
    try {
      PgConnection conn(config.conninfo);
      conn.exec("set synchronous_commit = off");
      conn.exec(hold_prepare_lock_sql(0));
      while (!failed.load()) {
        const std::size_t n = next++;
        if (n >= count) break;
        job(conn, n);
      }
    } catch (...) {
      std::lock_guard<std::mutex> lock(error_mutex);
      if (!error) error = std::current_exception();
      failed = true;
    }
  };
  const int threads_wanted =
      static_cast<int>(std::max<std::size_t>(1, std::min<std::size_t>(workers, count)));
  std::vector<std::thread> threads;
  for (int i = 0; i < threads_wanted; ++i) threads.emplace_back(work);
  for (auto& t : threads) t.join();
  if (error) std::rethrow_exception(error);
}

void load_on_workers(const Config& config, std::ostream& out, std::size_t count, long long rows,
                     LoadCounters& counters,
                     const std::function<void(PgConnection&, std::size_t)>& job) {
  std::atomic<int> jobs_done{0};
  const ProgressTotals totals{static_cast<int>(std::min<std::size_t>(count, INT_MAX)), rows};
  LoadProgress progress(out, isatty(STDOUT_FILENO) == 1, counters, jobs_done, totals);
  run_on_workers(config, count, config.load_workers, [&](PgConnection& c, std::size_t n) {
    job(c, n);
    ++jobs_done;
  });
}

}  // namespace tpcc
