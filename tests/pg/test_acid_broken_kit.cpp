// The ACID tests must fail on a kit whose transactions are broken: tpcc
// built with tests/broken_kit/*.patch applied to its own New-Order, Payment
// and Delivery code (tests/CMakeLists.txt), run as a user runs `tpcc acid`.
// The same tests pass on the kit as it is (test_acid.cpp), so each one can
// tell a transaction that keeps its rows to itself from one that does not.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "pgserver/process.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

constexpr const char* kDatabase = "tpcc_acid_broken_kit";

}  // namespace

TEST_CASE("3.2.2.2 3.4.2.1 to 3.4.2.6 each fail on a kit whose transactions are broken",
          "[acid_broken_kit]") {
#ifndef TPCC_BROKEN_KIT_BINARY
  SKIP("patch is not installed: the kit broken on purpose was not built");
#else
  const std::string conninfo = tpcc::test::loaded_database(kDatabase, 1);
  const std::string dir = tpcc::test::scratch_dir("acid_broken_kit");
  std::string output;
  const int status = tpcc::run_process({TPCC_BROKEN_KIT_BINARY, "acid", "--conn", conninfo,
                                        "--isolation", "rr", "--result-dir", dir},
                                       {}, &output);
  INFO(output);
  CHECK(status == 1);
  const nlohmann::json acid =
      nlohmann::json::parse(tpcc::test::read_text(std::filesystem::path(dir) / "acid.json"));
  CHECK(acid.at("passed") == false);
  std::map<std::string, bool> passed;  // the first result of each clause
  for (const nlohmann::json& test : acid.at("tests")) {
    passed.emplace(test.at("clause").get<std::string>(), test.at("passed").get<bool>());
  }
  // Payment committed on its own: its ROLLBACK changes nothing.
  CHECK_FALSE(passed.at("3.2.2.2"));
  // New-Order's order visible, and its district free, before its lines.
  for (const char* clause : {"3.4.2.1", "3.4.2.2", "3.4.2.3", "3.4.2.4"}) {
    INFO(clause);
    CHECK_FALSE(passed.at(clause));
  }
  // Delivery's customer row free before its COMMIT.
  CHECK_FALSE(passed.at("3.4.2.5"));
  CHECK_FALSE(passed.at("3.4.2.6"));
#endif
}
