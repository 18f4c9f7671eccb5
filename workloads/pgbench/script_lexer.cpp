#include "workloads/pgbench/script_lexer.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "workloads/pgbench/script_expr.hpp"

namespace tpcc::pgbench {
namespace {

bool is_alpha(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u >= 0x80 || std::isalpha(u) != 0 || c == '_';
}
bool is_alnum(char c) { return is_alpha(c) || std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::string lowercase(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

Token ExprLexer::next() {
  skip_space();
  Token t;
  t.offset = pos_;
  if (pos_ >= end_ || text_[pos_] == '\n') return t;
  const char c = text_[pos_];
  if (is_digit(c) || (c == '.' && pos_ + 1 < end_ && is_digit(text_[pos_ + 1]))) {
    return number(t);
  }
  if (c == ':' && pos_ + 1 < end_ && is_alnum(text_[pos_ + 1])) {
    std::size_t i = pos_ + 1;
    while (i < end_ && is_alnum(text_[i])) ++i;
    t.kind = Tok::Variable;
    t.text = text_.substr(pos_ + 1, i - pos_ - 1);
    pos_ = i;
    return t;
  }
  if (is_alpha(c)) return word(t);
  static const char* const kTwoChar[] = {"<>", "!=", "<=", ">=", "<<", ">>"};
  for (const char* op : kTwoChar) {
    if (pos_ + 1 < end_ && text_[pos_] == op[0] && text_[pos_ + 1] == op[1]) {
      t.kind = Tok::Op;
      t.text = op;
      pos_ += 2;
      return t;
    }
  }
  switch (c) {
    case '(': t.kind = Tok::LParen; break;
    case ')': t.kind = Tok::RParen; break;
    case ',': t.kind = Tok::Comma; break;
    case '+':
    case '-':
    case '*':
    case '/':
    case '%':
    case '<':
    case '>':
    case '=':
    case '&':
    case '|':
    case '#':
    case '~':
      t.kind = Tok::Op;
      t.text = std::string(1, c);
      break;
    default: throw ExprSyntaxError(pos_, "unexpected character (" + std::string(1, c) + ")");
  }
  ++pos_;
  return t;
}

void ExprLexer::skip_space() {
  while (pos_ < end_) {
    const char c = text_[pos_];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++pos_;
    } else if (c == '\\' && pos_ + 1 < end_ && text_[pos_ + 1] == '\n') {
      pos_ += 2;  // a continuation line
    } else if (c == '\\' && pos_ + 2 < end_ && text_[pos_ + 1] == '\r' && text_[pos_ + 2] == '\n') {
      pos_ += 3;
    } else {
      break;
    }
  }
}

// An integer is digits alone; a fraction or an exponent makes a double
// (1e3 is the double 1000, as in pgbench).
Token ExprLexer::number(Token t) {
  std::size_t i = pos_;
  while (i < end_ && is_digit(text_[i])) ++i;
  bool is_double = false;
  if (i < end_ && text_[i] == '.') {
    is_double = true;
    ++i;
    while (i < end_ && is_digit(text_[i])) ++i;
  }
  if (i < end_ && (text_[i] == 'e' || text_[i] == 'E')) {
    std::size_t j = i + 1;
    if (j < end_ && (text_[j] == '+' || text_[j] == '-')) ++j;
    if (j < end_ && is_digit(text_[j])) {
      is_double = true;
      while (j < end_ && is_digit(text_[j])) ++j;
      i = j;
    }
  }
  const std::string digits = text_.substr(pos_, i - pos_);
  pos_ = i;
  errno = 0;
  if (is_double) {
    t.kind = Tok::Double;
    t.real = std::strtod(digits.c_str(), nullptr);
    if (errno == ERANGE && (t.real > 1 || t.real < -1)) {
      throw ExprSyntaxError(t.offset, "double constant overflow (" + digits + ")");
    }
    return t;
  }
  const unsigned long long u = std::strtoull(digits.c_str(), nullptr, 10);
  if (errno == ERANGE || u > 9223372036854775808ULL) {
    throw ExprSyntaxError(t.offset, "bigint constant overflow (" + digits + ")");
  }
  if (u == 9223372036854775808ULL) {
    t.kind = Tok::MaxIntPlusOne;  // valid only after a unary minus
    return t;
  }
  t.kind = Tok::Int;
  t.integer = static_cast<std::int64_t>(u);
  return t;
}

Token ExprLexer::word(Token t) {
  std::size_t i = pos_;
  while (i < end_ && is_alnum(text_[i])) ++i;
  t.text = text_.substr(pos_, i - pos_);
  pos_ = i;
  const std::string w = lowercase(t.text);
  if (w == "and")
    t.kind = Tok::And;
  else if (w == "or")
    t.kind = Tok::Or;
  else if (w == "not")
    t.kind = Tok::Not;
  else if (w == "is")
    t.kind = Tok::Is;
  else if (w == "isnull")
    t.kind = Tok::IsNull;
  else if (w == "notnull")
    t.kind = Tok::NotNull;
  else if (w == "case")
    t.kind = Tok::Case;
  else if (w == "when")
    t.kind = Tok::When;
  else if (w == "then")
    t.kind = Tok::Then;
  else if (w == "else")
    t.kind = Tok::Else;
  else if (w == "end")
    t.kind = Tok::EndKw;
  else if (w == "null")
    t.kind = Tok::Null;
  else if (w == "true" || w == "false") {
    t.kind = Tok::Bool;
    t.boolean = w == "true";
  } else {
    t.kind = Tok::Ident;
  }
  return t;
}

}  // namespace tpcc::pgbench
