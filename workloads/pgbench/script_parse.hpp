// pgbench 15's script files: SQL commands and the meta-commands \set,
// \sleep, \if, \elif, \else and \endif, parsed once into commands that a
// client then runs (script_run.hpp). What this kit does not run (\gset,
// \aset, \shell, \setshell, the pipeline commands, \; compounds, unknown
// commands) is refused at parse time with the file, line and column.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "workloads/pgbench/script_expr.hpp"

namespace tpcc::pgbench {

// A script that cannot run: "FILE:LINE:COLUMN: MESSAGE". The caller turns
// it into exit 2.
class ScriptError : public std::runtime_error {
 public:
  ScriptError(std::string file, int line, int column, const std::string& message);
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }  // 1-based
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  int line_;
  int column_;
  std::string message_;
};

struct Command {
  enum class Kind { Sql, Set, Sleep, If, Elif, Else, Endif };

  Kind kind = Kind::Sql;
  int line = 0;      // 1-based, where the command starts
  int column = 0;    // 1-based
  std::string text;  // as written, for messages and reports (SQL: whole)

  // Sql: the statement with each :name outside quotes, comments and casts
  // turned into $1, $2, ... in order (a name used twice is two parameters,
  // as in pgbench), and the names.
  std::string sql;
  std::vector<std::string> parameters;
  std::vector<std::size_t> parameter_slots;  // their slots in Script::variables

  // Set: the variable and its slot; Set, If, Elif: the expression.
  std::string variable;
  std::size_t variable_slot = kNoSlot;
  ExprPtr expr;

  // Sleep: a number, or a :variable read when it runs, times the unit.
  std::int64_t sleep_amount = 0;
  std::string sleep_variable;  // empty: sleep_amount
  std::size_t sleep_slot = kNoSlot;
  std::int64_t sleep_unit_us = 1000000;

  // If, Elif, Else: the index of the next \elif, \else or \endif of the
  // same \if; Endif: unused.
  std::size_t next_branch = 0;
};

struct Script {
  std::string name;  // the file name, or "<builtin: ...>"
  std::vector<Command> commands;
  VariableNames variables;  // every variable its commands name, by slot
};

// Parses a script's text; `file` names it in errors. Throws ScriptError.
Script parse_script(const std::string& text, const std::string& file);

// pgbench 15's builtin scripts, word for word (pgbench --show-script).
struct BuiltinScript {
  const char* name;         // "tpcb-like"
  const char* description;  // "<builtin: TPC-B (sort of)>"
  const char* text;
};
const std::vector<BuiltinScript>& builtin_scripts();

// The builtin that `name` (or an unambiguous prefix of it, as pgbench
// allows) names, parsed. Throws std::invalid_argument with pgbench's
// message: no builtin script found, or ambiguous.
Script builtin_script(const std::string& name);

}  // namespace tpcc::pgbench
