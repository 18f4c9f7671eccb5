// ctest runs each unit test case by its name (catch_discover_tests): a
// name that starts with "--" is read back as an option and one with a ";"
// is split as a CMake list, and a backslash is read back by Catch as an
// escape (a name holding \if matches no test), so that ctest entry fails though the
// test passes. Every test case's name must survive the trip.
#include <catch2/catch.hpp>

#include <string>

TEST_CASE("test names: none starts with two dashes or holds a semicolon or a backslash", "[meta]") {
  for (const Catch::TestCase& test : Catch::getRegistryHub().getTestCaseRegistry().getAllTests()) {
    const std::string& name = test.getTestCaseInfo().name;
    INFO(name);
    CHECK(name.rfind("--", 0) != 0);
    CHECK(name.find(';') == std::string::npos);
    CHECK(name.find('\\') == std::string::npos);
  }
}
