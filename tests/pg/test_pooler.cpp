// --query-mode through a real pooler: Debian's PgBouncer in front of the
// tests' server, started here. Through transaction pooling the extended and
// simple query modes run clean and leave a consistent database; the prepared
// mode is refused before the run, with a result saying it measured nothing;
// session pooling keeps prepared statements working. And, straight to the
// server, every query mode completes a run of either --mode without errors.
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <system_error>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "db/session.hpp"
#include "pgserver/process.hpp"
#include "pgserver/run_as.hpp"
#include "tests/pg/live_scrape.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using tpcc::test::read_result;

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::loaded_database;
using tpcc::test::local_server;
using tpcc::test::run_tpcc;
using tpcc::test::scratch_dir;

constexpr const char* kDatabase = "tpcc_pooler";
constexpr const char* kPgBouncer = "/usr/sbin/pgbouncer";
// Server connections per pool of pool_mode=transaction.
constexpr int kPoolSize = 4;
const std::vector<std::string> kTxnNames = {"new_order", "payment", "order_status", "delivery",
                                            "stock_level"};

// Whether something accepts connections on 127.0.0.1:port.
bool listening(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(static_cast<std::uint16_t>(port));
  const bool connected =
      fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  if (fd >= 0) ::close(fd);
  return connected;
}

// One PgBouncer with two pools of the test database: "tx" in transaction
// pooling of at most 4 server connections, so that the run's terminals share
// them, and "session" in session pooling of 20, room for every connection of
// the run (a client beyond a session pool waits for one to close).
class PgBouncer {
 public:
  PgBouncer() {
    dir_ = local_server().directory() + "/pgbouncer-" + std::to_string(::getpid());
    std::error_code ignored;  // a file an exiting PgBouncer removed meanwhile
    fs::remove_all(dir_, ignored);
    tpcc::test::make_directory_for_server(dir_);
    port_ = tpcc::test::free_port();
    const std::string server = "host=" + local_server().socket_dir() +
                               " port=" + std::to_string(local_server().port()) +
                               " dbname=" + kDatabase + " user=postgres";
    {
      std::ofstream users(dir_ + "/users.txt");
      users << "\"postgres\" \"\"\n";
      std::ofstream ini(dir_ + "/pgbouncer.ini");
      ini << "[databases]\n"
          << "tx = " << server << " pool_mode=transaction\n"
          << "session = " << server << " pool_mode=session pool_size=20\n"
          << "[pgbouncer]\n"
          << "listen_addr = 127.0.0.1\n"
          << "listen_port = " << port_ << "\n"
          << "unix_socket_dir =\n"
          << "auth_type = trust\n"
          << "auth_file = " << dir_ << "/users.txt\n"
          << "pool_mode = transaction\n"
          << "default_pool_size = " << kPoolSize << "\n"
          << "max_client_conn = 200\n"
          << "logfile = " << dir_ << "/pgbouncer.log\n"
          << "pidfile = " << dir_ << "/pgbouncer.pid\n";
    }
    const tpcc::RunAs as = ::geteuid() == 0 ? tpcc::RunAs::user("postgres") : tpcc::RunAs();
    std::string output;
    // -d: PgBouncer puts itself in the background once it listens.
    if (tpcc::run_process(as.command({kPgBouncer, "-d", dir_ + "/pgbouncer.ini"}), {}, &output) !=
        0) {
      throw std::runtime_error("pgbouncer did not start: " + output +
                               tpcc::file_tail(dir_ + "/pgbouncer.log", 20));
    }
    // -d returns once PgBouncer forked; it listens and writes its pid file
    // a moment later.
    for (int i = 0; i < 100 && (pid_ <= 0 || !listening(port_)); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
      std::ifstream pidfile(dir_ + "/pgbouncer.pid");
      pidfile >> pid_;
    }
    if (!listening(port_)) {
      throw std::runtime_error("pgbouncer does not listen on port " + std::to_string(port_) +
                               ":\n" + tpcc::file_tail(dir_ + "/pgbouncer.log", 20));
    }
  }
  // Waits for it to be gone (it removes its pid file as it goes), so that
  // the next test's PgBouncer starts in an empty directory.
  ~PgBouncer() {
    if (pid_ <= 0 || ::kill(pid_, SIGTERM) != 0) return;
    for (int i = 0; i < 200 && ::kill(pid_, 0) == 0; ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(25));
    }
  }
  PgBouncer(const PgBouncer&) = delete;
  PgBouncer& operator=(const PgBouncer&) = delete;

  // The conninfo of pool "tx" or "session".
  std::string conninfo(const std::string& pool) const {
    return "host=127.0.0.1 port=" + std::to_string(port_) + " dbname=" + pool + " user=postgres";
  }
  std::string log() const { return tpcc::file_tail(dir_ + "/pgbouncer.log", 30); }

 private:
  std::string dir_;
  int port_ = 0;
  pid_t pid_ = 0;
};

struct Totals {
  std::int64_t committed = 0;
  std::int64_t errors = 0;
};

Totals totals(const Json& result) {
  Totals t;
  for (const auto& name : kTxnNames) {
    const Json& txn = result.at("transactions").at(name);
    t.committed += txn.at("count").get<std::int64_t>();
    t.errors += txn.at("errors").get<std::int64_t>();
  }
  return t;
}

// A short, cheap run: W=1, 4 terminals, 600 transactions a minute.
int short_run(const std::string& conninfo, const std::string& query_mode, const std::string& mode,
              const std::string& dir, std::string* output) {
  return run_tpcc({"run", "--conn", conninfo, "--terminals", "4", "--duration", "3", "--rate",
                   "600", "--query-mode", query_mode, "--mode", mode, "--result-dir", dir},
                  output);
}

void check_clean_run(const std::string& conninfo, const std::string& query_mode,
                     const std::string& mode) {
  const std::string dir = scratch_dir("pooler-" + query_mode + "-" + mode);
  std::string output;
  const int status = short_run(conninfo, query_mode, mode, dir, &output);
  INFO(query_mode << " " << mode << ":\n" << output);
  REQUIRE(status == 0);
  const Totals t = totals(read_result(dir));
  CHECK(t.committed > 5);
  CHECK(t.errors == 0);
}

// Every workload, by what selects it on tpcc run.
struct PooledWorkload {
  const char* name;
  std::vector<std::string> args;
};
const std::vector<PooledWorkload> kWorkloads = {
    {"tpcc", {}},
    {"oltp_read_write", {"--workload", "oltp_read_write", "--tables", "1", "--table-size", "1000"}},
    {"pgbench", {"--workload", "pgbench"}},
    {"ingest", {"--workload", "ingest"}}};

// The pools' database with every workload's tables: TPC-C's load, then
// the others prepared beside it, once.
const std::string& all_workloads_database() {
  static const std::string conninfo = [] {
    const std::string conn = loaded_database(kDatabase, 1);
    for (std::size_t i = 1; i < kWorkloads.size(); ++i) {
      std::vector<std::string> args = {"prepare", "--conn", conn};
      args.insert(args.end(), kWorkloads[i].args.begin(), kWorkloads[i].args.end());
      if (std::string(kWorkloads[i].name) == "pgbench") args.insert(args.end(), {"--scale", "1"});
      std::string output;
      if (run_tpcc(args, &output) != 0) throw std::runtime_error("prepare failed: " + output);
    }
    return conn;
  }();
  return conninfo;
}

// A 2 s run of w with query_mode into scratch; its exit status.
int workload_run(const std::string& conninfo, const PooledWorkload& w,
                 const std::string& query_mode, const std::string& dir, std::string* output) {
  std::vector<std::string> args = {"run",      "--conn",       conninfo, "--terminals",
                                   "2",        "--duration",   "2",      "--query-mode",
                                   query_mode, "--result-dir", dir};
  args.insert(args.end(), w.args.begin(), w.args.end());
  return run_tpcc(args, output);
}

// The refusal's line of tpcc's output.
std::string refusal_line(const std::string& output) {
  const std::size_t at = output.find("--query-mode prepared (props queryMode)");
  if (at == std::string::npos) return "";
  return output.substr(at, output.find('\n', at) - at);
}

// statement_timeout on each server connection of a transaction pool of
// kPoolSize: as many clients, each in a transaction it holds open, so that
// each has a server connection of its own.
std::vector<std::string> pool_statement_timeouts(const std::string& conninfo) {
  std::vector<std::unique_ptr<tpcc::Session>> holders;
  std::vector<std::string> timeouts;
  tpcc::SessionOptions options;
  options.query_mode = tpcc::QueryMode::Simple;
  for (int i = 0; i < kPoolSize; ++i) {
    holders.push_back(std::make_unique<tpcc::Session>(conninfo, options));
    holders.back()->queue_command("begin");
    holders.back()->queue_command("show statement_timeout");
    timeouts.emplace_back(holders.back()->flush().at(1).text(0, 0));
  }
  return timeouts;
}

bool have_pgbouncer() {
  if (::access(kPgBouncer, X_OK) == 0) return true;
  WARN("skipped: " << kPgBouncer << " is missing (apt-get install pgbouncer)");
  return false;
}

}  // namespace

TEST_CASE("every query mode completes a run of either --mode without errors", "[pooler]") {
  const std::string conninfo = loaded_database(kDatabase, 1);
  for (const char* mode : {"statements", "procedures"}) {
    for (const char* query_mode : {"prepared", "extended", "simple"}) {
      check_clean_run(conninfo, query_mode, mode);
    }
  }
}

TEST_CASE("the simple query mode sends values as literals libpq quoted", "[pooler]") {
  const std::string conninfo = loaded_database(kDatabase, 1);
  tpcc::SessionOptions options;
  options.query_mode = tpcc::QueryMode::Simple;
  tpcc::Session session(conninfo, options);
  session.prepare("echo", "select $1::text, $2::int, $3::numeric[], $4::text -- $1");
  const std::string tricky = "O'Brien \\ $1 -- \"x\"";
  session.queue("echo", tpcc::Params().add(tricky).add(7).add_cents_array({150, -5}).add_null());
  const std::vector<tpcc::QueryResult> rows = session.flush();
  CHECK(std::string(rows.at(0).text(0, 0)) == tricky);
  CHECK(rows.at(0).as_int(0, 1) == 7);
  CHECK(std::string(rows.at(0).text(0, 2)) == "{1.50,-0.05}");
  CHECK(rows.at(0).is_null(0, 3));
}

TEST_CASE("through PgBouncer's transaction pooling, extended and simple run clean and check",
          "[pooler]") {
  if (!have_pgbouncer()) return;
  loaded_database(kDatabase, 1);
  const PgBouncer bouncer;
  INFO(bouncer.log());
  for (const char* query_mode : {"extended", "simple"}) {
    check_clean_run(bouncer.conninfo("tx"), query_mode, "statements");
  }
  check_clean_run(bouncer.conninfo("tx"), "simple", "procedures");
  // The runs' side sessions (server metrics, checkpoint watch) bounded their
  // waits from the client: no server connection of the pool kept a
  // statement_timeout for the next client to inherit.
  for (const std::string& timeout : pool_statement_timeouts(bouncer.conninfo("tx"))) {
    CHECK(timeout == "0");
  }
  std::string output;
  const int status = run_tpcc({"check", "--conn", loaded_database(kDatabase, 1)}, &output);
  INFO(output);
  CHECK(status == 0);
}

TEST_CASE("through PgBouncer's transaction pooling, prepared is refused before the run",
          "[pooler]") {
  if (!have_pgbouncer()) return;
  loaded_database(kDatabase, 1);
  const PgBouncer bouncer;
  const std::string dir = scratch_dir("pooler-refused");
  std::string output;
  const int status = short_run(bouncer.conninfo("tx"), "prepared", "statements", dir, &output);
  INFO(output);
  CHECK(status == 2);
  CHECK_THAT(output, Catch::Contains("transaction pooler") &&
                         Catch::Contains("--query-mode extended") && Catch::Contains("queryMode"));
  const Json result = read_result(dir);
  CHECK(result.at("measured") == false);
  CHECK(result.at("stop_reason") == "not_started");
  // Straight to the server, or through session pooling, the same run goes.
  check_clean_run(bouncer.conninfo("session"), "prepared", "statements");
}

TEST_CASE(
    "through PgBouncer's transaction pooling, every workload: prepared refused alike, "
    "extended and simple clean",
    "[pooler]") {
  if (!have_pgbouncer()) return;
  all_workloads_database();
  const PgBouncer bouncer;
  INFO(bouncer.log());
  std::string tpcc_refusal;
  for (const PooledWorkload& w : kWorkloads) {
    INFO(w.name);
    const std::string dir = scratch_dir(std::string("pooler-refused-") + w.name);
    std::string output;
    CHECK(workload_run(bouncer.conninfo("tx"), w, "prepared", dir, &output) == 2);
    INFO(output);
    const std::string refusal = refusal_line(output);
    CHECK_THAT(refusal, Catch::Contains("transaction pooler"));
    if (tpcc_refusal.empty()) tpcc_refusal = refusal;
    CHECK(refusal == tpcc_refusal);
    CHECK(read_result(dir).at("stop_reason") == "not_started");
    for (const char* query_mode : {"extended", "simple"}) {
      INFO(query_mode);
      const std::string clean = scratch_dir(std::string("pooler-") + w.name + "-" + query_mode);
      std::string ran;
      const int status = workload_run(bouncer.conninfo("tx"), w, query_mode, clean, &ran);
      INFO(ran);
      CHECK(status == 0);
      const Json result = read_result(clean);
      CHECK(result.at("errors") == 0);
      CHECK(result.at("transactions_all_phases").get<std::int64_t>() > 0);
    }
  }
}
