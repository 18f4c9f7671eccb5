#include "db/socket_waiter.hpp"

#include <thread>

namespace tpcc {
namespace {

// Per thread: every fiber of a thread shares its loop, and fibers never
// move between threads.
thread_local SocketWaiter* current_waiter = nullptr;

}  // namespace

SocketWaiter* thread_socket_waiter() { return current_waiter; }

ScopedSocketWaiter::ScopedSocketWaiter(SocketWaiter* waiter) : previous_(current_waiter) {
  current_waiter = waiter;
}

ScopedSocketWaiter::~ScopedSocketWaiter() { current_waiter = previous_; }

void sleep_here(std::chrono::microseconds duration) {
  if (SocketWaiter* waiter = current_waiter) {
    waiter->sleep_until(std::chrono::steady_clock::now() + duration);
    return;
  }
  std::this_thread::sleep_for(duration);
}

}  // namespace tpcc
