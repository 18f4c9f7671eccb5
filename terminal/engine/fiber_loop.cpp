#include "terminal/engine/fiber_loop.hpp"

#include <time.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <utility>

#include <boost/context/fiber.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>

namespace tpcc {

namespace ctx = boost::context;

namespace {

// Each fiber's stack: libpq, a workload's statements and an exception's
// unwinding fit with room to spare. Only the pages touched become memory;
// the guard page below turns an overflow into a crash, not a corruption.
constexpr std::size_t kStackBytes = 512 * 1024;

timespec timespec_of(std::chrono::steady_clock::duration left) {
  const auto nanos =
      std::max<std::int64_t>(0, std::chrono::duration_cast<std::chrono::nanoseconds>(left).count());
  timespec t{};
  t.tv_sec = static_cast<time_t>(nanos / 1000000000);
  t.tv_nsec = static_cast<long>(nanos % 1000000000);
  return t;
}

}  // namespace

struct FiberLoop::Task {
  std::function<void()> body;
  ctx::fiber fiber;  // the task, while it is suspended
  ctx::fiber loop;   // the loop, while the task runs
  // What it waits for: a socket and its events, or (fd -1) only a time.
  int fd = -1;
  short events = 0;
  std::optional<TimePoint> deadline;
  bool ready = false;  // what wait() returns
};

FiberLoop::FiberLoop(int wake_fd) : wake_fd_(wake_fd) {}

FiberLoop::~FiberLoop() = default;

void FiberLoop::spawn(std::function<void()> body) {
  auto made = std::make_unique<Task>();
  Task* task = made.get();
  task->body = std::move(body);
  task->fiber = ctx::fiber(std::allocator_arg, ctx::protected_fixedsize_stack(kStackBytes),
                           [this, task](ctx::fiber&& loop) {
                             task->loop = std::move(loop);
                             // Nothing crosses the fiber's boundary: kept for
                             // run() to rethrow. A fiber destroyed unfinished
                             // unwinds with forced_unwind, which must go on.
                             try {
                               task->body();
                             } catch (const ctx::detail::forced_unwind&) {
                               throw;
                             } catch (...) {
                               if (!error_) error_ = std::current_exception();
                             }
                             return std::move(task->loop);
                           });
  tasks_.push_back(std::move(made));
}

void FiberLoop::run() {
  const ScopedSocketWaiter installed(this);
  std::vector<Task*> runnable;
  for (const auto& task : tasks_) runnable.push_back(task.get());
  live_ = static_cast<int>(tasks_.size());
  while (live_ > 0) {
    // Every fiber whose wait ended runs before the loop waits again.
    for (Task* task : runnable) resume(*task);
    runnable.clear();
    if (live_ > 0) wait_round(runnable);
  }
  if (error_) std::rethrow_exception(error_);
}

void FiberLoop::resume(Task& task) {
  current_ = &task;
  task.fiber = std::move(task.fiber).resume();
  current_ = nullptr;
  if (!task.fiber) --live_;  // its body returned
}

void FiberLoop::yield(Task& task) {
  waiting_.push_back(&task);
  task.loop = std::move(task.loop).resume();
}

bool FiberLoop::wait(int fd, short events, std::optional<TimePoint> deadline) {
  if (current_ == nullptr) throw std::logic_error("FiberLoop::wait outside its fibers");
  Task& task = *current_;
  task.fd = fd;
  task.events = events;
  task.deadline = deadline;
  task.ready = false;
  yield(task);
  return task.ready;
}

void FiberLoop::sleep_until(TimePoint deadline) {
  if (current_ == nullptr) throw std::logic_error("FiberLoop::sleep_until outside its fibers");
  Task& task = *current_;
  task.fd = -1;  // poll ignores it
  task.events = 0;
  task.deadline = deadline;
  task.ready = false;
  yield(task);
}

void FiberLoop::wait_round(std::vector<Task*>& runnable) {
  ++rounds_;
  std::vector<pollfd>& fds = fds_;
  fds.clear();
  std::optional<TimePoint> earliest;
  for (const Task* task : waiting_) {
    fds.push_back({task->fd, task->events, 0});
    if (task->deadline && (!earliest || *task->deadline < *earliest)) earliest = task->deadline;
  }
  if (wake_fd_ >= 0) fds.push_back({wake_fd_, POLLIN, 0});
  timespec timeout{};
  if (earliest) timeout = timespec_of(*earliest - std::chrono::steady_clock::now());
  const int ready = ::ppoll(fds.data(), fds.size(), earliest ? &timeout : nullptr, nullptr);
  // A failed wait counts as ready, as the thread's own poll does: libpq
  // then reads, and reports what is wrong.
  const bool failed = ready < 0 && errno != EINTR;
  // The eventfd stays readable once the waits are abandoned: every wait
  // ends, and each fiber sees SessionInterrupts::waits_abandoned.
  const bool woken = wake_fd_ >= 0 && fds.back().revents != 0;
  const TimePoint now = earliest ? std::chrono::steady_clock::now() : TimePoint();
  std::size_t kept = 0;
  for (std::size_t i = 0; i < waiting_.size(); ++i) {
    Task* task = waiting_[i];
    const bool socket_ready = task->fd >= 0 && (fds[i].revents != 0 || failed);
    if (socket_ready || woken || (task->deadline && *task->deadline <= now)) {
      task->ready = socket_ready;
      runnable.push_back(task);
    } else {
      waiting_[kept++] = task;
    }
  }
  waiting_.resize(kept);
}

}  // namespace tpcc
