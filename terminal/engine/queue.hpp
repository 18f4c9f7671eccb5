// Work handed from one thread to others, first in, first out: due
// transactions from the scheduler to the workers (in due order, so the time
// an item waits shows in its response time), and deferred Deliveries from
// the terminals to the delivery workers.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <utility>

#include "config/config.hpp"
#include "db/socket_waiter.hpp"
#include "terminal/engine/clock.hpp"

namespace tpcc {

template <typename Item>
class ClosableQueue {
 public:
  // capacity 0: unbounded; else push() waits while that many are queued.
  explicit ClosableQueue(std::size_t capacity = 0) : capacity_(capacity) {}

  // Waits for room; false (the item is not taken) once the queue is closed.
  // A terminal in a fiber (a thread with a SocketWaiter) waits in short
  // sleeps of its fiber instead, so that the other terminals of its thread
  // run meanwhile.
  bool push(Item item) {
    if (thread_socket_waiter() != nullptr) return push_from_fiber(std::move(item));
    {
      std::unique_lock<std::mutex> lock(mutex_);
      room_.wait(lock, [this] { return closed_ || capacity_ == 0 || items_.size() < capacity_; });
      if (closed_) return false;
      items_.push_back(std::move(item));
    }
    ready_.notify_one();
    return true;
  }

  // Blocks until an item is available; nullopt once the queue is closed,
  // even with items left (take_remaining has them).
  std::optional<Item> pop() {
    std::optional<Item> item;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      ready_.wait(lock, [this] { return closed_ || !items_.empty(); });
      if (closed_) return std::nullopt;
      item = std::move(items_.front());
      items_.pop_front();
    }
    room_.notify_one();
    return item;
  }

  // Wakes every waiting producer and consumer; nothing is taken any more.
  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
    room_.notify_all();
  }

  // The items never taken, once closed.
  std::deque<Item> take_remaining() {
    std::lock_guard<std::mutex> lock(mutex_);
    return std::exchange(items_, {});
  }

 private:
  // How long a fiber sleeps before it looks for room again: a consumer
  // takes a queued Delivery within its own round trips.
  static constexpr std::chrono::microseconds kFiberRoomPoll{500};

  bool push_from_fiber(Item item) {
    for (;;) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (closed_) return false;
        if (capacity_ == 0 || items_.size() < capacity_) {
          items_.push_back(std::move(item));
          break;
        }
      }
      sleep_here(kFiberRoomPoll);
    }
    ready_.notify_one();
    return true;
  }

  const std::size_t capacity_;
  std::mutex mutex_;
  std::condition_variable ready_;  // an item to take
  std::condition_variable room_;   // room for one more
  std::deque<Item> items_;
  bool closed_ = false;
};

struct WorkItem {
  int terminal = 0;
  TxnIndex type = kNewOrder;
  Clock::time_point due;
};

using WorkQueue = ClosableQueue<WorkItem>;

}  // namespace tpcc
