#include "loader/progress.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace tpcc {
namespace {

std::string human_count(double value) {
  char buf[32];
  if (value >= 1e6) {
    std::snprintf(buf, sizeof buf, "%.2fM", value / 1e6);
  } else if (value >= 1e3) {
    std::snprintf(buf, sizeof buf, "%.1fk", value / 1e3);
  } else {
    std::snprintf(buf, sizeof buf, "%.0f", value);
  }
  return buf;
}

}  // namespace

std::string format_progress_line(int jobs_done, int jobs, std::int64_t rows,
                                 std::int64_t expected_rows, std::int64_t bytes, double seconds,
                                 int bar_width, bool final_line) {
  // The expected row count is an estimate (order lines are random), so the
  // final line says 100% rather than what the estimate would give.
  const double fraction =
      final_line ? 1.0
      : expected_rows > 0
          ? std::min(1.0, static_cast<double>(rows) / static_cast<double>(expected_rows))
          : 0.0;
  std::string line;
  if (bar_width > 0) {
    const int filled = static_cast<int>(fraction * bar_width);
    line = "[" + std::string(static_cast<std::size_t>(filled), '#') +
           std::string(static_cast<std::size_t>(bar_width - filled), '.') + "] ";
  }
  const double rate = seconds > 0 ? static_cast<double>(rows) / seconds : 0;
  const double mb_rate = seconds > 0 ? static_cast<double>(bytes) / 1e6 / seconds : 0;
  char buf[160];
  std::snprintf(buf, sizeof buf, "%3.0f%%  %d/%d jobs  %s rows  %s rows/s  %.1f MB/s",
                fraction * 100, jobs_done, jobs, human_count(static_cast<double>(rows)).c_str(),
                human_count(rate).c_str(), mb_rate);
  line += buf;
  if (!final_line && fraction > 0.01 && fraction < 1.0) {
    std::snprintf(buf, sizeof buf, "  ETA %.0fs", seconds * (1 - fraction) / fraction);
    line += buf;
  }
  return line;
}

LoadProgress::LoadProgress(std::ostream& out, bool is_terminal, const LoadCounters& counters,
                           const std::atomic<int>& jobs_done, ProgressTotals totals)
    : out_(out),
      is_terminal_(is_terminal),
      counters_(counters),
      jobs_done_(jobs_done),
      totals_(totals),
      start_(std::chrono::steady_clock::now()),
      thread_([this] { loop(); }) {}

LoadProgress::~LoadProgress() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
  print(true);
}

void LoadProgress::loop() {
  // A terminal is redrawn twice a second; a log gets a line every 10 s.
  const auto period = is_terminal_ ? std::chrono::milliseconds(500) : std::chrono::seconds(10);
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, period, [this] { return stop_; })) print(false);
}

void LoadProgress::print(bool final_line) {
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const std::string line = format_progress_line(
      jobs_done_.load(), totals_.jobs, counters_.rows.load(), totals_.expected_rows,
      counters_.bytes.load(), seconds, is_terminal_ ? 30 : 0, final_line);
  if (is_terminal_) {
    out_ << "\r" << line << "\033[K" << (final_line ? "\n" : "") << std::flush;
  } else {
    out_ << "load: " << line << "\n" << std::flush;
  }
}

}  // namespace tpcc
