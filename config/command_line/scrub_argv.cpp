#include "config/command_line/scrub_argv.hpp"

#include <cstring>
#include <string>

#include "config/conn/mask.hpp"

namespace tpcc {
namespace {

// Flags whose value is a connection string, and the one whose value is a
// password.
constexpr const char* kConnectionFlags[] = {"--conn", "--standby-conn"};
constexpr const char* kPasswordFlag = "--pgsql-password";

// Writes replacement (of the same length) over text.
void overwrite(char* text, const std::string& replacement) {
  std::memcpy(text, replacement.data(), replacement.size());
}

void blank_connection(char* value) { overwrite(value, blank_passwords(value)); }

void blank_all(char* value) { std::memset(value, 'x', std::strlen(value)); }

// The value of "--flag=VALUE" in arg, or nullptr.
char* attached_value(char* arg, const char* flag) {
  const std::size_t n = std::strlen(flag);
  if (std::strncmp(arg, flag, n) != 0 || arg[n] != '=') return nullptr;
  return arg + n + 1;
}

}  // namespace

void scrub_password_arguments(int argc, char* argv[]) {
  for (int i = 1; i < argc; ++i) {
    char* arg = argv[i];
    if (arg == nullptr) continue;
    char* next = i + 1 < argc ? argv[i + 1] : nullptr;
    for (const char* flag : kConnectionFlags) {
      if (std::strcmp(arg, flag) == 0 && next != nullptr) blank_connection(next);
      if (char* value = attached_value(arg, flag)) blank_connection(value);
    }
    if (std::strcmp(arg, kPasswordFlag) == 0 && next != nullptr) blank_all(next);
    // pgbench's database argument may be a whole connection string; any
    // other word without a password is left as it is.
    if (arg[0] != '-') blank_connection(arg);
    if (char* value = attached_value(arg, kPasswordFlag)) blank_all(value);
  }
}

}  // namespace tpcc
