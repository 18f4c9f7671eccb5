// The tokens of pgbench 15's expressions (\set, \if, \elif): numbers
// (integers, doubles, the bigint minimum's magnitude), :variables, words
// (keywords case-insensitive, else function names), operators and
// punctuation; script_expr.cpp parses them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace tpcc::pgbench {

enum class Tok {
  End,
  Int,
  MaxIntPlusOne,
  Double,
  Bool,
  Null,
  Variable,
  Ident,
  And,
  Or,
  Not,
  Is,
  IsNull,
  NotNull,
  Case,
  When,
  Then,
  Else,
  EndKw,
  Op,
  LParen,
  RParen,
  Comma,
};

struct Token {
  Tok kind = Tok::End;
  std::size_t offset = 0;
  std::string text;  // Ident, Variable (without ':'), Op
  std::int64_t integer = 0;
  double real = 0;
  bool boolean = false;
};

// Reads the tokens of text[begin, end), stopping at a newline; throws
// ExprSyntaxError at a character no token starts with, or a number out of
// range.
class ExprLexer {
 public:
  ExprLexer(const std::string& text, std::size_t begin, std::size_t end)
      : text_(text), pos_(begin), end_(end) {}

  Token next();

 private:
  void skip_space();
  Token number(Token t);
  Token word(Token t);

  const std::string& text_;
  std::size_t pos_;
  std::size_t end_;
};

// ASCII lower case: pgbench's keywords and function names ignore case.
std::string lowercase(std::string s);

}  // namespace tpcc::pgbench
