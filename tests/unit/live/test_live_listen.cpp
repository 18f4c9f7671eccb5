// --metrics-listen: the address rules (loopback unless
// --metrics-listen-any), the HTTP answers, and a port in use.
#include <catch2/catch.hpp>

#include <string>

#include "config/errors.hpp"
#include "live/listen_address.hpp"
#include "live/metrics_server.hpp"

namespace {

std::string refusal(const std::string& text, bool any = false) {
  try {
    tpcc::parse_listen_address(text, any, "--metrics-listen");
  } catch (const tpcc::UsageError& e) {
    return e.what();
  }
  FAIL("no UsageError for " << text);
  return "";
}

}  // namespace

TEST_CASE("live: --metrics-listen takes loopback addresses, PORT alone meaning 127.0.0.1",
          "[live]") {
  const auto v4 = tpcc::parse_listen_address("127.0.0.1:9187", false, "--metrics-listen");
  CHECK(v4.address == "127.0.0.1");
  CHECK(v4.port == 9187);
  CHECK(v4.loopback);
  CHECK(tpcc::parse_listen_address("9187", false, "--metrics-listen").address == "127.0.0.1");
  CHECK(tpcc::parse_listen_address(":9187", false, "--metrics-listen").address == "127.0.0.1");
  CHECK(tpcc::parse_listen_address("localhost:1", false, "--metrics-listen").address ==
        "127.0.0.1");
  const auto v6 = tpcc::parse_listen_address("[::1]:9187", false, "--metrics-listen");
  CHECK(v6.address == "::1");
  CHECK(tpcc::listen_address_text(v6) == "[::1]:9187");
  CHECK(tpcc::parse_listen_address("127.0.0.2:80", false, "--metrics-listen").loopback);
}

TEST_CASE("live: a non-loopback address needs --metrics-listen-any", "[live]") {
  CHECK_THAT(refusal("0.0.0.0:9187"), Catch::StartsWith("--metrics-listen '0.0.0.0:9187'") &&
                                          Catch::Contains("--metrics-listen-any"));
  CHECK_THAT(refusal("192.168.1.5:9187"), Catch::Contains("not a loopback address"));
  CHECK_THAT(refusal("[::]:9187"), Catch::Contains("--metrics-listen-any"));
  const auto any = tpcc::parse_listen_address("0.0.0.0:9187", true, "--metrics-listen");
  CHECK_FALSE(any.loopback);
  CHECK(any.address == "0.0.0.0");
}

TEST_CASE("live: --metrics-listen refuses bad ports and names", "[live]") {
  CHECK_THAT(refusal("127.0.0.1:0"), Catch::Contains("1..65535"));
  CHECK_THAT(refusal("127.0.0.1:70000"), Catch::Contains("1..65535"));
  CHECK_THAT(refusal("127.0.0.1:"), Catch::Contains("port"));
  CHECK_THAT(refusal("127.0.0.1:http"), Catch::Contains("port"));
  CHECK_THAT(refusal("example.org:9187"), Catch::Contains("not an IP address"));
  CHECK_THAT(refusal("::1:9187"), Catch::Contains("brackets"));
  CHECK_THAT(refusal("[::1]9187"), Catch::Contains("[IPv6]:PORT"));
}

TEST_CASE("live: GET /metrics answers 200 with the text format, anything else 404", "[live]") {
  const auto body = [] { return std::string("tpcc_tpmc 1\n"); };
  const std::string ok = tpcc::http_response("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n", body);
  CHECK(ok.rfind("HTTP/1.1 200 OK\r\n", 0) == 0);
  CHECK(ok.find("Content-Type: text/plain; version=0.0.4") != std::string::npos);
  CHECK(ok.find("Content-Length: 12\r\n") != std::string::npos);
  CHECK(ok.substr(ok.size() - 12) == "tpcc_tpmc 1\n");
  CHECK(tpcc::http_response("GET /metrics?x=1 HTTP/1.0\r\n\r\n", body).rfind("HTTP/1.1 200", 0) ==
        0);
  for (const char* head : {"GET / HTTP/1.1\r\n\r\n", "POST /metrics HTTP/1.1\r\n\r\n",
                           "GET /metricsx HTTP/1.1\r\n\r\n", "garbage\r\n\r\n"}) {
    CHECK(tpcc::http_response(head, body).rfind("HTTP/1.1 404 Not Found\r\n", 0) == 0);
  }
}

TEST_CASE("live: a port in use is a usage error naming the flag and the address", "[live]") {
  tpcc::ListenAddress address{"127.0.0.1", 0, true};
  const tpcc::MetricsServer first(
      address, [] { return std::string(); }, "--metrics-listen");
  address.port = first.port();
  try {
    const tpcc::MetricsServer second(
        address, [] { return std::string(); }, "--metrics-listen");
    FAIL("the second listener bound the same port");
  } catch (const tpcc::UsageError& e) {
    CHECK_THAT(std::string(e.what()),
               Catch::StartsWith("--metrics-listen 127.0.0.1:" + std::to_string(address.port) +
                                 ": cannot listen there"));
  }
}
