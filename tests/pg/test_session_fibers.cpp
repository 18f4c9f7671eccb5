// Sessions in fibers of one thread (terminal/engine/fiber_loop.hpp): while
// one waits for a slow result the thread serves the other, and
// abandon_waits ends the slow one's wait as it does a thread's.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

#include "db/session.hpp"
#include "db/socket_waiter.hpp"
#include "terminal/engine/fiber_loop.hpp"
#include "tests/pg/pg_fixture.hpp"

namespace {

const std::string& fibers_database() {
  static const std::string conninfo = tpcc::test::create_database("tpcc_session_fibers");
  return conninfo;
}

}  // namespace

TEST_CASE("Session in fibers: abandon_waits ends one fiber's pg_sleep(60) while the other ran on",
          "[session_fibers]") {
  for (const tpcc::QueryMode mode : {tpcc::QueryMode::Prepared, tpcc::QueryMode::Simple}) {
    INFO("query mode " << static_cast<int>(mode));
    tpcc::SessionInterrupts interrupts;
    tpcc::SessionOptions options;
    options.interrupts = &interrupts;
    options.query_mode = mode;
    tpcc::Session sleeper{fibers_database(), options};
    tpcc::Session watcher{fibers_database(), options};
    const std::string sleeping =
        "select count(*)::int from pg_stat_activity where state = 'active' and query like "
        "'%pg_sleep%' and pid = " +
        std::to_string(sleeper.backend_pid());
    watcher.prepare("sleeping", sleeping);

    std::string sleeper_outcome = "not run";
    int watcher_round_trips = 0;
    bool seen_sleeping = false;
    tpcc::FiberLoop loop(interrupts.wake_fd());
    loop.spawn([&] {
      try {
        sleeper.queue_command("select pg_sleep(60)");
        sleeper.flush();
        sleeper_outcome = "finished";
      } catch (const tpcc::Abandoned&) {
        sleeper_outcome = "abandoned";
      } catch (const std::exception& e) {
        sleeper_outcome = e.what();
      }
    });
    // Round trips of its own on the same thread while the sleeper waits;
    // once the server shows the sleep running, it abandons the waits.
    loop.spawn([&] {
      for (int i = 0; i < 3000 && !seen_sleeping; ++i) {
        watcher.queue("sleeping", tpcc::Params());
        seen_sleeping = watcher.flush().at(0).as_int(0, 0) == 1;
        ++watcher_round_trips;
        if (!seen_sleeping) tpcc::sleep_here(std::chrono::milliseconds(10));
      }
      interrupts.abandon_waits();
    });
    loop.run();
    CHECK(seen_sleeping);
    CHECK(watcher_round_trips >= 1);
    CHECK(sleeper_outcome == "abandoned");
    CHECK_FALSE(sleeper.connected());
    CHECK(watcher.connected());
  }
}
