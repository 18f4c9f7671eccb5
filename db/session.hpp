// A terminal's database session: one libpq connection with the transactions'
// statements registered once. Statements are queued and sent together, so a
// transaction costs one or two round trips, not one per statement (client
// CPU grows with round trips; see docs/performance.md). How they are sent is
// the session's query mode (SessionOptions::query_mode), in this one place:
// prepared, named statements prepared on every connection and executed in
// pipeline mode; extended, the unnamed statement of the extended protocol,
// parsed at each execution, in pipeline mode; simple, the queue joined into
// one simple-protocol query string with the values as quoted literals.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "db/literal_sql.hpp"
#include "db/socket_watch.hpp"
#include "db/statement_counts.hpp"

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;

namespace tpcc {

// SQLSTATEs the terminals retry: a serialization failure (also what a hot
// standby raises for a recovery conflict) and a deadlock.
inline constexpr const char* kSerializationFailure = "40001";
inline constexpr const char* kDeadlockDetected = "40P01";

// 40001 serialization failure or 40P01 deadlock: the transaction was rolled
// back by the server and may be retried.
struct RetryableError : std::runtime_error {
  RetryableError(const std::string& message, std::string state)
      : std::runtime_error(message), sqlstate(std::move(state)) {}
  std::string sqlstate;
};

// The connection broke; the session must reconnect before it is used again.
// sqlstate is the server's reason when it ended the session with one (a hot
// standby ends sessions in recovery conflicts with FATAL 40001), else empty.
struct ConnectionLost : std::runtime_error {
  explicit ConnectionLost(const std::string& message, std::string state = {})
      : std::runtime_error(message), sqlstate(std::move(state)) {}
  std::string sqlstate;
};

// The client gave up waiting (SessionInterrupts::abandon_waits): a cancel
// was sent to the server and the connection closed; reconnect() before the
// session is used again.
struct Abandoned : ConnectionLost {
  using ConnectionLost::ConnectionLost;
};

// Any other server error (the transaction was rolled back).
struct SqlError : std::runtime_error {
  SqlError(const std::string& message, std::string state)
      : std::runtime_error(message), sqlstate(std::move(state)) {}
  std::string sqlstate;
};

// Text-format parameters of one statement. Arrays are passed as PostgreSQL
// array literals ("{1,2,3}") and cast in SQL ($1::int[]).
class Params {
 public:
  Params& add(int value);
  Params& add(long long value);
  Params& add(const std::string& value);
  Params& add_cents(std::int64_t cents);  // numeric with two decimals
  Params& add_null();
  Params& add_int_array(const std::vector<int>& values);
  Params& add_cents_array(const std::vector<std::int64_t>& cents);  // numeric[] literal
  std::size_t size() const { return values_.size(); }
  const std::vector<std::string>& values() const { return values_; }
  const std::vector<bool>& nulls() const { return nulls_; }

 private:
  std::vector<std::string> values_;
  std::vector<bool> nulls_;
};

// One statement's result rows (owns the PGresult).
class QueryResult {
 public:
  explicit QueryResult(PGresult* result);
  ~QueryResult();
  QueryResult(QueryResult&& other) noexcept;
  QueryResult& operator=(QueryResult&& other) noexcept;
  QueryResult(const QueryResult&) = delete;
  QueryResult& operator=(const QueryResult&) = delete;

  int rows() const;
  long long affected_rows() const;  // INSERT/UPDATE/DELETE row count
  bool is_null(int row, int col) const;
  const char* text(int row, int col) const;
  int as_int(int row, int col) const;
  long long as_int64(int row, int col) const;
  double as_double(int row, int col) const;
  std::int64_t as_cents(int row, int col) const;  // numeric(…,2) exactly

 private:
  PGresult* result_;
};

// Flags another thread raises to get a session out of a wait on the server
// (a hung server never answers): stop_connecting ends a connection attempt
// (ConnectError), abandon_waits ends a wait for results (Abandoned). A
// connection attempt looks at them at least every kInterruptPollMillis. A
// wait for results sleeps on its socket and on wake_fd(), an eventfd that
// abandon_waits() makes readable for good: it needs no timeout, which the
// kernel would arm and cancel as a timer on every round trip.
class SessionInterrupts {
 public:
  SessionInterrupts();
  ~SessionInterrupts();
  SessionInterrupts(const SessionInterrupts&) = delete;
  SessionInterrupts& operator=(const SessionInterrupts&) = delete;

  void stop_connecting() { stop_connecting_.store(true, std::memory_order_release); }
  void abandon_waits();
  bool connecting_stopped() const { return stop_connecting_.load(std::memory_order_acquire); }
  bool waits_abandoned() const { return abandon_waits_.load(std::memory_order_acquire); }
  // -1 when no eventfd could be made: a wait then looks at the flags every
  // kInterruptPollMillis.
  int wake_fd() const { return wake_fd_; }

 private:
  std::atomic<bool> stop_connecting_{false};
  std::atomic<bool> abandon_waits_{false};
  int wake_fd_ = -1;
};
inline constexpr int kInterruptPollMillis = 100;

// What a queued "commit" becomes (the ACID tests of Clause 3 run the kit's
// own transactions through it): sent as written; replaced by ROLLBACK
// (3.2.2.2 "substitute a ROLLBACK of the transaction for the COMMIT"); or
// held, so that the transaction stays open after flush() for the caller to
// end (3.4.2 "stopped immediately prior to COMMIT"). A held commit is sent as
// a statement that does nothing, so that callers get as many results as
// they queued.
enum class CommitAction { Commit, Rollback, Hold };

// The application_name of the kit's sessions when their conninfo names none.
inline constexpr const char* kFallbackApplicationName = "tpcc";

struct SessionOptions {
  const SessionInterrupts* interrupts = nullptr;  // must outlive the session
  // Server settings made on every (re)connect, e.g. {"statement_timeout", "5000"}.
  // Through a transaction pooler they stay on the server connection used
  // then, which later clients of the pool get: side sessions use
  // cancel_after_millis instead.
  std::vector<std::pair<std::string, std::string>> settings;
  // A result not come this long after the wait for it began is cancelled
  // with a cancel request (the server answers 57014, as to its own
  // statement_timeout) and the wait goes on; 0: never. Needs interrupts.
  int cancel_after_millis = 0;
  QueryMode query_mode = QueryMode::Prepared;
};

class Session {
 public:
  // Connects (throws ConnectError naming the target), makes the settings of
  // `options` and prepares every statement registered so far.
  explicit Session(std::string conninfo, SessionOptions options = {});
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  // How take_statement_counts() counts a statement's results: by the
  // command tag the server returns, or as a write whatever the tag, for a
  // statement that changes rows under a SELECT tag (a data-modifying CTE
  // whose outer statement is a SELECT, a function that writes).
  enum class Counted { ByCommandTag, AsWrite };

  // Registers a statement; in the prepared query mode it is prepared now and
  // again after reconnect(), in the others its text is sent when queued.
  void prepare(const std::string& name, const std::string& sql,
               Counted counted = Counted::ByCommandTag);

  QueryMode query_mode() const { return options_.query_mode; }

  // Queues a registered statement or a parameterless command (BEGIN, COMMIT,
  // ROLLBACK, "begin isolation level serializable read only", ...).
  void queue(const std::string& statement_name, const Params& params);
  void queue_command(const std::string& sql);
  // The same without building a std::string per call.
  void queue(const char* statement_name, const Params& params);
  void queue_command(const char* sql);
  // The same with a Params' parts held elsewhere (text values; a null's
  // value is not read), without copying them into one.
  void queue(const char* statement_name, const std::vector<std::string>& values,
             const std::vector<bool>& nulls);

  // Sends the queue with one sync and waits for all its results, one per
  // queued item, in order. On a server error the rest of the queue is
  // skipped, an open transaction is rolled back, and RetryableError or
  // SqlError is thrown; a broken connection throws ConnectionLost, after
  // which connected() is false until reconnect(). Error messages start with
  // the SQLSTATE: "40P01 deadlock detected".
  std::vector<QueryResult> flush();

  // COPY ... FROM STDIN (copy_sql) of `data` (whole lines of COPY's text
  // format) in one statement of its own, with nothing queued; returns the
  // rows the server copied. Pipeline mode has no COPY: the session leaves
  // it for the statement and enters it again. Throws as flush() does.
  long long copy_in(const std::string& copy_sql, const std::string& data);

  // Replaces a broken connection (throws ConnectError if the server is
  // unreachable); statements are prepared again.
  void reconnect();

  bool connected() const;
  int backend_pid() const;
  // The server this session is connected to, "host:port" as libpq reports
  // it (with a multi-host conninfo: the host it chose); empty when not
  // connected.
  std::string server_address() const;

  // True while the server holds an open (or failed) transaction block.
  bool in_transaction() const;

  // Applies to every "commit" queued from now on (see CommitAction).
  void set_commit_action(CommitAction action) { commit_action_ = action; }
  CommitAction commit_action() const { return commit_action_; }

  // The statements flush() has had results for since the last call (by
  // command tag, or as prepare() was told); the counts start again from zero.
  StatementCounts take_statement_counts();

  // Rolls back an open transaction block, e.g. after the client gave up on
  // a transaction between two round trips. Throws ConnectionLost.
  void rollback_if_open();

  // Waits `duration` on the client between two round trips (pgbench's
  // \sleep), ended as a wait for results is: abandon_waits throws
  // Abandoned, the connection closed and with it a transaction left open.
  void pause(std::chrono::microseconds duration);

 private:
  struct Registered {
    std::string name;
    std::string sql;
    Counted counted;
    // The simple query mode's: the text cut at its parameters once.
    std::optional<LiteralTemplate> literal;
  };

  void open();
  // Connects without blocking past an interrupt (PQconnectStart/Poll).
  void connect_interruptibly();
  void prepare_now(const std::string& name, const std::string& sql);
  // A registered statement; throws std::logic_error for an unknown name.
  const Registered& registered(const char* name) const;
  // The simple query mode: sends the joined queue as one query and reads
  // its results up to the end (no pipeline, no sync points).
  // as_write: per queued item, whether it is counted as a write (see
  // Counted); empty when no statement is.
  std::vector<QueryResult> flush_simple(int expected, const std::vector<bool>& as_write);
  // Sends one simple query and reads to its end; false if the connection
  // broke. The first error's SQLSTATE and message, or empty.
  bool run_simple(const char* sql, std::string& error_state, std::string& error_message);
  // PQescapeLiteral: 'text' with the quotes doubled, as this connection's
  // encoding and standard_conforming_strings require.
  std::string quote_literal(const std::string& value);
  void set_now(const std::string& name, const std::string& value);
  // Sends a sync and reads to it; throws SqlError ("<what>: <state> <message>").
  void sync_and_check(const std::string& what);
  // PQgetResult that waits in steps, so that an interrupt is seen.
  PGresult* next_result();
  [[noreturn]] void abandon();
  void check_send(int sent);
  [[noreturn]] void throw_lost(const std::string& what, const std::string& sqlstate = {});
  // Reads results up to the next sync point; returns false if the
  // connection broke on the way.
  bool drain_to_sync();
  // After a flush's results are read: the results, or the error thrown.
  std::vector<QueryResult> finish_flush(std::vector<QueryResult> results, int expected,
                                        const std::string& error_state,
                                        const std::string& error_message, bool failed);
  std::string conninfo_;
  SessionOptions options_;
  PGconn* conn_ = nullptr;
  SocketWatch watch_;  // the wait for results on a thread of its own
  bool broken_ = false;
  std::vector<Registered> statements_;
  // Whether any statement is Counted::AsWrite; only then does queue() note
  // each item's kind (queued_as_write_), and a workload without one pays
  // nothing for it.
  bool some_counted_as_write_ = false;
  std::vector<bool> queued_as_write_;
  std::vector<bool> flushing_as_write_;  // queued_as_write_ of the flush being read
  int queued_ = 0;
  CommitAction commit_action_ = CommitAction::Commit;
  std::vector<const char*> param_values_;  // reused by queue()
  std::string simple_batch_;               // the simple query mode's queue
  StatementCounts executed_;               // since take_statement_counts()
};

// The BEGIN command of a transaction: "begin isolation level read committed",
// "... repeatable read" or "... serializable", with " read only" appended
// when read_only.
const char* begin_command(Isolation isolation, bool read_only);

}  // namespace tpcc
