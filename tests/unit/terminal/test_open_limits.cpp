// The limits checked before a run opens its connections: the decision and
// the message, without touching the real limits of the test process.
#include <catch2/catch.hpp>

#include <string>

#include "config/config.hpp"
#include "terminal/engine/open_limits.hpp"

using tpcc::judge_limit;
using tpcc::LimitVerdict;
using tpcc::ResourceLimit;

namespace {

ResourceLimit files(std::uint64_t needed, std::uint64_t soft, std::uint64_t hard) {
  return {"the soft limit of open files (RLIMIT_NOFILE)",
          "open files",
          needed,
          soft,
          hard,
          "raise it with 'ulimit -n " + std::to_string(needed) + "'"};
}

}  // namespace

TEST_CASE("limits: enough under the soft limit, raise it when the hard limit fits, else refuse",
          "[limits]") {
  CHECK(judge_limit(files(1000, 1024, 4096)) == LimitVerdict::Enough);
  CHECK(judge_limit(files(1024, 1024, 4096)) == LimitVerdict::Enough);
  CHECK(judge_limit(files(1025, 1024, 4096)) == LimitVerdict::RaiseSoft);
  CHECK(judge_limit(files(4096, 1024, 4096)) == LimitVerdict::RaiseSoft);
  CHECK(judge_limit(files(4097, 1024, 4096)) == LimitVerdict::TooLow);
  CHECK(judge_limit(files(100016, 1024, UINT64_MAX)) == LimitVerdict::RaiseSoft);
}

TEST_CASE("limits: the message names the limit, its value, the need and how to raise it",
          "[limits]") {
  CHECK(tpcc::limit_message(files(100016, 1024, 4096), 100000) ==
        "100000 connections need 100016 open files, but the soft limit of open files "
        "(RLIMIT_NOFILE) is 1024 and its hard limit 4096: raise it with 'ulimit -n 100016', or "
        "run fewer connections (--terminals, --connections, --standby-terminals)");
  const ResourceLimit threads{"what is left under kernel.threads-max (5000, 4990 in use)",
                              "threads",
                              108,
                              10,
                              10,
                              "raise it with 'sysctl -w ...'"};
  CHECK(judge_limit(threads) == LimitVerdict::TooLow);
  CHECK(tpcc::limit_message(threads, 100) ==
        "100 connections need 108 threads, but what is left under kernel.threads-max (5000, "
        "4990 in use) is 10: raise it with 'sysctl -w ...', or run fewer connections "
        "(--terminals, --connections, --standby-terminals)");
}

TEST_CASE(
    "limits: a run counts the primary's connections, the delivery workers, the "
    "standbys' terminals and the lag sampler's",
    "[limits]") {
  tpcc::Config c;
  c.verb = tpcc::Verb::Run;
  c.terminals = 50;
  c.delivery_mode = tpcc::DeliveryMode::Sync;
  CHECK(tpcc::run_connection_count(c) == 50);
  c.delivery_mode = tpcc::DeliveryMode::Deferred;
  c.delivery_workers = 3;
  CHECK(tpcc::run_connection_count(c) == 53);
  c.delivery_mode = tpcc::DeliveryMode::Sync;
  c.connections = 20;
  CHECK(tpcc::run_connection_count(c) == 20);
  c.standbys.push_back({"host=s1", 30, {0, 0, 50, 0, 50}});
  c.standbys.push_back({"host=s2", 40, {0, 0, 50, 0, 50}});
  CHECK(tpcc::run_connection_count(c) == 20 + 30 + 40 + 3);
}

TEST_CASE("limits: a small run passes the check of the real limits", "[limits]") {
  CHECK_NOTHROW(tpcc::ensure_run_limits(4));
}
