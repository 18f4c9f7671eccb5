// --metrics-listen on a real run: scraped during the run and checked by
// promtool, and the final scrape (--metrics-linger) equal to result.json's
// figures; an address in use or not loopback is refused before the run.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "tests/pg/live_scrape.hpp"
#include "tests/pg/pg_fixture.hpp"

namespace {

constexpr const char* kDatabase = "tpcc_metrics_listen";
constexpr int kWarehouses = 1;
constexpr const char* kTypes[] = {"new_order", "payment", "order_status", "delivery",
                                  "stock_level"};

namespace fs = std::filesystem;
using Json = nlohmann::json;
using tpcc::test::free_port;
using tpcc::test::scrape;

// A socket listening on 127.0.0.1 at a port the system chose; closed with
// the object.
class Listener {
 public:
  Listener() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    REQUIRE(::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0);
    REQUIRE(::listen(fd_, 1) == 0);
    socklen_t length = sizeof addr;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &length);
    port_ = ntohs(addr.sin_port);
  }
  ~Listener() { close(); }
  void close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
  }
  int port() const { return port_; }

 private:
  int fd_ = -1;
  int port_ = 0;
};

// The samples of an exposition text, keyed by name{labels}.
std::map<std::string, double> samples(const std::string& text) {
  std::map<std::string, double> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const std::size_t space = line.rfind(' ');
    out[line.substr(0, space)] = std::stod(line.substr(space + 1));
  }
  return out;
}

bool in_phase(const std::string& text, const std::string& phase) {
  const auto m = samples(text);
  const auto it = m.find("tpcc_phase{phase=\"" + phase + "\"}");
  return it != m.end() && it->second == 1;
}

// Scrapes every 100 ms until a scrape is in `phase`, or the child ends.
std::optional<std::string> scrape_in_phase(int port, const std::string& phase,
                                           tpcc::test::TpccChild& child) {
  for (;;) {
    if (const std::optional<std::string> text = scrape(port); text && in_phase(*text, phase)) {
      return text;
    }
    if (child.wait_for(0.1) >= 0) return std::nullopt;
  }
}

// `promtool check metrics` on text: its output, or nullopt without promtool.
std::optional<std::string> promtool_check(const std::string& text, int* status) {
  if (std::system("command -v promtool >/dev/null 2>&1") != 0) return std::nullopt;
  const std::string file = (tpcc::test::scratch_root() / "scrape.txt").string();
  std::ofstream(file) << text;
  const std::string command = "promtool check metrics < " + file + " 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  std::string output;
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) output += buffer;
  const int raw = ::pclose(pipe);
  *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return output;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("live metrics: scraped during a run, promtool-clean, the final scrape is result.json's",
          "[metrics_listen]") {
  const std::string& conn = tpcc::test::loaded_database(kDatabase, kWarehouses);
  const std::string dir = tpcc::test::scratch_dir("live_run");
  const std::string log = (tpcc::test::scratch_root() / "live_run.log").string();
  const int port = free_port();
  tpcc::test::TpccChild child(
      {"run", "--conn", conn, "--terminals", "4", "--warmup", "2", "--duration", "4",
       "--report-interval", "1", "--result-dir", dir, "--metrics-listen",
       "127.0.0.1:" + std::to_string(port), "--metrics-linger", "30"},
      log);
  const std::optional<std::string> during = scrape_in_phase(port, "measured", child);
  INFO(read_text(log));
  REQUIRE(during);
  int status = 0;
  if (const std::optional<std::string> lint = promtool_check(*during, &status)) {
    INFO(*lint);
    CHECK(status == 0);
  } else {
    WARN("promtool not found (Debian package prometheus): the scrape's format is not checked");
  }
  const std::optional<std::string> final_text = scrape_in_phase(port, "done", child);
  REQUIRE(final_text);
  // A signal ends the linger; the exit status stays the run's.
  child.signal(SIGTERM);
  CHECK(child.wait_for(30) == 0);
  const Json result = Json::parse(read_text((fs::path(dir) / "result.json").string()));
  const auto m = samples(*final_text);
  for (const char* type : kTypes) {
    INFO(type);
    const Json& t = result.at("transactions").at(type);
    const std::string prefix = std::string("tpcc_transactions_total{type=\"") + type + "\"";
    CHECK(m.at(prefix + ",outcome=\"committed\"}") == t.at("count").get<double>());
    CHECK(m.at(prefix + ",outcome=\"rolled_back\"}") == t.at("rollbacks").get<double>());
    CHECK(m.at(prefix + ",outcome=\"error\"}") == t.at("errors").get<double>());
  }
  CHECK(result.at("transactions").at("new_order").at("count").get<long>() > 0);
  const double tpmc = m.at("tpcc_run_tpmc");
  CHECK(std::round(tpmc * 100) / 100 == result.at("tpmC").get<double>());
  CHECK(m.at("tpcc_active_terminals") == 4);
  CHECK(m.at("tpcc_downtime_seconds_total") == result.at("downtime_seconds").get<double>());
}

TEST_CASE(
    "live metrics: a mixed run's analytic streams are served per query, the final "
    "scrape result.json's",
    "[metrics_listen][ch]") {
  static const std::string conn = [] {
    const std::string db = tpcc::test::create_database("tpcc_metrics_listen_ch");
    std::string output;
    if (tpcc::test::run_tpcc({"prepare", "--conn", db, "--warehouses", "1", "--ch", "--no-check"},
                             &output) != 0) {
      throw std::runtime_error("prepare --ch failed:\n" + output);
    }
    return db;
  }();
  const std::string dir = tpcc::test::scratch_dir("live_ch_run");
  const std::string log = (tpcc::test::scratch_root() / "live_ch_run.log").string();
  const int port = free_port();
  tpcc::test::TpccChild child(
      {"run", "--conn", conn, "--terminals", "2", "--ch-streams", "1", "--warmup", "1",
       "--duration", "6", "--report-interval", "1", "--result-dir", dir, "--metrics-listen",
       "127.0.0.1:" + std::to_string(port), "--metrics-linger", "30"},
      log);
  const std::optional<std::string> during = scrape_in_phase(port, "measured", child);
  INFO(read_text(log));
  REQUIRE(during);
  CHECK(during->find("tpcc_side_transactions_total{workload=\"ch\",type=\"q1\","
                     "outcome=\"committed\"}") != std::string::npos);
  CHECK(during->find("tpcc_side_latency_seconds_bucket{workload=\"ch\",type=\"q22\",le=") !=
        std::string::npos);
  int status = 0;
  if (const std::optional<std::string> lint = promtool_check(*during, &status)) {
    INFO(*lint);
    CHECK(status == 0);
  }
  const std::optional<std::string> final_text = scrape_in_phase(port, "done", child);
  REQUIRE(final_text);
  child.signal(SIGTERM);
  CHECK(child.wait_for(30) == 0);
  const Json ch = Json::parse(read_text((fs::path(dir) / "result.json").string())).at("ch");
  const auto m = samples(*final_text);
  long long queries = 0;
  for (const Json& q : ch.at("per_query")) {
    // "Q7" in result.json, "q7" in the workload's types.
    std::string type = q.at("query").get<std::string>();
    type[0] = 'q';
    INFO(type);
    const std::string prefix = "tpcc_side_transactions_total{workload=\"ch\",type=\"" + type + "\"";
    CHECK(m.at(prefix + ",outcome=\"committed\"}") == q.at("count").get<double>());
    CHECK(m.at(prefix + ",outcome=\"error\"}") == q.at("errors").get<double>());
    CHECK(m.at("tpcc_side_latency_seconds_count{workload=\"ch\",type=\"" + type + "\"}") >=
          q.at("count").get<double>());
    queries += q.at("count").get<long long>();
  }
  CHECK(queries > 0);
  CHECK(m.at("tpcc_side_active_terminals{workload=\"ch\"}") == 1);
}

TEST_CASE("live metrics: an address in use or not loopback is refused before the run",
          "[metrics_listen]") {
  const std::string& conn = tpcc::test::loaded_database(kDatabase, kWarehouses);
  Listener taken;
  const std::string address = "127.0.0.1:" + std::to_string(taken.port());
  const std::string dir = tpcc::test::scratch_dir("live_refused");
  std::string output;
  CHECK(tpcc::test::run_tpcc({"run", "--conn", conn, "--duration", "1", "--result-dir", dir,
                              "--metrics-listen", address},
                             &output) == 2);
  CHECK_THAT(output, Catch::Contains("--metrics-listen " + address + ": cannot listen there"));
  CHECK_FALSE(fs::exists(dir));
  CHECK(tpcc::test::run_tpcc({"run", "--conn", conn, "--duration", "1", "--result-dir", dir,
                              "--metrics-listen", "0.0.0.0:1"},
                             &output) == 2);
  CHECK_THAT(output, Catch::Contains("--metrics-listen '0.0.0.0:1'") &&
                         Catch::Contains("--metrics-listen-any"));
  CHECK_FALSE(fs::exists(dir));
}
