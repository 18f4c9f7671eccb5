#include "terminal/engine/driver_barrier.hpp"

#include <chrono>
#include <set>
#include <thread>

#include <pqxx/pqxx>

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "schema/schema.hpp"

namespace tpcc {
namespace {

// Registrations of every run id are serialized by one advisory lock (which
// also covers the concurrent creation of the table).
constexpr const char* kLockSql = "select pg_advisory_xact_lock(hashtext('tpcc_driver_barrier'))";

// A round whose start is fixed is over, and one whose registrations are
// older than the timeout ($2 s) was given up: a new round of the run id
// starts afresh.
constexpr const char* kClearStaleSql =
    "delete from tpcc_driver_barrier where run_id = $1 and (start_at is not null or "
    "registered_at < clock_timestamp() - make_interval(secs => $2))";

constexpr const char* kRegisteredSql =
    "select driver, drivers, run_constants from tpcc_driver_barrier where run_id = $1 "
    "order by registered_at, driver";

// run_constants: the first to arrive's offer, copied by every later one.
constexpr const char* kRegisterSql =
    "insert into tpcc_driver_barrier (run_id, driver, drivers, run_constants) "
    "values ($1, $2, $3, $4)";

// The last to arrive: the common start, on the server's clock. One value
// for every driver's row: statement_timestamp() is the statement's, where
// clock_timestamp() would be read again for each row, and drivers would
// read starts a few microseconds apart (a different millisecond in the UTC
// text now and then).
constexpr const char* kFixStartSql =
    "update tpcc_driver_barrier set start_at = statement_timestamp() + make_interval(secs => $2) "
    "where run_id = $1";

// The start once fixed, as seconds from now on the server's clock and as
// UTC text; and who has arrived.
constexpr const char* kPollSql =
    "select extract(epoch from start_at - clock_timestamp())::float8, "
    "to_char(start_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), "
    "(select array_agg(driver order by driver)::text from tpcc_driver_barrier where run_id = $1) "
    "from tpcc_driver_barrier where run_id = $1 and driver = $2";

constexpr const char* kWithdrawSql =
    "delete from tpcc_driver_barrier where run_id = $1 and driver = $2 and start_at is null";

std::string driver_text(const Config& c) {
  return "--driver " + std::to_string(c.driver_index) + "/" + std::to_string(c.driver_count) +
         " (run id '" + c.run_id + "')";
}

// Registers this driver; the last to arrive fixes the start for all.
// Returns the run's constants: `offered` when this driver is the first of
// the round, else those the first registered.
std::string register_driver(pqxx::connection& conn, const Config& c, const std::string& offered) {
  pqxx::work tx(conn);
  tx.exec(kLockSql);
  for (const std::string& statement : sql_file_statements("driver_barrier.sql")) tx.exec(statement);
  tx.exec_params(kClearStaleSql, c.run_id, c.barrier_timeout_seconds);
  const pqxx::result registered = tx.exec_params(kRegisteredSql, c.run_id);
  for (const auto& row : registered) {
    const int driver = row[0].as<int>();
    const int drivers = row[1].as<int>();
    if (drivers != c.driver_count) {
      throw UsageError(driver_text(c) + ": driver " + std::to_string(driver) + " of this run id " +
                       "waits as one of " + std::to_string(drivers) +
                       " drivers: every driver of a run gives the same N");
    }
    if (driver == c.driver_index) {
      throw UsageError(driver_text(c) +
                       ": a driver with this number already waits at the start "
                       "barrier; give each driver of the run its own I");
    }
  }
  const std::string constants = registered.empty() ? offered : registered[0][2].c_str();
  tx.exec_params(kRegisterSql, c.run_id, c.driver_index, c.driver_count, constants);
  if (static_cast<int>(registered.size()) + 1 == c.driver_count) {
    tx.exec_params(kFixStartSql, c.run_id, kBarrierLeadSeconds);
  }
  tx.commit();
  return constants;
}

// False when the start was fixed meanwhile: the driver is then still in.
bool withdraw(pqxx::connection& conn, const Config& c) {
  pqxx::nontransaction tx(conn);
  return tx.exec_params(kWithdrawSql, c.run_id, c.driver_index).affected_rows() > 0;
}

// "2, 3" of the drivers 1..N not in arrived ("{1,4}").
std::string missing_drivers(const Config& c, const std::string& arrived) {
  std::set<int> present;
  std::string number;
  for (const char ch : arrived + ",") {
    if (ch >= '0' && ch <= '9') {
      number += ch;
    } else if (!number.empty()) {
      present.insert(std::stoi(number));
      number.clear();
    }
  }
  std::string missing;
  for (int i = 1; i <= c.driver_count; ++i) {
    if (present.count(i) == 0) missing += (missing.empty() ? "" : ", ") + std::to_string(i);
  }
  return missing;
}

}  // namespace

BarrierStart meet_at_start_barrier(const Config& c, const std::string& offered_constants,
                                   const std::function<bool()>& interrupted, std::ostream& log) {
  const auto conn = connect(c.conninfo);
  const std::string constants = register_driver(*conn, c, offered_constants);
  log << "driver " << c.driver_index << " of " << c.driver_count << " (run id '" << c.run_id
      << "'): waiting at the start barrier for the others (up to --barrier-timeout "
      << c.barrier_timeout_seconds << " s)" << std::endl;
  const Clock::time_point deadline = seconds_after(Clock::now(), c.barrier_timeout_seconds);
  std::string arrived;
  while (true) {
    const Clock::time_point asked = Clock::now();
    pqxx::result poll;
    {
      pqxx::nontransaction tx(*conn);
      poll = tx.exec_params(kPollSql, c.run_id, c.driver_index);
    }
    const Clock::time_point answered = Clock::now();
    if (poll.empty()) {
      throw ConnectError(driver_text(c) +
                         ": this driver's registration left the start barrier "
                         "(tpcc_driver_barrier changed by another process)");
    }
    arrived = poll[0][2].c_str();
    if (!poll[0][0].is_null()) {
      // The server's "seconds from now", taken half-way through the round trip.
      const Clock::time_point midway = asked + (answered - asked) / 2;
      BarrierStart start{seconds_after(midway, poll[0][0].as<double>()), poll[0][1].c_str(),
                         constants};
      log << "all " << c.driver_count << " drivers arrived: the run starts at " << start.utc
          << std::endl;
      return start;
    }
    if (interrupted()) {
      withdraw(*conn, c);  // if the start was fixed meanwhile, the others go without it
      throw Interrupted("interrupted at the start barrier of " + driver_text(c) +
                        ": nothing was measured");
    }
    if (answered >= deadline && withdraw(*conn, c)) {
      throw ConnectError("driver(s) " + missing_drivers(c, arrived) + " of " +
                         std::to_string(c.driver_count) + " (run id '" + c.run_id +
                         "') did not arrive within --barrier-timeout " +
                         std::to_string(c.barrier_timeout_seconds) + " s: nothing was measured");
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(kBarrierPollSeconds));
  }
}

}  // namespace tpcc
