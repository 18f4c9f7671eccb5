// Child processes without a shell: the argument vector goes to execve as is,
// so paths and values never need quoting and cannot inject commands.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tpcc {

// Environment changes for a child: a value sets the variable, std::nullopt
// removes it. Everything else is inherited.
using EnvChanges = std::vector<std::pair<std::string, std::optional<std::string>>>;

struct ProcessOptions {
  std::string cwd;          // empty: the caller's working directory
  std::string output_file;  // non-empty: stdout and stderr are appended here
  EnvChanges env;
  double kill_after_seconds = 0;  // > 0: SIGKILL the child once this much time has passed
};

// Runs argv[0] (looked up in PATH when it has no '/') with stdin from
// /dev/null. Output goes to options.output_file if set, else into *output if
// given, else to this process's stdout/stderr. Returns the exit status in
// shell convention: the exit code, or 128 + the signal that ended the child
// (137 after kill_after_seconds). Throws std::runtime_error if the program
// cannot be started.
int run_process(const std::vector<std::string>& argv, const ProcessOptions& options,
                std::string* output = nullptr);

// The first executable `name` in $PATH, or "" if there is none.
std::string find_in_path(const std::string& name);

// One argument quoted for a POSIX shell, for commands shown to people (or
// handed to `su -c`), never assembled from untrusted text otherwise.
std::string shell_quote(const std::string& arg);
std::string shell_join(const std::vector<std::string>& argv);

// The last `lines` lines of a log file, each as "  | line\n", for error
// messages; "" when the file cannot be read.
std::string file_tail(const std::string& path, std::size_t lines);

}  // namespace tpcc
