#include "terminal/engine_queue.hpp"

namespace tpcc {

void WorkQueue::push(const WorkItem& item) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (closed_) return;
    items_.push_back(item);
  }
  cv_.notify_one();
}

std::optional<WorkItem> WorkQueue::pop() {
  std::unique_lock<std::mutex> lock(mutex_);
  cv_.wait(lock, [this] { return closed_ || !items_.empty(); });
  if (closed_) return std::nullopt;
  WorkItem item = items_.front();
  items_.pop_front();
  return item;
}

void WorkQueue::close() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    closed_ = true;
    items_.clear();
  }
  cv_.notify_all();
}

}  // namespace tpcc
