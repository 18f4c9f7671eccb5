// 5.5.2.2: the server's checkpoint counters at the start and at the end of
// the measured interval, read on a connection and a thread of their own, so
// that a slow or hung server never holds up the scheduler: asking for a
// reading returns at once, and the run waits for the readings only a
// bounded time at its end. A reading that fails or does not come leaves the
// rule "not judged" with the reason; it never stops the run.
#pragma once

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "db/session.hpp"
#include "metrics/checkpoints.hpp"
#include "terminal/engine/clock.hpp"

namespace tpcc {

// How long the end of a run waits for the end reading, from when it was
// asked for: a server that answers at all answers this query in
// milliseconds; one that does not must not delay the results (a hung
// server's run ends on the clock, --stop-grace included).
inline constexpr double kCheckpointReadWaitSeconds = 1.0;

class CheckpointWatch {
 public:
  // Starts the thread, which connects to conninfo at once (so the first
  // reading does not wait for a connection).
  explicit CheckpointWatch(std::string conninfo);
  // Gives up any reading in progress and joins the thread.
  ~CheckpointWatch();
  CheckpointWatch(const CheckpointWatch&) = delete;
  CheckpointWatch& operator=(const CheckpointWatch&) = delete;

  // Asks for the reading at the start, or at the end, of the measured
  // interval; returns at once.
  void read_start();
  void read_end();

  // Waits until the readings asked for are in, or until
  // kCheckpointReadWaitSeconds after read_end() was called, gives up any
  // still in progress, and returns what was read.
  CheckpointFigures finish();

 private:
  enum class Moment { Start, End };
  void ask(Moment moment);
  void loop();
  CheckpointCounters read_counters();
  // Stops whatever the session waits for; the thread then ends.
  void interrupt();

  std::string conninfo_;
  SessionInterrupts interrupts_;
  std::unique_ptr<Session> session_;  // the watch's thread only
  int server_version_num_ = 0;        // read with the first reading

  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<Moment> asked_;  // not yet being read
  bool reading_ = false;      // a reading in progress
  bool closing_ = false;
  Clock::time_point end_asked_{};
  CheckpointFigures figures_;
  std::thread thread_;
};

}  // namespace tpcc
