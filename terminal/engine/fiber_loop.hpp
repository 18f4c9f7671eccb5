// Several terminals on one thread, each in a fiber (pgbench's -j: a thread
// is an event loop over its clients' sockets). A fiber runs until its
// session waits (db/socket_waiter.hpp), then yields; the loop waits once,
// with one ppoll over every waiting socket and the interrupts' eventfd,
// and resumes every fiber whose wait is over before it waits again. So a
// round trip costs the thread no sleep and wake-up of its own while other
// terminals' answers are ready. Private to the engine (engine*.cpp).
#pragma once

#include <poll.h>

#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "db/socket_waiter.hpp"

namespace tpcc {

class FiberLoop final : public SocketWaiter {
 public:
  // wake_fd: SessionInterrupts::wake_fd (-1: none); once it is readable
  // every wait and sleep ends.
  explicit FiberLoop(int wake_fd);
  ~FiberLoop() override;
  FiberLoop(const FiberLoop&) = delete;
  FiberLoop& operator=(const FiberLoop&) = delete;

  // A fiber that runs `body` once run() starts.
  void spawn(std::function<void()> body);
  // Runs the fibers until each has returned, as this thread's waiter.
  // What a body throws ends that fiber only; the first such exception is
  // rethrown once every fiber has returned.
  void run();

  // SocketWaiter, called from a fiber.
  bool wait(int fd, short events, std::optional<TimePoint> deadline) override;
  void sleep_until(TimePoint deadline) override;

  // The rounds run() waited in (one ppoll each); a test's measure of how
  // many ready fibers one wait served.
  long rounds() const { return rounds_; }

 private:
  struct Task;
  // Suspends the calling fiber until the loop resumes it.
  void yield(Task& task);
  void resume(Task& task);
  // One wait over the waiting fibers; moves those it ends to `runnable`.
  void wait_round(std::vector<Task*>& runnable);

  int wake_fd_;
  std::vector<std::unique_ptr<Task>> tasks_;
  std::vector<Task*> waiting_;
  std::vector<pollfd> fds_;  // wait_round's, kept for the next round
  Task* current_ = nullptr;
  int live_ = 0;
  long rounds_ = 0;
  std::exception_ptr error_;
};

}  // namespace tpcc
