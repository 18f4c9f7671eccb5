#include "terminal/engine/clock.hpp"

#include <algorithm>
#include <limits>

#include "db/socket_waiter.hpp"

namespace tpcc {
namespace {

// How late a fiber's sleep (StopSignal::wait_for) sees a stop at most.
constexpr double kStopPollSeconds = 0.1;

}  // namespace

double seconds_between(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double>(b - a).count();
}

Clock::time_point seconds_after(Clock::time_point a, double seconds) {
  return a + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

RunPhases::RunPhases(Clock::time_point start, double warmup_seconds,
                     std::optional<double> duration_seconds)
    : start_(start),
      warmup_end_(seconds_after(start, warmup_seconds)),
      planned_end_(duration_seconds.has_value()),
      end_(duration_seconds
               ? seconds_after(warmup_end_, *duration_seconds).time_since_epoch().count()
               : std::numeric_limits<Clock::rep>::max()) {}

Phase RunPhases::phase_at(Clock::time_point t) const {
  if (t < warmup_end_) return Phase::Warmup;
  if (t.time_since_epoch().count() <= end_.load(std::memory_order_acquire)) return Phase::Measured;
  return Phase::After;
}

void RunPhases::end_at(Clock::time_point t) {
  const Clock::rep wanted = t.time_since_epoch().count();
  Clock::rep current = end_.load(std::memory_order_acquire);
  while (wanted < current && !end_.compare_exchange_weak(current, wanted)) {
  }
}

Clock::time_point RunPhases::end() const {
  return Clock::time_point(Clock::duration(end_.load(std::memory_order_acquire)));
}

double RunPhases::measured_seconds() const {
  return std::max(0.0, seconds_between(warmup_end_, end()));
}

double RunPhases::warmup_seconds() const {
  return std::max(0.0, seconds_between(start_, std::min(warmup_end_, end())));
}

void StopSignal::request() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    requested_.store(true, std::memory_order_release);
  }
  cv_.notify_all();
}

bool StopSignal::wait_for(double seconds) {
  if (SocketWaiter* waiter = thread_socket_waiter()) {
    // A fiber sleeps through its thread's loop, which knows nothing of the
    // stop: it looks at it every kStopPollSeconds.
    const Clock::time_point end = seconds_after(Clock::now(), seconds);
    while (!requested()) {
      const Clock::time_point now = Clock::now();
      if (now >= end) return false;
      waiter->sleep_until(std::min(end, seconds_after(now, kStopPollSeconds)));
    }
    return true;
  }
  std::unique_lock<std::mutex> lock(mutex_);
  return cv_.wait_for(lock, std::chrono::duration<double>(seconds), [this] { return requested(); });
}

}  // namespace tpcc
