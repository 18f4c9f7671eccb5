// Due transactions handed from the scheduler to the workers. First in,
// first out: items are pushed when they fall due, so the queue is in due
// order, and the time an item waits shows in its response time.
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>

#include "config/config.hpp"
#include "terminal/engine_clock.hpp"

namespace tpcc {

struct WorkItem {
  int terminal = 0;
  TxnIndex type = kNewOrder;
  Clock::time_point due;
};

class WorkQueue {
 public:
  void push(const WorkItem& item);
  // Blocks until an item is available; nullopt once the queue is closed.
  std::optional<WorkItem> pop();
  // Wakes every waiting worker; items not yet taken are dropped.
  void close();

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<WorkItem> items_;
  bool closed_ = false;
};

}  // namespace tpcc
