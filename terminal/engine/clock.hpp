// The run's timeline (warm-up, measurement, after the end) and the stop
// request shared by the scheduler and the workers.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>

namespace tpcc {

using Clock = std::chrono::steady_clock;

// Seconds from a to b (negative if b is earlier).
double seconds_between(Clock::time_point a, Clock::time_point b);
// a + seconds.
Clock::time_point seconds_after(Clock::time_point a, double seconds);

// Where a completion falls: transactions completing during warm-up are shown
// in warm-up interval lines but counted in no figure; those completing after
// the end (in flight when the run stopped) are not counted at all.
enum class Phase { Warmup, Measured, After };

class RunPhases {
 public:
  // duration: measured time, or nullopt when the run ends by transaction
  // count (the end is then set by end_at()).
  RunPhases(Clock::time_point start, double warmup_seconds, std::optional<double> duration_seconds);

  Phase phase_at(Clock::time_point t) const;

  // Moves the end to t if that is earlier (interrupt, all terminals done).
  void end_at(Clock::time_point t);

  Clock::time_point start() const { return start_; }
  Clock::time_point warmup_end() const { return warmup_end_; }
  Clock::time_point end() const;
  bool has_planned_end() const { return planned_end_; }

  // Seconds of measurement and of warm-up actually run, given the end.
  double measured_seconds() const;
  double warmup_seconds() const;

 private:
  Clock::time_point start_;
  Clock::time_point warmup_end_;
  bool planned_end_;
  std::atomic<Clock::rep> end_;  // time_since_epoch().count() of the end
};

// A stop request that sleeping threads wake up for.
class StopSignal {
 public:
  void request();
  bool requested() const { return requested_.load(std::memory_order_acquire); }
  // Sleeps up to `seconds`; returns true if the stop was requested. A
  // fiber (db/socket_waiter.hpp) sleeps alone, its thread serving others.
  bool wait_for(double seconds);

 private:
  std::atomic<bool> requested_{false};
  std::mutex mutex_;
  std::condition_variable cv_;
};

}  // namespace tpcc
