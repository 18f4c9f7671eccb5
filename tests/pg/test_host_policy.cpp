// Several primaries, one driver (--host-policy): a --conn that lists two
// hosts (here the tests' server reached over TCP and over its socket, two
// addresses of one server) spreads the terminals' connections over both,
// and each host's figures add up to the run's; a host that does not answer
// fails the start under round-robin, where libpq's first-host way would
// have skipped it; one host, or --failover, is refused.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

using tpcc::test::run_tpcc;

constexpr const char* kDatabase = "tpcc_host_policy";

// The tests' server by TCP and by its socket directory.
std::string two_hosts(const std::string& second_port = "") {
  const tpcc::test::ServerInfo& server = tpcc::test::local_server();
  const std::string port = std::to_string(server.port());
  return "host=127.0.0.1," + server.socket_dir() + " port=" + port + "," +
         (second_port.empty() ? port : second_port) + " user=postgres dbname=" + kDatabase;
}

std::vector<std::string> run_args(const std::string& conn, const std::string& policy,
                                  const std::string& dir) {
  return {"run", "--conn",   conn, "--host-policy", policy, "--terminals", "4", "--duration",
          "3",   "--warmup", "0",  "--result-dir",  dir};
}

}  // namespace

TEST_CASE("host policy: round-robin spreads the connections over the hosts, each reported",
          "[host_policy]") {
  tpcc::test::loaded_database(kDatabase, 2);
  const std::string dir = tpcc::test::scratch_dir("host_policy_rr");
  std::string output;
  REQUIRE(run_tpcc(run_args(two_hosts(), "round-robin", dir), &output) == 0);
  INFO(output);
  CHECK(output.find("spread round-robin over 2 hosts") != std::string::npos);
  CHECK(output.find("Per host (--host-policy round-robin):") != std::string::npos);
  CHECK(output.find("all hosts") != std::string::npos);
  const nlohmann::json result = tpcc::test::read_result(dir);
  const nlohmann::json& hosts = result.at("hosts");
  REQUIRE(hosts.size() == 2);
  CHECK(hosts[0].at("host") == "127.0.0.1:" + std::to_string(tpcc::test::local_server().port()));
  CHECK(hosts[1].at("host") == tpcc::test::local_server().socket_dir() + ":" +
                                   std::to_string(tpcc::test::local_server().port()));
  // 4 terminals' connections and the Delivery worker, alternately.
  CHECK(hosts[0].at("connections") == 3);
  CHECK(hosts[1].at("connections") == 2);
  long long by_host = 0;
  for (const auto& host : hosts) {
    CHECK(host.at("completed").get<long long>() > 0);
    by_host += host.at("completed").get<long long>();
  }
  long long by_type = 0;
  for (const auto& [name, txn] : result.at("transactions").items()) {
    by_type += txn.at("count").get<long long>() + txn.at("rollbacks").get<long long>();
  }
  CHECK(by_host == by_type);
}

TEST_CASE("host policy: a host that does not answer fails round-robin's start, not first's",
          "[host_policy]") {
  tpcc::test::loaded_database(kDatabase, 2);
  // The second host's port has no server: libpq's way uses the first host.
  const std::string conn = two_hosts("1");
  std::string output;
  const std::string first_dir = tpcc::test::scratch_dir("host_policy_first");
  CHECK(run_tpcc(run_args(conn, "first", first_dir), &output) == 0);
  CHECK(tpcc::test::read_result(first_dir).count("hosts") == 0);
  output.clear();
  CHECK(run_tpcc(run_args(conn, "round-robin", tpcc::test::scratch_dir("host_policy_bad")),
                 &output) == 3);
  INFO(output);
  // The error names the host that did not answer: its address and port 1.
  CHECK(output.find(tpcc::test::local_server().socket_dir() + " port=1") != std::string::npos);
}

TEST_CASE("host policy: one host, or --failover, is refused naming the flag", "[host_policy]") {
  std::string output;
  CHECK(run_tpcc({"run", "--conn", "host=127.0.0.1 dbname=x", "--host-policy", "random"},
                 &output) == 2);
  CHECK(output.find("--host-policy random: --conn names one host") != std::string::npos);
  output.clear();
  CHECK(
      run_tpcc({"run", "--conn", "host=a,b dbname=x", "--host-policy", "round-robin", "--failover"},
               &output) == 2);
  CHECK(output.find("--host-policy round-robin with --failover") != std::string::npos);
}
