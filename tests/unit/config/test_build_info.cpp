// tpcc --version: the version, the commit built from (as git names the
// source tree's HEAD), the build type, the compiler and the libraries.
#include <catch2/catch.hpp>

#include <cstdio>
#include <regex>
#include <string>

#include <pqxx/version.hxx>

#include "config/build_info.hpp"

namespace {

// What a shell command prints, or "" when it fails.
std::string output_of(const std::string& command) {
  std::FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return "";
  std::string text;
  char buffer[256];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) text += buffer;
  return pclose(pipe) == 0 ? text : "";
}

}  // namespace

TEST_CASE("build info: tpcc --version names the build and its libraries", "[build_info]") {
  const std::string text = tpcc::version_text();
  INFO(text);
  CHECK(std::regex_search(text, std::regex("^tpcc [0-9]+\\.[0-9]+\\.[0-9]+\n")));
  CHECK(
      std::regex_search(text, std::regex("\ncommit: ([0-9a-f]{40}( \\(modified\\))?|unknown)\n")));
  CHECK(std::regex_search(text, std::regex("\nbuild type: [A-Za-z]+\n")));
  CHECK(std::regex_search(text, std::regex("\ncompiler: (GCC|Clang) [0-9]+\\.[0-9]+")));
  CHECK(std::regex_search(text, std::regex("\nlibpq: [0-9]+\\.[0-9]+")));
  CHECK(text.find("\nlibpqxx: " + std::string(PQXX_VERSION) + "\n") != std::string::npos);
  CHECK(std::regex_search(text, std::regex("\nBoost: 1\\.[0-9]+\n")));
}

TEST_CASE("build info: the commit is the source tree's HEAD when built from git", "[build_info]") {
  const std::string head = output_of("git -C '" TPCC_SOURCE_DIR "' rev-parse HEAD 2>/dev/null");
  if (head.empty()) {
    WARN("the source tree is not a git checkout: the commit is unknown");
    CHECK(tpcc::build_info().commit == "unknown");
    return;
  }
  // The build read HEAD when it was made: a commit since then is a build
  // behind, which the build refreshes.
  CHECK(tpcc::build_info().commit + "\n" == head);
}
