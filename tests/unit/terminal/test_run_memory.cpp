// The memory estimate a run is warned by before it starts: its arithmetic,
// the threshold, and the message.
#include <catch2/catch.hpp>

#include <string>

#include "terminal/engine/run_memory.hpp"

TEST_CASE("run memory: the process, each terminal and each connection add up", "[limits]") {
  CHECK(tpcc::estimated_run_bytes(0, 0) == tpcc::kProcessBytes);
  CHECK(tpcc::estimated_run_bytes(1000000, 8) ==
        tpcc::kProcessBytes + 1000000 * tpcc::kBytesPerTerminal + 8 * tpcc::kBytesPerConnection);
  // A million terminals over 8 connections: under the 1 GB bench/terminals.sh measured within.
  CHECK(tpcc::estimated_run_bytes(1000000, 8) < (1ull << 30));
}

TEST_CASE(
    "run memory: a warning only past the available memory, naming the figures and the way out",
    "[limits]") {
  const std::uint64_t estimate = tpcc::estimated_run_bytes(10000000, 1000);
  CHECK_FALSE(tpcc::memory_warning(10000000, 1000, estimate, estimate).has_value());
  const auto warning = tpcc::memory_warning(10000000, 1000, estimate, 4ull << 30);
  REQUIRE(warning.has_value());
  CHECK(*warning ==
        "10000000 terminals over 1000 connections need about " + std::to_string(estimate >> 20) +
            " MB of memory (700 bytes a terminal, 100 KB a connection), but the host has 4096 MB "
            "available: the run may be killed for memory; run fewer terminals or connections "
            "(--terminals, --connections), or split them over drivers (--driver)");
}

TEST_CASE("run memory: this host says how much it has available", "[limits]") {
  const auto available = tpcc::available_memory_bytes();
  REQUIRE(available.has_value());
  CHECK(*available > 0);
}
