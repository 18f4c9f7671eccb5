#include "db/socket_watch.hpp"

#include <poll.h>
#include <sys/epoll.h>
#include <unistd.h>

#include <cerrno>

namespace tpcc {

SocketWatch::~SocketWatch() {
  if (epoll_fd_ >= 0) ::close(epoll_fd_);
}

// Adds what the set lacks; false when the kernel refused (no descriptor
// left), and the caller polls the two instead.
bool SocketWatch::watch(int socket, int wake_fd) {
  if (epoll_fd_ < 0) {
    epoll_fd_ = ::epoll_create1(EPOLL_CLOEXEC);
    if (epoll_fd_ < 0) return false;
  }
  const auto add = [this](int fd) {
    epoll_event event{};
    event.events = EPOLLIN;
    event.data.fd = fd;
    if (::epoll_ctl(epoll_fd_, EPOLL_CTL_ADD, fd, &event) == 0) return true;
    // Still there: the old socket's number, its file not yet closed.
    return errno == EEXIST && ::epoll_ctl(epoll_fd_, EPOLL_CTL_MOD, fd, &event) == 0;
  };
  if (wake_fd_ != wake_fd) {
    if (!add(wake_fd)) return false;
    wake_fd_ = wake_fd;
  }
  if (socket_ != socket) {
    if (!add(socket)) return false;
    socket_ = socket;
  }
  return true;
}

bool SocketWatch::wait_readable_or_woken(int socket, int wake_fd) {
  if (!watch(socket, wake_fd)) {
    pollfd wanted[2] = {{socket, POLLIN, 0}, {wake_fd, POLLIN, 0}};
    const int ready = ::poll(wanted, 2, -1);
    return ready < 0 || wanted[0].revents != 0;  // EINTR counts as ready
  }
  epoll_event events[2];
  const int ready = ::epoll_wait(epoll_fd_, events, 2, -1);
  if (ready < 0) return true;  // EINTR counts as ready, as above
  for (int i = 0; i < ready; ++i) {
    if (events[i].data.fd == socket) return true;  // EPOLLERR and EPOLLHUP too
  }
  return false;
}

}  // namespace tpcc
