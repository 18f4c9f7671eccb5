// Where a session waits for its socket, or sleeps between round trips: on
// its own thread by default (poll, sleep), or through the SocketWaiter the
// thread installed, which suspends the waiting session's fiber and serves
// the thread's other sessions meanwhile (terminal/engine/fiber_loop.hpp).
// db/ knows only this interface; whoever runs fibers implements it.
#pragma once

#include <chrono>
#include <optional>

namespace tpcc {

class SocketWaiter {
 public:
  using TimePoint = std::chrono::steady_clock::time_point;
  virtual ~SocketWaiter() = default;
  // Until `fd` is ready for `events` (POLLIN or POLLOUT), `deadline` has
  // passed, or the run's interrupts fired (SessionInterrupts::wake_fd);
  // true if the socket is ready (or the wait failed, which libpq then
  // reports), as the thread's own poll would say.
  virtual bool wait(int fd, short events, std::optional<TimePoint> deadline) = 0;
  // Until `deadline`, or earlier once the run's interrupts fired.
  virtual void sleep_until(TimePoint deadline) = 0;
};

// The calling thread's waiter; null: the thread waits itself.
SocketWaiter* thread_socket_waiter();

// Installs a waiter for the calling thread while it lives.
class ScopedSocketWaiter {
 public:
  explicit ScopedSocketWaiter(SocketWaiter* waiter);
  ~ScopedSocketWaiter();
  ScopedSocketWaiter(const ScopedSocketWaiter&) = delete;
  ScopedSocketWaiter& operator=(const ScopedSocketWaiter&) = delete;

 private:
  SocketWaiter* previous_;
};

// Sleeps `duration` (a retry's backoff): the thread, or with a waiter only
// the calling fiber.
void sleep_here(std::chrono::microseconds duration);

}  // namespace tpcc
