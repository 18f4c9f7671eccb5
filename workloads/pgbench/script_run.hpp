// One pgbench client running a script: its variables (kept from one run of
// a script to the next, as pgbench keeps them) and a step-by-step walk of
// the commands. \set runs inside next(); a statement or a \sleep is handed
// to the caller, which runs or waits. No command reads a statement's result
// (\gset is refused), so a caller may take the steps up to the next sleep
// or the end and send their statements together. \if, \elif, \else and
// \endif choose what runs.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "spec/random.hpp"
#include "workloads/pgbench/script_options.hpp"
#include "workloads/pgbench/script_parse.hpp"
#include "workloads/pgbench/script_value.hpp"

namespace tpcc::pgbench {

class Variables {
 public:
  // One of the client's variables: a -D text (read as a value on first
  // use) or a value; not defined until set (bind() makes the entries of a
  // script's names before they are set).
  struct Entry {
    bool defined = false;
    bool has_text = false;
    std::string text;
    bool has_value = false;
    Value value;
  };

  // A -D variable: text, read as a value on first use.
  void set_text(const std::string& name, const std::string& text);
  void set(const std::string& name, const Value& value);
  bool has(const std::string& name) const;

  // Throw EvalError: "undefined variable \"x\"", or a malformed -D value.
  Value value(const std::string& name);
  std::string text(const std::string& name) const;

  // `script`'s variables (Script::variables) as this client's entries, in
  // slot order: a run reads and writes them by slot, and looks no name up.
  // The entries stay where they are while the Variables lives (and is not
  // assigned to); a name not set yet gets an entry not defined.
  std::vector<Entry*> bind(const Script& script);

  // The same through an entry; `name` names it in an error.
  static Value value(Entry& e, const std::string& name);
  static void text(const Entry& e, const std::string& name, std::string& out);
  static void set(Entry& e, const Value& value);

 private:
  std::unordered_map<std::string, Entry> vars_;
};

// What pgbench 15 gives every client at startup: the -D variables, then
// scale, default_seed and random_seed unless -D set them, and client_id
// always.
struct ClientSetup {
  std::vector<Define> defines;
  std::int64_t scale = 1;
  std::int64_t client_id = 0;
  std::uint64_t random_seed = 0;
  std::int64_t default_seed = 0;  // the hashes' seed, the same for every client
};
Variables client_variables(const ClientSetup& setup);

struct Step {
  // Meta: a \set, \if, \elif, \else or \endif that ran (each_command only).
  enum class Kind { Sql, Sleep, Meta, End };

  Kind kind = Kind::End;
  const Command* command = nullptr;  // the command; Sql: the statement ($n) and its line
  std::vector<std::string> values;   // Sql: the parameters, as text
  std::vector<bool> nulls;           // Sql: a null value is a NULL parameter
  std::int64_t sleep_us = 0;         // Sleep: microseconds, never negative
};

// A script that failed while running: "FILE:LINE: MESSAGE", in pgbench's
// words ("undefined variable \"aid\"", "division by zero", ...), at its
// command_index-th command (from 0, meta-commands and statements alike, as
// pgbench numbers them).
class ScriptRunError : public std::runtime_error {
 public:
  ScriptRunError(const std::string& file, int line, const std::string& message,
                 std::size_t command_index = 0);
  const std::string& message() const { return message_; }
  int line() const { return line_; }
  std::size_t command_index() const { return command_index_; }

 private:
  int line_;
  std::string message_;
  std::size_t command_index_;
};

// pgbench 15's words for a client it aborts on a command that failed to
// run: "client 0 aborted in command 1 (set) of script 0; evaluation of
// meta-command failed" (client and script from 0; "(sleep) ... execution
// of meta-command failed", "(SQL) ... SQL command send failed").
std::string client_aborted_text(int client, std::size_t script, const Script& commands,
                                std::size_t command_index);

class ScriptRun {
 public:
  // `script`, `variables` and `rng` must outlive the run. each_command:
  // next() returns after every command, a meta-command as a Meta step.
  ScriptRun(const Script& script, Variables& variables, Random& rng, bool each_command = false);
  // The same with the script's variables bound already (variables.bind of
  // `script`, kept by the caller from one run to the next): no run binds.
  ScriptRun(const Script& script, const std::vector<Variables::Entry*>& bound, Random& rng,
            bool each_command = false);

  // The next statement or sleep, or End. Throws ScriptRunError.
  Step next();
  // The same into `step`, whose vectors keep their room from one
  // statement to the next.
  void next(Step& step);

  // Back to the first command, as for a retried transaction.
  void restart() { pc_ = 0; }

 private:
  Value eval(const Command& c);
  [[noreturn]] void fail(const Command& c, const std::string& message) const;
  std::size_t enter_branch(std::size_t marker);
  std::size_t endif_of(std::size_t marker) const;
  void sql_step(const Command& c, Step& s);
  void sleep_step(const Command& c, Step& s);

  Variables::Entry& entry(std::size_t slot) const { return *(*slots_)[slot]; }

  const Script& script_;
  std::vector<Variables::Entry*> own_slots_;  // bound here when the caller keeps none
  const std::vector<Variables::Entry*>* slots_;
  Random& rng_;
  bool each_command_;
  std::size_t pc_ = 0;
};

}  // namespace tpcc::pgbench
