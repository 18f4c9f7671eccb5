// The throwaway PostgreSQL and the test harness around it.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <pqxx/pqxx>
#include <string>
#include <thread>

#include "pgserver/local_server.hpp"
#include "pgserver/process.hpp"
#include "tests/pg/pg_fixture.hpp"

namespace fs = std::filesystem;
using tpcc::LocalServer;
using tpcc::LocalServerOptions;
using tpcc::test::scalar_text;

namespace {

// A second cluster beside the shared one needs little memory.
LocalServerOptions small_server_options() {
  LocalServerOptions options;
  options.quiet = true;
  options.settings = {{"shared_buffers", "16MB"}, {"max_connections", "20"}};
  return options;
}

bool accepts_connections(const std::string& conninfo) {
  try {
    pqxx::connection conn{conninfo + " connect_timeout=5"};
    return conn.is_open();
  } catch (const pqxx::broken_connection&) {
    return false;
  }
}

template <typename Pred>
bool eventually(Pred pred, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < deadline) {
    if (pred()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return pred();
}

}  // namespace

TEST_CASE("local server answers queries and runs PostgreSQL 15 or later") {
  CHECK(scalar_text(tpcc::test::server_conninfo(), "select 1") == "1");
  CHECK(std::stoi(scalar_text(tpcc::test::server_conninfo(), "show server_version_num")) >= 150000);
  CHECK(scalar_text(tpcc::test::server_conninfo(), "select current_user") == "postgres");
}

TEST_CASE("local server runs with the throwaway benchmark settings") {
  const auto& conninfo = tpcc::test::server_conninfo();
  CHECK(scalar_text(conninfo, "show fsync") == "off");
  CHECK(scalar_text(conninfo, "show synchronous_commit") == "off");
  CHECK(scalar_text(conninfo, "show full_page_writes") == "off");
  CHECK(scalar_text(conninfo, "show wal_level") == "minimal");
  CHECK(scalar_text(conninfo, "show max_connections") == "300");
  CHECK(scalar_text(conninfo, "show shared_buffers") == "512MB");
  CHECK(scalar_text(conninfo, "show maintenance_work_mem") == "512MB");
  CHECK(scalar_text(conninfo, "show listen_addresses") == "127.0.0.1");
  CHECK(scalar_text(conninfo, "show unix_socket_directories") ==
        tpcc::test::local_server().socket_dir());
  CHECK(scalar_text(conninfo, "show port") == std::to_string(tpcc::test::local_server().port()));
  CHECK(scalar_text(conninfo,
                    "select pg_encoding_to_char(encoding) from pg_database "
                    "where datname = 'postgres'") == "UTF8");
}

TEST_CASE("local server accepts TCP connections on 127.0.0.1 at its port") {
  const std::string tcp =
      "host=127.0.0.1 port=" + std::to_string(tpcc::test::local_server().port()) +
      " dbname=postgres user=postgres";
  CHECK(scalar_text(tcp, "select host(inet_server_addr())") == "127.0.0.1");
}

TEST_CASE("libpq defaults point at the local server during the tests") {
  // An empty conninfo uses only the environment set up by pg_main.
  CHECK(scalar_text("", "show port") == std::to_string(tpcc::test::local_server().port()));
}

TEST_CASE("create_database gives each test its own empty database") {
  const std::string a = tpcc::test::create_database("harness_a");
  const std::string b = tpcc::test::create_database("harness_b");
  CHECK(scalar_text(a, "select current_database()") == "harness_a");
  CHECK(scalar_text(b, "select current_database()") == "harness_b");
  {
    pqxx::connection conn{a};
    pqxx::work tx{conn};
    tx.exec("create table marker (id int)");
    tx.exec("insert into marker values (42)");
    tx.commit();
  }
  CHECK(scalar_text(a, "select id from marker") == "42");
  CHECK(scalar_text(b, "select to_regclass('marker') is null") == "t");

  SECTION("creating it again starts from empty, even with a session open on it") {
    pqxx::connection open_session{a};
    const std::string again = tpcc::test::create_database("harness_a");
    CHECK(again == a);
    CHECK(scalar_text(again, "select to_regclass('marker') is null") == "t");
  }
  CHECK_THROWS_AS(tpcc::test::create_database("bad name; drop"), std::invalid_argument);
}

TEST_CASE("a second local server runs alongside and leaves nothing behind after stop") {
  auto second = LocalServer::start(small_server_options());
  const std::string dir = second->directory();
  const std::string conninfo = second->conninfo();
  const int port = second->port();

  CHECK(port != tpcc::test::local_server().port());
  CHECK(second->socket_dir() != tpcc::test::local_server().socket_dir());
  CHECK(fs::is_directory(second->data_dir()));
  CHECK(scalar_text(conninfo, "select 1") == "1");
  CHECK(scalar_text(conninfo, "show shared_buffers") == "16MB");  // caller's settings win
  CHECK(scalar_text(tpcc::test::server_conninfo(), "select 2") == "2");

  second->stop();
  CHECK_FALSE(second->running());
  CHECK_FALSE(fs::exists(dir));
  CHECK_FALSE(accepts_connections("host=127.0.0.1 port=" + std::to_string(port) +
                                  " dbname=postgres user=postgres"));
  second->stop();  // idempotent

  SECTION("the destructor does the same") {
    auto third = LocalServer::start(small_server_options());
    const std::string third_dir = third->directory();
    CHECK(fs::exists(third_dir));
    third.reset();
    CHECK_FALSE(fs::exists(third_dir));
  }
}

TEST_CASE("a kept local server outlives its object and stops with pg_ctl") {
  auto options = small_server_options();
  options.keep = true;
  auto kept = LocalServer::start(options);
  const std::string dir = kept->directory();
  const std::string conninfo = kept->conninfo();
  const auto stop_cmd =
      kept->server_command({kept->bin_dir() + "/pg_ctl", "-D", kept->data_dir(), "-s", "stop"});
  kept.reset();

  const bool survived = accepts_connections(conninfo);
  CHECK(survived);
  CHECK(fs::is_directory(dir));

  std::string out;
  CHECK(tpcc::run_process(stop_cmd, {}, &out) == 0);
  INFO(out);
  CHECK_FALSE(accepts_connections(conninfo));
  fs::remove_all(dir);
}

TEST_CASE("a local server whose owner is killed is stopped and removed by its guard") {
  int fds[2];
  REQUIRE(::pipe2(fds, O_CLOEXEC) == 0);
  const pid_t child = ::fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    ::close(fds[0]);
    try {
      auto server = LocalServer::start(small_server_options());
      const std::string report = server->directory() + "\n" + server->conninfo() + "\n";
      (void)!::write(fds[1], report.data(), report.size());
      ::close(fds[1]);
      ::kill(::getpid(), SIGKILL);  // no destructors, no cleanup of its own
    } catch (...) {
    }
    ::_exit(1);
  }
  ::close(fds[1]);
  std::string report;
  char buf[512];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) != 0;) {
    if (n > 0) report.append(buf, static_cast<size_t>(n));
    if (n < 0 && errno != EINTR) break;
  }
  ::close(fds[0]);
  int status = 0;
  REQUIRE(::waitpid(child, &status, 0) == child);
  REQUIRE(WIFSIGNALED(status));

  const auto newline = report.find('\n');
  REQUIRE(newline != std::string::npos);
  const std::string dir = report.substr(0, newline);
  const std::string conninfo =
      report.substr(newline + 1, report.find('\n', newline + 1) - newline - 1);
  REQUIRE(dir.find("tpcc-pg-") != std::string::npos);

  CHECK(eventually([&] { return !fs::exists(dir); }, 60));
  CHECK_FALSE(accepts_connections(conninfo));
  if (fs::exists(dir)) fs::remove_all(dir);
}

TEST_CASE("run_process captures output and exit status, and kills a child that overstays") {
  std::string out;
  CHECK(tpcc::run_process({"sh", "-c", "echo to-stdout; echo to-stderr >&2; exit 7"}, {}, &out) ==
        7);
  CHECK(out.find("to-stdout") != std::string::npos);
  CHECK(out.find("to-stderr") != std::string::npos);

  tpcc::ProcessOptions env_opts;
  env_opts.env = {{"TPCC_HARNESS_VALUE", std::string("set here")}, {"PGUSER", std::nullopt}};
  out.clear();
  CHECK(
      tpcc::run_process({"sh", "-c", "printf '%s|%s' \"$TPCC_HARNESS_VALUE\" \"${PGUSER-unset}\""},
                        env_opts, &out) == 0);
  CHECK(out == "set here|unset");

  tpcc::ProcessOptions kill_opts;
  kill_opts.kill_after_seconds = 0.5;
  const auto start = std::chrono::steady_clock::now();
  out.clear();
  CHECK(tpcc::run_process({"sh", "-c", "echo started; exec sleep 30"}, kill_opts, &out) ==
        128 + SIGKILL);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
  CHECK(out.find("started") != std::string::npos);

  CHECK_THROWS_AS(tpcc::run_process({"/nonexistent/program"}, {}, &out), std::runtime_error);
}

TEST_CASE("run_tpcc runs the tpcc binary and reports bad usage as exit status 2") {
  std::string out;
  CHECK(tpcc::test::run_tpcc({"no-such-command"}, &out) == 2);
  CHECK_FALSE(out.empty());
}
