// The start gate's waits and the translation of a failed connect into the
// ConnectError the run reports (see gate.hpp).
#include "terminal/engine/gate.hpp"

#include <string>

#include "config/errors.hpp"

namespace tpcc {
namespace {

constexpr int kParallelConnects = 16;

}  // namespace

void StartGate::enter_connect() {
  std::unique_lock<std::mutex> lock(mutex_);
  cv_.wait(lock, [this] { return connecting_ < kParallelConnects || abandon_; });
  ++connecting_;
}

bool StartGate::abandoned() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return abandon_;
}

bool StartGate::leave_connect(const std::exception_ptr& error) {
  tried_connect(error);
  return wait_for_start() && !error;
}

void StartGate::tried_connect(const std::exception_ptr& error) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (error && !connect_error_) {
      connect_error_ = error;
      abandon_ = true;  // the others need not try
    }
    --connecting_;
    ++connected_;
  }
  cv_.notify_all();
}

bool StartGate::wait_for_start() {
  std::unique_lock<std::mutex> lock(mutex_);
  cv_.wait(lock, [this] { return go_ || abandon_; });
  return !abandon_;
}

std::exception_ptr StartGate::wait_connected(int workers) {
  std::exception_ptr error;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    cv_.wait(lock, [this, workers] { return connected_ == workers; });
    error = connect_error_;
  }
  if (error) abandon();
  return error;
}

void StartGate::open() { raise(go_); }

void StartGate::abandon() { raise(abandon_); }

void StartGate::raise(bool& flag) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    flag = true;
  }
  cv_.notify_all();
}

void rethrow_connect_error(const std::exception_ptr& error, int connections) {
  try {
    std::rethrow_exception(error);
  } catch (const ConnectError& e) {
    const std::string message = e.what();
    const bool too_many = message.find("too many clients") != std::string::npos ||
                          message.find("connection slots") != std::string::npos;
    if (!too_many) throw;
    throw ConnectError(message + " (the run opens " + std::to_string(connections) +
                       " connections: lower --connections or raise the server's max_connections)");
  } catch (const std::exception& e) {
    throw ConnectError(std::string("cannot prepare the transactions' statements: ") + e.what());
  }
}

}  // namespace tpcc
