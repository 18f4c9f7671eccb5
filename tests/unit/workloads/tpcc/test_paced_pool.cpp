// The pool TPC-C's paced terminals share when no --connections is given.
#include <catch2/catch.hpp>

#include "config/config.hpp"
#include "workloads/tpcc/paced_pool.hpp"

namespace {

tpcc::Config paced(int terminals, double multiplier = 1.0) {
  tpcc::Config config;
  config.terminals = terminals;
  config.keying_and_thinking = true;
  config.think_multiplier = multiplier;
  config.keying_multiplier = multiplier;
  config.mix = {45, 43, 4, 4, 4};
  return config;
}

}  // namespace

TEST_CASE("paced pool: a terminal offers one transaction per mean cycle of keying and thinking",
          "[paced_pool]") {
  // 5.2.5.2 and 5.2.5.4 at 45/43/4/4/4: 0.45*(18+12) + 0.43*(3+12) + 0.04*(2+10) +
  // 0.04*(2+5) + 0.04*(2+5) = 20.99 s.
  CHECK(tpcc::offered_per_terminal(paced(1)) == Approx(1 / 20.99));
  CHECK(tpcc::offered_per_terminal(paced(1, 0.5)) == Approx(2 / 20.99));
  tpcc::Config unpaced = paced(1);
  unpaced.keying_and_thinking = false;
  CHECK(tpcc::offered_per_terminal(unpaced) == 0);
}

TEST_CASE("paced pool: a connection each up to 1000 terminals, a pool past them, never one given",
          "[paced_pool]") {
  CHECK(tpcc::paced_pool_connections(paced(1000)) == 0);
  // 10,000 warehouses: 4,764 transactions/s x 0.05 s x 2 = 477, raised to the floor.
  CHECK(tpcc::paced_pool_connections(paced(100000)) == tpcc::kOwnConnectionsUpTo);
  // A million terminals: 47,642/s x 0.1 s.
  CHECK(tpcc::paced_pool_connections(paced(1000000)) == 4765);
  // Think times a hundredth: the pool grows with the offered rate, up to the terminals.
  CHECK(tpcc::paced_pool_connections(paced(2000, 0.001)) == 2000);
  tpcc::Config given = paced(100000);
  given.connections = 64;
  CHECK(tpcc::paced_pool_connections(given) == 0);
  tpcc::Config unpaced = paced(100000);
  unpaced.keying_and_thinking = false;
  CHECK(tpcc::paced_pool_connections(unpaced) == 0);
}
