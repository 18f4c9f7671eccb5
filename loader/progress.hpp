// Load progress: a redrawn bar on a terminal, plain periodic lines otherwise
// (logs, CI). Runs on its own thread while the workers load.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <ostream>
#include <thread>

#include "loader/writer.hpp"

namespace tpcc {

struct ProgressTotals {
  int jobs = 0;  // warehouses (+1 for the item table)
  std::int64_t expected_rows = 0;
};

class LoadProgress {
 public:
  LoadProgress(std::ostream& out, bool is_terminal, const LoadCounters& counters,
               const std::atomic<int>& jobs_done, ProgressTotals totals);
  ~LoadProgress();  // stops the thread and prints the final line

  LoadProgress(const LoadProgress&) = delete;
  LoadProgress& operator=(const LoadProgress&) = delete;

 private:
  void loop();
  void print(bool final_line);

  std::ostream& out_;
  const bool is_terminal_;
  const LoadCounters& counters_;
  const std::atomic<int>& jobs_done_;
  const ProgressTotals totals_;
  const std::chrono::steady_clock::time_point start_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread thread_;
};

// One status line: "[####......] 3/8 jobs  1.2M rows/s  95.1 MB/s  ETA 12s".
std::string format_progress_line(int jobs_done, int jobs, std::int64_t rows,
                                 std::int64_t expected_rows, std::int64_t bytes, double seconds,
                                 int bar_width, bool final_line);

}  // namespace tpcc
