// The man page and the bash completion are written from the options table
// (dist/tpcc.1, dist/tpcc.bash-completion): each test fails when the file
// and the table differ. TPCC_UPDATE_OPTIONS_PAGE=1 rewrites them, as it
// does docs/options.md. The page renders without a warning, and the
// completion completes commands, options and values in a real bash.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "config/command_line/completion.hpp"
#include "config/command_line/man_page.hpp"
#include "tests/unit/support.hpp"
#include "tests/unit/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;

fs::path dist() { return fs::path(TPCC_SOURCE_DIR) / "dist"; }

// What a shell command prints (stdout and stderr); `status` its exit status.
std::string output_of(const std::string& command, int* status = nullptr) {
  std::FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string text;
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) text += buffer;
  const int result = pclose(pipe);
  if (status != nullptr) *status = result;
  return text;
}

// The file at path is `generated`, or is made so under TPCC_UPDATE_OPTIONS_PAGE.
void check_generated(const fs::path& path, const std::string& generated) {
  if (std::getenv("TPCC_UPDATE_OPTIONS_PAGE") != nullptr) std::ofstream(path) << generated;
  INFO(path.string() +
       " must be what the options table writes; TPCC_UPDATE_OPTIONS_PAGE=1 "
       "./build/unit_tests \"[generated_docs]\" writes it");
  REQUIRE(fs::exists(path));
  CHECK(tpcc::test::read_file(path) == generated);
}

bool have(const std::string& program) {
  return output_of("command -v " + program).find(program) != std::string::npos;
}

// What the completion offers for the words of a command line, the last
// one being completed, one per line.
std::string completions(const std::string& script, const std::string& words) {
  const std::string command = "bash -c 'source \"" + script + "\"; COMP_WORDS=(" + words +
                              "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _tpcc; "
                              "printf \"%s\\n\" \"${COMPREPLY[@]}\"'";
  return output_of(command);
}

}  // namespace

TEST_CASE("generated docs: dist/tpcc.1 is the options table's man page", "[generated_docs]") {
  check_generated(dist() / "tpcc.1", tpcc::man_page());
}

TEST_CASE("generated docs: dist/tpcc.bash-completion is the options table's completion",
          "[generated_docs]") {
  check_generated(dist() / "tpcc.bash-completion", tpcc::bash_completion());
}

TEST_CASE("generated docs: the man page renders without a warning", "[generated_docs]") {
  if (!have("groff")) {
    WARN("groff is not installed: the man page's rendering is not checked");
    return;
  }
  tpcc::test::TempDir dir;
  const std::string page = dir.write("tpcc.1", tpcc::man_page());
  int status = 0;
  const std::string warnings = output_of("groff -man -ww -z '" + page + "'", &status);
  CHECK(warnings.empty());
  CHECK(status == 0);
  const std::string text = output_of("MANWIDTH=200 groff -man -Tascii -P-cbou '" + page + "'");
  CHECK(text.find("--load-method copy|insert") != std::string::npos);
  CHECK(text.find("EXIT STATUS") != std::string::npos);
}

TEST_CASE("generated docs: the completion completes commands, options and their values",
          "[generated_docs]") {
  tpcc::test::TempDir dir;
  const std::string script = dir.write("tpcc.bash", tpcc::bash_completion());
  // The commands, before any.
  CHECK(completions(script, "tpcc pre") == "prepare\n");
  // A command's options, and only its own: run has --duration, prepare has not.
  CHECK(completions(script, "tpcc run --durat") == "--duration\n");
  CHECK(completions(script, "tpcc prepare --durat").find("--duration") == std::string::npos);
  // The values of an option that takes one of a list.
  CHECK(completions(script, "tpcc prepare --load-method \"\"") == "copy\ninsert\n");
  // sysbench's order: the command last, found wherever it is.
  CHECK(completions(script, "tpcc --warehouses 2 run --durat") == "--duration\n");
}
