// The fiber loop's rounds: one wait resumes every fiber whose socket is
// ready, a deadline ends a wait unready, the interrupts' eventfd ends every
// wait and sleep, and what a fiber throws ends that fiber only.
#include <catch2/catch.hpp>

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "db/socket_waiter.hpp"
#include "terminal/engine/fiber_loop.hpp"

namespace {

// A pipe closed with the test.
struct Pipe {
  Pipe() { REQUIRE(::pipe(fds.data()) == 0); }
  ~Pipe() {
    ::close(fds[0]);
    ::close(fds[1]);
  }
  void write_byte() const { REQUIRE(::write(fds[1], "x", 1) == 1); }
  int read_end() const { return fds[0]; }
  std::array<int, 2> fds{};
};

}  // namespace

TEST_CASE("fiber loop: one wait resumes every fiber whose socket is ready", "[fiber_loop]") {
  std::vector<Pipe> pipes(3);
  tpcc::FiberLoop loop(-1);
  std::vector<int> ready(pipes.size(), -1);
  for (std::size_t i = 0; i < pipes.size(); ++i) {
    loop.spawn([&, i] { ready[i] = loop.wait(pipes[i].read_end(), POLLIN, std::nullopt) ? 1 : 0; });
  }
  for (const Pipe& pipe : pipes) pipe.write_byte();
  loop.run();
  CHECK(ready == std::vector<int>{1, 1, 1});
  // All three were ready at the first wait: it served them all.
  CHECK(loop.rounds() == 1);
}

TEST_CASE("fiber loop: a deadline ends a wait with the socket not ready", "[fiber_loop]") {
  Pipe pipe;
  tpcc::FiberLoop loop(-1);
  int ready = -1;
  loop.spawn([&] {
    ready = loop.wait(pipe.read_end(), POLLIN, std::chrono::steady_clock::now()) ? 1 : 0;
  });
  loop.run();
  CHECK(ready == 0);
}

TEST_CASE("fiber loop: the interrupts' eventfd ends every wait and sleep", "[fiber_loop]") {
  Pipe never_written;
  const int wake = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  REQUIRE(wake >= 0);
  tpcc::FiberLoop loop(wake);
  int ready = -1;
  bool slept = false;
  loop.spawn([&] { ready = loop.wait(never_written.read_end(), POLLIN, std::nullopt) ? 1 : 0; });
  loop.spawn([&] {
    loop.sleep_until(std::chrono::steady_clock::now() + std::chrono::hours(1));
    slept = true;
  });
  // The third raises it, as SessionInterrupts::abandon_waits does.
  loop.spawn([&] {
    const std::uint64_t one = 1;
    REQUIRE(::write(wake, &one, sizeof one) == sizeof one);
  });
  loop.run();
  ::close(wake);
  CHECK(ready == 0);
  CHECK(slept);
}

TEST_CASE("fiber loop: a fiber's exception ends it only, and run() rethrows it", "[fiber_loop]") {
  tpcc::FiberLoop loop(-1);
  bool other_done = false;
  loop.spawn([] { throw std::runtime_error("in a fiber"); });
  loop.spawn([&] {
    loop.sleep_until(std::chrono::steady_clock::now());
    other_done = true;
  });
  CHECK_THROWS_WITH(loop.run(), "in a fiber");
  CHECK(other_done);
}

TEST_CASE("fiber loop: its fibers see it as their thread's waiter, and only while it runs",
          "[fiber_loop]") {
  tpcc::FiberLoop loop(-1);
  tpcc::SocketWaiter* seen = nullptr;
  loop.spawn([&] { seen = tpcc::thread_socket_waiter(); });
  CHECK(tpcc::thread_socket_waiter() == nullptr);
  loop.run();
  CHECK(seen == &loop);
  CHECK(tpcc::thread_socket_waiter() == nullptr);
}
