// Session: the connection's life (open, connect, reconnect, abandon) and
// its state; the statements it registers are in session_setup.cpp, the
// pipeline it queues and flushes in session_flush.cpp.
#include "db/session.hpp"

#include <libpq-fe.h>

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <system_error>
#include <thread>
#include <utility>

#include "config/conn/mask.hpp"
#include "config/errors.hpp"
#include "db/connect.hpp"
#include "db/pipeline_error.hpp"
#include "db/socket_waiter.hpp"

namespace tpcc {
namespace {

// Server notices (e.g. "there is no transaction in progress") are not the
// benchmark's output; libpq would print them on stderr.
void ignore_notice(void*, const char*) {}

}  // namespace

// ---- SessionInterrupts ----

SessionInterrupts::SessionInterrupts() : wake_fd_(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {}

SessionInterrupts::~SessionInterrupts() {
  if (wake_fd_ >= 0) ::close(wake_fd_);
}

void SessionInterrupts::abandon_waits() {
  abandon_waits_.store(true, std::memory_order_release);
  if (wake_fd_ < 0) return;
  const std::uint64_t one = 1;
  // Readable from now on (nothing reads it): every wait, now or later, wakes.
  [[maybe_unused]] const ssize_t written = ::write(wake_fd_, &one, sizeof one);
}

// ---- Session ----

Session::Session(std::string conninfo, SessionOptions options)
    : conninfo_(std::move(conninfo)), options_(std::move(options)) {
  open();
}

Session::~Session() {
  if (conn_) PQfinish(conn_);
}

void Session::open() {
  check_conninfo_syntax(conninfo_);
  if (conn_) PQfinish(conn_);
  conn_ = nullptr;
  watch_.forget_socket();
  broken_ = false;
  queued_ = 0;
  queued_as_write_.clear();
  connect_interruptibly();
  PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
  simple_batch_.clear();
  // The simple protocol has no pipeline: its queue is one query string.
  if (options_.query_mode != QueryMode::Simple && PQenterPipelineMode(conn_) != 1) {
    const std::string message = trimmed_message(PQerrorMessage(conn_));
    PQfinish(conn_);
    conn_ = nullptr;
    throw ConnectError("cannot use pipeline mode with " + describe_target(conninfo_) + ": " +
                       message);
  }
  for (const auto& [name, value] : options_.settings) set_now(name, value);
  if (options_.query_mode != QueryMode::Prepared) return;
  for (const Registered& statement : statements_) prepare_now(statement.name, statement.sql);
}

namespace {

// libpq's connect_timeout, which only its blocking connect applies: the
// seconds of the conninfo's connect_timeout (at least 2, as libpq), or 0.
int connect_timeout_seconds(PGconn* conn) {
  int seconds = 0;
  PQconninfoOption* options = PQconninfo(conn);
  for (PQconninfoOption* o = options; o && o->keyword; ++o) {
    if (std::strcmp(o->keyword, "connect_timeout") == 0 && o->val && *o->val) {
      seconds = std::atoi(o->val);
    }
  }
  PQconninfoFree(options);
  return seconds <= 0 ? 0 : std::max(seconds, 2);
}

std::chrono::steady_clock::time_point poll_step_end() {
  return std::chrono::steady_clock::now() + std::chrono::milliseconds(kInterruptPollMillis);
}

// Waits up to kInterruptPollMillis for the socket; false if it timed out.
// With a waiter (a fiber's), the thread serves its other sessions meanwhile.
bool wait_socket(int socket, short events) {
  if (SocketWaiter* waiter = thread_socket_waiter()) {
    return waiter->wait(socket, events, poll_step_end());
  }
  pollfd wanted{socket, events, 0};
  const int ready = ::poll(&wanted, 1, kInterruptPollMillis);
  return ready != 0;  // an error (EINTR) counts as ready: libpq then retries or reports
}

// Waits for the socket to be readable or for wake_fd (SessionInterrupts),
// with no timeout; false if only wake_fd woke it. A waiter watches wake_fd
// itself; a thread of its own waits in the session's epoll set.
bool wait_readable_or_woken(SocketWatch& watch, int socket, int wake_fd) {
  if (SocketWaiter* waiter = thread_socket_waiter()) {
    return waiter->wait(socket, POLLIN, std::nullopt);
  }
  return watch.wait_readable_or_woken(socket, wake_fd);
}

}  // namespace

void Session::connect_interruptibly() {
  const auto fail = [this](const std::string& message) {
    if (conn_) PQfinish(conn_);
    conn_ = nullptr;
    throw_connect_error(conninfo_, message);
  };
  // The kit's backends carry application_name "tpcc" unless the conninfo
  // names one, so the server metrics sampler finds them in
  // pg_stat_activity. dbname is expanded as a conninfo or URI.
  const char* keys[] = {"dbname", "fallback_application_name", nullptr};
  const char* values[] = {conninfo_.c_str(), kFallbackApplicationName, nullptr};
  conn_ = PQconnectStartParams(keys, values, 1);
  if (!conn_) fail("out of memory");
  if (PQstatus(conn_) == CONNECTION_BAD) fail(PQerrorMessage(conn_));
  const int timeout = connect_timeout_seconds(conn_);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout);
  // libpq's protocol for PQconnectPoll: wait for writing first, then as told.
  PostgresPollingStatusType state = PGRES_POLLING_WRITING;
  while (state != PGRES_POLLING_OK) {
    if (state == PGRES_POLLING_FAILED) fail(PQerrorMessage(conn_));
    if (options_.interrupts && options_.interrupts->connecting_stopped()) {
      fail("the run is stopping");
    }
    if (timeout > 0 && std::chrono::steady_clock::now() > deadline) {
      fail("timeout expired (connect_timeout " + std::to_string(timeout) + " s)");
    }
    if (wait_socket(PQsocket(conn_), state == PGRES_POLLING_READING ? POLLIN : POLLOUT)) {
      state = PQconnectPoll(conn_);
    }
  }
}

namespace {

// PQcancel blocks until the postmaster has read the request, which a hung
// one never does: sent from a thread of its own, left to finish or not.
void send_cancel_request(PGconn* conn) {
  PGcancel* cancel = PQgetCancel(conn);
  if (!cancel) return;
  try {
    std::thread([cancel] {
      char error[256];
      PQcancel(cancel, error, sizeof error);
      PQfreeCancel(cancel);
    }).detach();
  } catch (const std::system_error&) {
    PQfreeCancel(cancel);  // no thread to spare: the wait goes on, or closing must do
  }
}

}  // namespace

PGresult* Session::next_result() {
  const SessionInterrupts* interrupts = options_.interrupts;
  // The clock is read only by a session that cancels, and only once it
  // has to wait: a result already read costs the terminals no clock read.
  std::optional<std::chrono::steady_clock::time_point> cancel_due;
  bool cancel_sent = false;
  // A fiber waits through its thread's waiter even without interrupts:
  // libpq's own wait would block the thread's other sessions.
  const bool waits_here = interrupts != nullptr || thread_socket_waiter() != nullptr;
  while (waits_here && PQisBusy(conn_)) {
    if (interrupts && interrupts->waits_abandoned()) abandon();
    if (options_.cancel_after_millis > 0 && !cancel_sent) {
      const auto now = std::chrono::steady_clock::now();
      if (!cancel_due) cancel_due = now + std::chrono::milliseconds(options_.cancel_after_millis);
      if (now > *cancel_due) {
        send_cancel_request(conn_);
        cancel_sent = true;
      }
    }
    // What libpq's blocking wait does (poll, then read): woken by the
    // interrupts, or in steps when a cancel is due or there is no eventfd.
    const bool stepped =
        options_.cancel_after_millis > 0 || interrupts == nullptr || interrupts->wake_fd() < 0;
    const bool ready = stepped
                           ? wait_socket(PQsocket(conn_), POLLIN)
                           : wait_readable_or_woken(watch_, PQsocket(conn_), interrupts->wake_fd());
    if (ready && PQconsumeInput(conn_) == 0) break;
  }
  return PQgetResult(conn_);
}

// Counted in microseconds from the start, never as a point in time: a
// sleep of years would overflow the clock's nanoseconds.
void Session::pause(std::chrono::microseconds duration) {
  const auto start = std::chrono::steady_clock::now();
  const SessionInterrupts* interrupts = options_.interrupts;
  const std::chrono::microseconds poll = std::chrono::milliseconds(kInterruptPollMillis);
  for (;;) {
    if (interrupts && interrupts->waits_abandoned()) abandon();
    const auto waited = std::chrono::duration_cast<std::chrono::microseconds>(
        std::chrono::steady_clock::now() - start);
    if (waited >= duration) return;
    const std::chrono::microseconds rest = duration - waited;
    if (SocketWaiter* waiter = thread_socket_waiter()) {
      // In steps, as above: a point in time years away would overflow.
      waiter->sleep_until(std::chrono::steady_clock::now() + std::min(rest, poll));
      continue;
    }
    std::this_thread::sleep_for(interrupts ? std::min(rest, poll) : rest);
  }
}

void Session::abandon() {
  send_cancel_request(conn_);
  PQfinish(conn_);
  conn_ = nullptr;
  broken_ = true;
  queued_ = 0;
  queued_as_write_.clear();
  simple_batch_.clear();
  throw Abandoned("gave up waiting for " + describe_target(conninfo_) +
                  ": the statement was cancelled and the connection closed");
}

void Session::reconnect() { open(); }

bool Session::connected() const { return conn_ && !broken_ && PQstatus(conn_) == CONNECTION_OK; }

int Session::backend_pid() const { return conn_ ? PQbackendPID(conn_) : 0; }

std::string Session::server_address() const {
  if (conn_ == nullptr || broken_) return {};
  const char* host = PQhost(conn_);
  const char* port = PQport(conn_);
  return std::string(host != nullptr ? host : "") + ":" + (port != nullptr ? port : "");
}

bool Session::in_transaction() const {
  if (!connected()) return false;
  const PGTransactionStatusType status = PQtransactionStatus(conn_);
  return status == PQTRANS_INTRANS || status == PQTRANS_INERROR;
}

void Session::throw_lost(const std::string& what, const std::string& sqlstate) {
  broken_ = true;
  queued_ = 0;
  queued_as_write_.clear();
  simple_batch_.clear();
  std::string message = "connection to " + describe_target(conninfo_) + " lost";
  if (!what.empty()) message += ": " + what;
  throw ConnectionLost(message, sqlstate);
}

void Session::check_send(int sent) {
  if (sent == 1) return;
  // libpq refuses to queue only on a broken connection or a misuse; both
  // leave the session unusable until reconnect().
  throw_lost(trimmed_message(conn_ ? PQerrorMessage(conn_) : "not connected"));
}

const char* begin_command(Isolation isolation, bool read_only) {
  switch (isolation) {
    case Isolation::RepeatableRead:
      return read_only ? "begin isolation level repeatable read read only"
                       : "begin isolation level repeatable read";
    case Isolation::Serializable:
      return read_only ? "begin isolation level serializable read only"
                       : "begin isolation level serializable";
    case Isolation::ReadCommitted: break;
  }
  return read_only ? "begin isolation level read committed read only"
                   : "begin isolation level read committed";
}

}  // namespace tpcc
