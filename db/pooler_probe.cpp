#include "db/pooler_probe.hpp"

#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>

#include "db/session.hpp"

namespace tpcc {
namespace {

// 26000 invalid_sql_statement_name: "prepared statement ... does not exist".
constexpr const char* kNoSuchStatement = "26000";

// How long A may wait for a server connection before the probe gives up.
constexpr auto kProbeWait = std::chrono::seconds(3);

// Raises abandon_waits after kProbeWait unless stopped first.
class Watchdog {
 public:
  explicit Watchdog(SessionInterrupts& interrupts)
      : thread_([this, &interrupts] {
          std::unique_lock<std::mutex> lock(mutex_);
          if (!stopped_.wait_for(lock, kProbeWait, [this] { return done_; })) {
            interrupts.abandon_waits();
          }
        }) {}
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      done_ = true;
    }
    stopped_.notify_all();
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  std::mutex mutex_;
  std::condition_variable stopped_;
  bool done_ = false;
  std::thread thread_;
};

// a_interrupts are A's alone: the watchdog may raise them late, after A's
// wait ended, and B must not see that.
PoolerProbe probe(const std::string& conninfo, SessionInterrupts& a_interrupts,
                  SessionInterrupts& b_interrupts) {
  // A name of this process's own: letters, digits and '_', so it can stand
  // in the query text below without quoting.
  const std::string name = "tpcc_pooler_probe_" + std::to_string(::getpid());
  SessionOptions a_options;
  a_options.interrupts = &a_interrupts;
  Session a(conninfo, a_options);
  a.prepare(name, "select 1");
  SessionOptions b_options;
  b_options.interrupts = &b_interrupts;
  Session b(conninfo, b_options);
  b.queue_command("begin");
  b.queue_command(
      ("select count(*) from pg_prepared_statements where name = '" + name + "'").c_str());
  const std::vector<QueryResult> seen = b.flush();
  if (seen.at(1).as_int(0, 0) > 0) return PoolerProbe::SessionsShared;
  // B holds its server connection: A's next transaction needs another.
  PoolerProbe verdict = PoolerProbe::SessionsKept;
  try {
    Watchdog watchdog(a_interrupts);
    a.queue(name, Params{});
    a.flush();
  } catch (const SqlError& e) {
    verdict = e.sqlstate == kNoSuchStatement ? PoolerProbe::SessionsShared : PoolerProbe::Undecided;
  }
  b.queue_command("rollback");
  b.flush();
  return verdict;
}

}  // namespace

PoolerProbe probe_transaction_pooling(const std::string& conninfo) {
  SessionInterrupts a_interrupts;
  SessionInterrupts b_interrupts;
  try {
    return probe(conninfo, a_interrupts, b_interrupts);
  } catch (const std::exception&) {
    return PoolerProbe::Undecided;
  }
}

}  // namespace tpcc
