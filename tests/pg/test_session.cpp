// The pipelined database session against the throwaway PostgreSQL: result
// order, error classification, a clean session after errors, reconnects.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <pqxx/pqxx>

#include "config/errors.hpp"
#include "db/session.hpp"
#include "tests/pg/pg_fixture.hpp"

namespace {

// One empty database for the file, with a small table to write to.
const std::string& session_database() {
  static const std::string conninfo = [] {
    const std::string conn = tpcc::test::create_database("tpcc_session");
    tpcc::test::execute(conn, "create table kv (k int primary key, v int not null)");
    return conn;
  }();
  return conninfo;
}

void reset_table() {
  tpcc::test::execute(session_database(), "truncate kv; insert into kv values (1, 10), (2, 20)");
}

long long count_rows(const std::string& where = "true") {
  return tpcc::test::scalar(session_database(), "select count(*) from kv where " + where);
}

}  // namespace

TEST_CASE("Session: a pipeline returns one result per queued item, in order", "[session]") {
  reset_table();
  tpcc::Session session{session_database()};
  session.prepare("add", "select $1::int + $2::int");
  session.prepare("put", "insert into kv values ($1::int, $2::int)");
  session.queue_command("begin");
  session.queue("add", tpcc::Params{}.add(1).add(2));
  session.queue("put", tpcc::Params{}.add(3).add(30));
  session.queue("add", tpcc::Params{}.add(40).add(2));
  session.queue_command("select k, v from kv order by k");
  session.queue_command("commit");
  const std::vector<tpcc::QueryResult> results = session.flush();
  REQUIRE(results.size() == 6);
  CHECK(results[1].as_int(0, 0) == 3);
  CHECK(results[2].affected_rows() == 1);
  CHECK(results[3].as_int(0, 0) == 42);
  REQUIRE(results[4].rows() == 3);
  CHECK(results[4].as_int(2, 0) == 3);
  CHECK(results[4].as_int(2, 1) == 30);
  CHECK_FALSE(session.in_transaction());
  CHECK(count_rows() == 3);
}

TEST_CASE("Session: text parameters and exact money", "[session]") {
  tpcc::Session session{session_database()};
  session.prepare("echo_num", "select $1::numeric(12,2), $2::int[], $3::numeric[], $4::text");
  session.queue("echo_num", tpcc::Params{}
                                .add_cents(-1005)
                                .add_int_array({1, 2, 3})
                                .add_cents_array({5, -250, 123456})
                                .add_null());
  session.queue_command("select 4999.99::numeric(6,2), -0.05::numeric(12,2), 7::numeric(12,2)");
  const auto results = session.flush();
  REQUIRE(results.size() == 2);
  CHECK(std::string{results[0].text(0, 0)} == "-10.05");
  CHECK(results[0].as_cents(0, 0) == -1005);
  CHECK(std::string{results[0].text(0, 1)} == "{1,2,3}");
  CHECK(std::string{results[0].text(0, 2)} == "{0.05,-2.50,1234.56}");
  CHECK(results[0].is_null(0, 3));
  CHECK(results[1].as_cents(0, 0) == 499999);
  CHECK(results[1].as_cents(0, 1) == -5);
  CHECK(results[1].as_cents(0, 2) == 700);
  CHECK(results[1].as_double(0, 0) == Approx(4999.99));
}

TEST_CASE("Session: an error mid-pipeline throws SqlError and leaves the session usable",
          "[session]") {
  reset_table();
  tpcc::Session session{session_database()};
  session.prepare("put", "insert into kv values ($1::int, $2::int)");
  session.prepare("div", "select 10 / $1::int");
  session.queue_command("begin isolation level read committed");
  session.queue("put", tpcc::Params{}.add(5).add(50));
  session.queue("div", tpcc::Params{}.add(0));
  session.queue("put", tpcc::Params{}.add(6).add(60));
  session.queue_command("commit");
  try {
    session.flush();
    FAIL("no error");
  } catch (const tpcc::SqlError& e) {
    CHECK(e.sqlstate == "22012");
    const std::string message = e.what();
    CHECK(message.find("22012") != std::string::npos);
    CHECK(message.find("division by zero") != std::string::npos);
  }
  // The failed transaction was rolled back: neither insert stayed.
  CHECK_FALSE(session.in_transaction());
  CHECK(count_rows("k in (5, 6)") == 0);

  // The same session runs the next transaction normally.
  session.queue_command("begin");
  session.queue("put", tpcc::Params{}.add(7).add(70));
  session.queue_command("commit");
  CHECK(session.flush().size() == 3);
  CHECK(count_rows("k = 7") == 1);
}

TEST_CASE("Session: a duplicate key is an SqlError with its SQLSTATE", "[session]") {
  reset_table();
  tpcc::Session session{session_database()};
  session.prepare("put", "insert into kv values ($1::int, $2::int)");
  session.queue_command("begin");
  session.queue("put", tpcc::Params{}.add(1).add(11));
  session.queue_command("commit");
  CHECK_THROWS_MATCHES(session.flush(), tpcc::SqlError,
                       Catch::Predicate<tpcc::SqlError>(
                           [](const tpcc::SqlError& e) { return e.sqlstate == "23505"; }));
  CHECK_FALSE(session.in_transaction());
}

TEST_CASE("Session: a serialization failure is a RetryableError", "[session]") {
  reset_table();
  tpcc::Session first{session_database()};
  tpcc::Session second{session_database()};
  first.prepare("bump", "update kv set v = v + 1 where k = $1::int");
  second.prepare("bump", "update kv set v = v + 1 where k = $1::int");
  second.prepare("read", "select v from kv where k = $1::int");

  // `second` takes its snapshot, `first` changes the row and commits, then
  // `second` cannot update it under repeatable read (40001).
  second.queue_command("begin isolation level repeatable read");
  second.queue("read", tpcc::Params{}.add(1));
  second.flush();
  CHECK(second.in_transaction());
  first.queue("bump", tpcc::Params{}.add(1));
  first.flush();
  second.queue("bump", tpcc::Params{}.add(1));
  second.queue_command("commit");
  CHECK_THROWS_MATCHES(second.flush(), tpcc::RetryableError,
                       Catch::Predicate<tpcc::RetryableError>(
                           [](const tpcc::RetryableError& e) { return e.sqlstate == "40001"; }));
  CHECK_FALSE(second.in_transaction());
  CHECK(count_rows("k = 1 and v = 11") == 1);
}

TEST_CASE("Session: rollback_if_open ends a transaction left open between round trips",
          "[session]") {
  reset_table();
  tpcc::Session session{session_database()};
  session.prepare("put", "insert into kv values ($1::int, $2::int)");
  session.queue_command("begin");
  session.queue("put", tpcc::Params{}.add(8).add(80));
  session.flush();
  CHECK(session.in_transaction());
  session.rollback_if_open();
  CHECK_FALSE(session.in_transaction());
  CHECK(count_rows("k = 8") == 0);
  session.rollback_if_open();  // nothing open: no effect, no error
  CHECK_FALSE(session.in_transaction());
}

TEST_CASE("Session: a terminated backend is ConnectionLost; reconnect prepares again",
          "[session]") {
  reset_table();
  tpcc::Session session{session_database()};
  session.prepare("get", "select v from kv where k = $1::int");
  session.queue("get", tpcc::Params{}.add(2));
  CHECK(session.flush()[0].as_int(0, 0) == 20);
  const int pid = session.backend_pid();
  REQUIRE(pid > 0);
  {
    pqxx::connection other{session_database()};
    pqxx::nontransaction work{other};
    work.exec("select pg_terminate_backend(" + std::to_string(pid) + ")");
    // Wait until the backend is gone so the next flush cannot race it.
    for (int i = 0; i < 100; ++i) {
      if (work.exec1("select count(*) from pg_stat_activity where pid = " + std::to_string(pid))[0]
              .as<int>() == 0) {
        break;
      }
      work.exec("select pg_sleep(0.02)");
    }
  }
  session.queue("get", tpcc::Params{}.add(2));
  CHECK_THROWS_AS(session.flush(), tpcc::ConnectionLost);
  CHECK_FALSE(session.connected());
  CHECK_THROWS_AS(session.flush(), tpcc::ConnectionLost);

  session.reconnect();
  CHECK(session.connected());
  CHECK(session.backend_pid() != pid);
  session.queue("get", tpcc::Params{}.add(2));
  CHECK(session.flush()[0].as_int(0, 0) == 20);
}

TEST_CASE("Session: an unreachable server is a ConnectError naming the target, password masked",
          "[session]") {
  const std::string conninfo =
      "host=/nonexistent/socket/dir port=1 dbname=nowhere user=bench password=hunter2";
  try {
    tpcc::Session session{conninfo};
    FAIL("connected to nothing");
  } catch (const tpcc::ConnectError& e) {
    const std::string message = e.what();
    CHECK(message.find("/nonexistent/socket/dir") != std::string::npos);
    CHECK(message.find("hunter2") == std::string::npos);
  }
}

TEST_CASE("Session: a bad statement fails when it is prepared", "[session]") {
  tpcc::Session session{session_database()};
  CHECK_THROWS_AS(session.prepare("bad", "select * from no_such_table"), tpcc::SqlError);
  // The failure did not break the session.
  session.prepare("good", "select 1");
  session.queue("good", tpcc::Params{});
  CHECK(session.flush()[0].as_int(0, 0) == 1);
}

TEST_CASE("begin_command spells the isolation level and read only", "[session]") {
  using tpcc::Isolation;
  CHECK(std::string{tpcc::begin_command(Isolation::ReadCommitted, false)} ==
        "begin isolation level read committed");
  CHECK(std::string{tpcc::begin_command(Isolation::RepeatableRead, false)} ==
        "begin isolation level repeatable read");
  CHECK(std::string{tpcc::begin_command(Isolation::Serializable, true)} ==
        "begin isolation level serializable read only");
  CHECK(std::string{tpcc::begin_command(Isolation::ReadCommitted, true)} ==
        "begin isolation level read committed read only");
}

TEST_CASE("Session: the simple query mode's literals read back as the values were", "[session]") {
  tpcc::SessionOptions options;
  options.query_mode = tpcc::QueryMode::Simple;
  tpcc::Session session{session_database(), options};
  session.prepare("echo", "select $1::text");
  // Plain printable ASCII is quoted by the session itself; the rest by libpq.
  const std::vector<std::string> values = {
      "12345", "plain text, 3.5e-2", "", "it's", "a \\ b", "tab\there", "ünï", "'", "\\'--'"};
  for (const std::string& value : values) session.queue("echo", tpcc::Params{}.add(value));
  const std::vector<tpcc::QueryResult> rows = session.flush();
  REQUIRE(rows.size() == values.size());
  for (std::size_t i = 0; i < values.size(); ++i) {
    INFO("value " << i << ": " << values[i]);
    CHECK(std::string(rows[i].text(0, 0)) == values[i]);
  }
}

TEST_CASE("Session: a statement counted as a write is one whatever its tag, in every query mode",
          "[session]") {
  for (const tpcc::QueryMode mode :
       {tpcc::QueryMode::Prepared, tpcc::QueryMode::Extended, tpcc::QueryMode::Simple}) {
    INFO("query mode " << static_cast<int>(mode));
    reset_table();
    tpcc::SessionOptions options;
    options.query_mode = mode;
    tpcc::Session session{session_database(), options};
    // A data-modifying CTE under a SELECT: the server's tag says SELECT.
    session.prepare(
        "bump", "with b as (update kv set v = v + 1 where k = $1::int returning v) select v from b",
        tpcc::Session::Counted::AsWrite);
    session.prepare("get", "select v from kv where k = $1::int");
    session.queue_command("begin");
    session.queue("bump", tpcc::Params{}.add(1));
    session.queue("get", tpcc::Params{}.add(1));
    session.queue("bump", tpcc::Params{}.add(2));
    session.queue_command("commit");
    const std::vector<tpcc::QueryResult> results = session.flush();
    REQUIRE(results.size() == 5);
    CHECK(results[2].as_int(0, 0) == 11);
    const tpcc::StatementCounts counts = session.take_statement_counts();
    CHECK(counts.writes == 2);
    CHECK(counts.reads == 1);
    CHECK(counts.other == 2);
    // The kinds of one flush do not leak into the next.
    session.queue("get", tpcc::Params{}.add(2));
    session.flush();
    CHECK(session.take_statement_counts().reads == 1);
  }
}

TEST_CASE("Session: a name registered twice must be the same statement, counted the same way",
          "[session]") {
  tpcc::Session session{session_database()};
  session.prepare("get", "select v from kv where k = $1::int");
  session.prepare("get", "select v from kv where k = $1::int");  // the same code again: fine
  CHECK_THROWS_WITH(session.prepare("get", "select k from kv where v = $1::int"),
                    Catch::Contains("two different texts"));
  CHECK_THROWS_WITH(
      session.prepare("get", "select v from kv where k = $1::int", tpcc::Session::Counted::AsWrite),
      Catch::Contains("counted two different ways"));
}

TEST_CASE("Session: abandon_waits ends a wait for a result that would take a minute to come",
          "[session]") {
  for (const tpcc::QueryMode mode : {tpcc::QueryMode::Prepared, tpcc::QueryMode::Simple}) {
    tpcc::SessionInterrupts interrupts;
    tpcc::SessionOptions options;
    options.interrupts = &interrupts;
    options.query_mode = mode;
    tpcc::Session session{session_database(), options};
    const std::string active =
        "select count(*) from pg_stat_activity where state = 'active' and pid = " +
        std::to_string(session.backend_pid());
    // Raised once the statement runs on the server: the session sleeps on
    // its socket with no timeout by then, and only the raise can wake it.
    std::thread raiser([&] {
      for (int i = 0; i < 3000 && tpcc::test::scalar(session_database(), active) == 0; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
      interrupts.abandon_waits();
    });
    session.queue_command("select pg_sleep(60)");
    CHECK_THROWS_AS(session.flush(), tpcc::Abandoned);
    raiser.join();
    CHECK_FALSE(session.connected());
  }
}
