// The expression language of pgbench 15's \set, \if and \elif: its tree
// and its parser. Precedence, lowest first, as pgbench's grammar takes it
// from PostgreSQL's: OR; AND; NOT; IS/ISNULL/NOTNULL; the comparisons
// (= <> != < <= > >=, not chained); the bitwise | # & << >>; + -; * / %;
// unary + - ~. Operators are functions of the tree like the named ones.
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "workloads/pgbench/script_value.hpp"

namespace tpcc::pgbench {

enum class Func {
  // operators
  Add,
  Sub,
  Mul,
  Div,
  Mod,
  Eq,
  Ne,
  Le,
  Lt,
  Is,
  Not,
  And,
  Or,
  Case,
  BitAnd,
  BitOr,
  BitXor,
  LShift,
  RShift,
  // named functions
  Abs,
  Least,
  Greatest,
  Debug,
  Pi,
  Sqrt,
  Ln,
  Exp,
  Int,
  Double,
  Pow,
  Random,
  RandomGaussian,
  RandomExponential,
  RandomZipfian,
  HashMurmur2,
  HashFnv1a,
  Permute,
};

// How deep an expression may nest: parentheses, a function's arguments,
// CASE's parts, unary operators and NOT each nest one level, and so does
// each operator of the tree (1+1+1 is three deep). pgbench's bison parser
// stops at its own stack's limit; the kit's parser and evaluator recurse
// once a level, so deeper is refused at parse time, never run out of stack.
// A level takes some 3.5 kB of stack (1000 levels needed 3 to 4 MB): 256
// stay under 1 MB, within the 2 MB a thread gets at the least.
inline constexpr int kMaxExpressionDepth = 256;

// A script's variables, each numbered (its slot) the first time the script
// names it: a run finds a variable by its slot, not by its name.
inline constexpr std::size_t kNoSlot = static_cast<std::size_t>(-1);
class VariableNames {
 public:
  // The slot of `name`, given the next one if it is new.
  std::size_t slot(const std::string& name);
  // kNoSlot when the script never names it.
  std::size_t find(const std::string& name) const;
  const std::string& name(std::size_t slot) const { return names_[slot]; }
  std::size_t size() const { return names_.size(); }

 private:
  std::vector<std::string> names_;
};

struct Expr {
  enum class Kind { Constant, Variable, Function };

  Kind kind = Kind::Constant;
  int depth = 1;                                  // the levels of the tree below and with this node
  Value constant;                                 // Constant
  std::string variable;                           // Variable: its name
  std::size_t slot = kNoSlot;                     // Variable: its slot in the script's names
  Func func = Func::Add;                          // Function
  std::vector<std::shared_ptr<const Expr>> args;  // Function; CASE: when, then, ..., else
};

using ExprPtr = std::shared_ptr<const Expr>;

// A syntax error at `offset` of the parsed text: pgbench's message
// ("syntax error", "unexpected function name (foo)", ...).
class ExprSyntaxError : public std::runtime_error {
 public:
  ExprSyntaxError(std::size_t offset, const std::string& message)
      : std::runtime_error(message), offset_(offset) {}
  std::size_t offset() const { return offset_; }

 private:
  std::size_t offset_;
};

// Parses text[begin, end) as one expression; a backslash before a newline
// continues it on the next line. Throws ExprSyntaxError with the offset in
// `text`, also for an expression nested deeper than kMaxExpressionDepth.
// With `names`, each variable gets its slot there (else kNoSlot).
ExprPtr parse_expression(const std::string& text, std::size_t begin, std::size_t end,
                         VariableNames* names = nullptr);

// The whole of `text`: for tests and callers with a single line.
inline ExprPtr parse_expression(const std::string& text) {
  return parse_expression(text, 0, text.size());
}

}  // namespace tpcc::pgbench
