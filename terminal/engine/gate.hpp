// The start gate between the engine and its worker threads. Every worker
// opens its session on its own thread, several at a time, and then waits:
// the run begins when all are open, so no terminal's first transaction
// waits for another's connection, or is abandoned with the first session
// that cannot open. Private to the engine (engine*.cpp).
#pragma once

#include <condition_variable>
#include <exception>
#include <mutex>

namespace tpcc {

class StartGate {
 public:
  // Worker side. Blocks until this worker may try to connect: at most 16
  // try at a time (kParallelConnects), since a thousand at once overflow the
  // server's listen backlog (EAGAIN).
  void enter_connect();
  // True once the run will not begin: a worker need not try to connect.
  bool abandoned() const;
  // This worker's attempt is over; error is why it failed, or null (the
  // first error abandons the run). Blocks until the run begins or is
  // abandoned; true if the worker is to run.
  bool leave_connect(const std::exception_ptr& error);
  // leave_connect in two halves, for a thread that opens several sessions
  // in turn (fiber_loop.hpp): each attempt ends with tried_connect; then
  // wait_for_start blocks until the run begins (true) or is abandoned.
  void tried_connect(const std::exception_ptr& error);
  bool wait_for_start();

  // Engine side. Blocks until every one of `workers` has tried; returns the
  // first connect error, having abandoned the run, or null.
  std::exception_ptr wait_connected(int workers);
  // The run begins: the waiting workers go.
  void open();
  // The run will not begin (or is being torn down): the workers return.
  void abandon();

 private:
  // Sets one of the flags the workers wait on, and wakes them.
  void raise(bool& flag);

  mutable std::mutex mutex_;
  std::condition_variable cv_;
  int connecting_ = 0;
  int connected_ = 0;  // tried, whether or not the session opened
  bool go_ = false;
  bool abandon_ = false;
  std::exception_ptr connect_error_;
};

// Anything that stops a session from opening and preparing its statements
// is a server error before work started: rethrown as ConnectError (exit
// status 3), with advice when the server ran out of connection slots for
// the run's `connections`.
[[noreturn]] void rethrow_connect_error(const std::exception_ptr& error, int connections);

}  // namespace tpcc
