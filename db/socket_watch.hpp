// A session's wait for its result on a thread of its own: the connection's
// socket and the run's wake eventfd (SessionInterrupts) in one epoll set,
// kept from wait to wait. Each wait is then one epoll_wait, where a poll()
// of the two would put the thread on both descriptors' wait queues and take
// it off again every round trip, the eventfd's queue shared by every
// terminal thread of the run.
#pragma once

namespace tpcc {

class SocketWatch {
 public:
  SocketWatch() = default;
  ~SocketWatch();
  SocketWatch(const SocketWatch&) = delete;
  SocketWatch& operator=(const SocketWatch&) = delete;

  // Until `socket` is readable or `wake_fd` is; true if the socket is (or
  // the wait failed: the caller's libpq then reads and reports), false if
  // only wake_fd woke it. The set is made on the first wait (one more
  // descriptor per connection) and the socket added again when it changes.
  bool wait_readable_or_woken(int socket, int wake_fd);

  // The connection closed: its socket left the set with it, and a new
  // connection's socket must be added even if it has the same number.
  void forget_socket() { socket_ = -1; }

 private:
  bool watch(int socket, int wake_fd);

  int epoll_fd_ = -1;
  int socket_ = -1;   // the socket in the set, -1: none
  int wake_fd_ = -1;  // the eventfd in the set, -1: none
};

}  // namespace tpcc
