// A session's wait on a thread of its own (db/socket_watch.hpp): the socket
// and the wake eventfd in one epoll set, kept from wait to wait, and a new
// connection's socket watched even when it reuses the old one's number.
// A guard writes the eventfd after 10 s, so that a socket the set missed
// fails the test (the wait says "woken") instead of hanging it.
#include <catch2/catch.hpp>

#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>

#include "db/socket_watch.hpp"

namespace {

struct Pair {
  int mine = -1;
  int theirs = -1;
  Pair() {
    int fds[2];
    REQUIRE(::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0);
    mine = fds[0];
    theirs = fds[1];
  }
  ~Pair() {
    ::close(mine);
    ::close(theirs);
  }
  void send_byte() const { REQUIRE(::write(theirs, "x", 1) == 1); }
  void read_byte() const {
    char c = 0;
    REQUIRE(::read(mine, &c, 1) == 1);
  }
};

// The run's wake eventfd, as SessionInterrupts makes it.
struct WakeFd {
  const int fd = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  WakeFd() { REQUIRE(fd >= 0); }
  ~WakeFd() { ::close(fd); }
  void wake() const {
    const std::uint64_t one = 1;
    REQUIRE(::write(fd, &one, sizeof one) == sizeof one);
  }
};

// Writes `fd` once `seconds` have passed, unless stopped first.
class Guard {
 public:
  Guard(int fd, int seconds)
      : thread_([this, fd, seconds] {
          const auto due = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
          while (!stopped_ && std::chrono::steady_clock::now() < due) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
          }
          if (!stopped_) {
            const std::uint64_t one = 1;
            [[maybe_unused]] const ssize_t n = ::write(fd, &one, sizeof one);
          }
        }) {}
  ~Guard() {
    stopped_ = true;
    thread_.join();
  }

 private:
  std::atomic<bool> stopped_{false};
  std::thread thread_;
};

}  // namespace

TEST_CASE("socket watch: the socket's answer and the wake-up are told apart, wait after wait",
          "[db][socket_watch]") {
  {
    const WakeFd wake;
    const Guard guard(wake.fd, 10);  // ends before wake closes its eventfd
    tpcc::SocketWatch watch;
    const Pair connection;
    for (int round = 0; round < 3; ++round) {
      connection.send_byte();
      CHECK(watch.wait_readable_or_woken(connection.mine, wake.fd));
      connection.read_byte();
    }
  }
  const WakeFd woken;
  tpcc::SocketWatch watch;
  const Pair idle;
  woken.wake();
  CHECK_FALSE(watch.wait_readable_or_woken(idle.mine, woken.fd));
}

TEST_CASE("socket watch: a new connection on the old socket's number is watched",
          "[db][socket_watch]") {
  const WakeFd wake;
  const Guard guard(wake.fd, 10);
  tpcc::SocketWatch watch;
  int old_number = -1;
  {
    const Pair first;
    first.send_byte();
    CHECK(watch.wait_readable_or_woken(first.mine, wake.fd));
    old_number = first.mine;
  }  // closed: the kernel drops it from the set
  watch.forget_socket();
  const Pair second;
  // The lowest free numbers again: the same as the closed pair's.
  REQUIRE(second.mine == old_number);
  second.send_byte();
  CHECK(watch.wait_readable_or_woken(second.mine, wake.fd));
}
