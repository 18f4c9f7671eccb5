// The engine's worker threads: a thread per connection, or, for a group
// whose terminals share threads (Group::fiber_threads), a few threads each
// running its terminals in fibers (fiber_loop.hpp); their start at the gate
// and their end.
#include "terminal/engine/engine_run.hpp"
#include "terminal/engine/fiber_loop.hpp"

namespace tpcc {

// Every worker opens its session on its own thread, several at a time; the
// run begins when all are open, or fails with the first that cannot open.
void Engine::start_workers() {
  threads_.reserve(static_cast<std::size_t>(connections_));
  for (auto& group : groups_) {
    Group* g = group.get();
    // Terminals that share threads are theirs; the background workers
    // keep a thread each.
    for (int k = 0; k < g->fiber_threads; ++k) {
      threads_.emplace_back([this, g, k] { fiber_thread_main(*g, k); });
    }
    for (int w = g->fiber_threads > 0 ? g->connections : 0;
         w < g->connections + g->background_workers; ++w) {
      threads_.emplace_back([this, g, w] { worker_main(*g, w); });
    }
  }
  if (const std::exception_ptr error = gate_.wait_connected(connections_)) {
    join_workers();
    rethrow_connect_error(error, connections_);
  }
}

void Engine::worker_main(Group& group, int w) {
  Worker& worker = *group.workers[static_cast<std::size_t>(w)];
  std::exception_ptr error;
  gate_.enter_connect();
  try {
    if (!gate_.abandoned()) worker.connect(group.hosts.conninfo_of(w));
  } catch (...) {
    error = std::current_exception();
  }
  if (!gate_.leave_connect(error)) return;
  run_worker(group, w);
}

// A thread of a group whose terminals share Group::fiber_threads threads:
// it opens its terminals' sessions in turn (pgbench's threads connect
// their clients so), then runs each terminal in a fiber of its loop.
void Engine::fiber_thread_main(Group& group, int thread) {
  std::vector<int> terminals;
  for (int w = 0; w < group.connections; ++w) {
    if (schedule_of(w, group.connections, group.fiber_threads) == thread) terminals.push_back(w);
  }
  for (const int w : terminals) {
    std::exception_ptr error;
    gate_.enter_connect();
    try {
      if (!gate_.abandoned()) {
        group.workers[static_cast<std::size_t>(w)]->connect(group.hosts.conninfo_of(w));
      }
    } catch (...) {
      error = std::current_exception();
    }
    gate_.tried_connect(error);
  }
  if (!gate_.wait_for_start()) return;
  FiberLoop loop(interrupts_.wake_fd());
  for (const int w : terminals) loop.spawn([this, &group, w] { run_worker(group, w); });
  try {
    loop.run();
  } catch (const std::exception& e) {
    // run_worker lets nothing through; this is the loop's own failure.
    asio::post(io_, [this, what = std::string(e.what())] {
      stop(StopReason::Internal, "unexpected error in a worker thread: " + what);
    });
  }
}

void Engine::run_worker(Group& group, int w) {
  Worker& worker = *group.workers[static_cast<std::size_t>(w)];
  try {
    if (w >= group.connections) {
      worker.run_background(*group.background,
                            group.background_seed + static_cast<std::uint64_t>(w));
    } else if (group.fast_path) {
      VirtualTerminal& terminal = group.terminals[static_cast<std::size_t>(w)];
      worker.run_terminal(terminal);
      if (terminal.finished) asio::post(io_, [this, &group] { on_terminal_finished(group); });
    } else {
      while (const std::optional<WorkItem> item = group.queue.pop()) {
        VirtualTerminal& terminal = group.terminals[static_cast<std::size_t>(item->terminal)];
        const Completion done = worker.execute(terminal, item->type, item->due);
        asio::post(io_,
                   [this, &group, t = item->terminal, done] { on_completion(group, t, done); });
      }
    }
  } catch (const std::exception& e) {
    // execute() classifies every transaction failure; anything arriving
    // here is unexpected and ends the run (its results are still written).
    asio::post(io_, [this, what = std::string(e.what())] {
      stop(StopReason::Internal, "unexpected error in a worker: " + what);
    });
  }
  asio::post(io_, [this] { on_worker_exit(); });
}

void Engine::join_workers() {
  for (std::thread& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
}

}  // namespace tpcc
