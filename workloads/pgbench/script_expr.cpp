#include "workloads/pgbench/script_expr.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <limits>

namespace tpcc::pgbench {
namespace {

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

// A named function: its name, its argument count (-1: one or more; for the
// hashes and permute, the seed argument is optional and defaults to
// :default_seed).
struct FuncInfo {
  const char* name;
  int nargs;
  Func func;
};

constexpr int kVariadic = -1;
constexpr int kOptionalSeed = -2;

constexpr FuncInfo kFunctions[] = {
    {"abs", 1, Func::Abs},
    {"least", kVariadic, Func::Least},
    {"greatest", kVariadic, Func::Greatest},
    {"debug", 1, Func::Debug},
    {"pi", 0, Func::Pi},
    {"sqrt", 1, Func::Sqrt},
    {"ln", 1, Func::Ln},
    {"exp", 1, Func::Exp},
    {"int", 1, Func::Int},
    {"double", 1, Func::Double},
    {"random", 2, Func::Random},
    {"random_gaussian", 3, Func::RandomGaussian},
    {"random_exponential", 3, Func::RandomExponential},
    {"random_zipfian", 3, Func::RandomZipfian},
    {"pow", 2, Func::Pow},
    {"power", 2, Func::Pow},
    {"mod", 2, Func::Mod},
    {"hash", kOptionalSeed, Func::HashMurmur2},
    {"hash_murmur2", kOptionalSeed, Func::HashMurmur2},
    {"hash_fnv1a", kOptionalSeed, Func::HashFnv1a},
    {"permute", kOptionalSeed, Func::Permute},
};

bool is_alpha(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u >= 0x80 || std::isalpha(u) != 0 || c == '_';
}
bool is_alnum(char c) { return is_alpha(c) || std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

ExprPtr constant(const Value& v) {
  auto e = std::make_shared<Expr>();
  e->kind = Expr::Kind::Constant;
  e->constant = v;
  return e;
}

ExprPtr variable(const std::string& name) {
  auto e = std::make_shared<Expr>();
  e->kind = Expr::Kind::Variable;
  e->variable = name;
  return e;
}

ExprPtr call(Func f, std::vector<ExprPtr> args) {
  auto e = std::make_shared<Expr>();
  e->kind = Expr::Kind::Function;
  e->func = f;
  e->args = std::move(args);
  return e;
}

class Lexer {
 public:
  Lexer(const std::string& text, std::size_t begin, std::size_t end)
      : text_(text), pos_(begin), end_(end) {}

  Token next() {
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

 private:
  void skip_space() {
    while (pos_ < end_) {
      const char c = text_[pos_];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
        ++pos_;
      } else if (c == '\\' && pos_ + 1 < end_ && text_[pos_ + 1] == '\n') {
        pos_ += 2;  // a continuation line
      } else if (c == '\\' && pos_ + 2 < end_ && text_[pos_ + 1] == '\r' &&
                 text_[pos_ + 2] == '\n') {
        pos_ += 3;
      } else {
        break;
      }
    }
  }

  // An integer is digits alone; a fraction or an exponent makes a double
  // (1e3 is the double 1000, as in pgbench).
  Token number(Token t) {
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

  Token word(Token t) {
    std::size_t i = pos_;
    while (i < end_ && is_alnum(text_[i])) ++i;
    t.text = text_.substr(pos_, i - pos_);
    pos_ = i;
    const std::string w = lower(t.text);
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

  const std::string& text_;
  std::size_t pos_;
  std::size_t end_;
};

class Parser {
 public:
  Parser(const std::string& text, std::size_t begin, std::size_t end) : lexer_(text, begin, end) {
    advance();
  }

  ExprPtr parse() {
    ExprPtr e = parse_or();
    if (tok_.kind != Tok::End) syntax_error();
    return e;
  }

 private:
  void advance() { tok_ = lexer_.next(); }
  [[noreturn]] void syntax_error() const { throw ExprSyntaxError(tok_.offset, "syntax error"); }
  bool at_op(const char* op) const { return tok_.kind == Tok::Op && tok_.text == op; }
  void expect(Tok kind) {
    if (tok_.kind != kind) syntax_error();
    advance();
  }

  ExprPtr parse_or() {
    ExprPtr left = parse_and();
    while (tok_.kind == Tok::Or) {
      advance();
      left = call(Func::Or, {left, parse_and()});
    }
    return left;
  }

  ExprPtr parse_and() {
    ExprPtr left = parse_not();
    while (tok_.kind == Tok::And) {
      advance();
      left = call(Func::And, {left, parse_not()});
    }
    return left;
  }

  ExprPtr parse_not() {
    if (tok_.kind == Tok::Not) {
      advance();
      return call(Func::Not, {parse_not()});
    }
    return parse_is();
  }

  // x IS [NOT] NULL|TRUE|FALSE, x ISNULL, x NOTNULL: not chained.
  ExprPtr parse_is() {
    ExprPtr left = parse_comparison();
    if (tok_.kind == Tok::IsNull || tok_.kind == Tok::NotNull) {
      const bool negate = tok_.kind == Tok::NotNull;
      advance();
      ExprPtr is = call(Func::Is, {left, constant(Value::null())});
      left = negate ? call(Func::Not, {is}) : is;
    } else if (tok_.kind == Tok::Is) {
      advance();
      bool negate = false;
      if (tok_.kind == Tok::Not) {
        negate = true;
        advance();
      }
      Value what;
      if (tok_.kind == Tok::Null) {
        what = Value::null();
      } else if (tok_.kind == Tok::Bool) {
        what = Value::of_bool(tok_.boolean);
      } else {
        syntax_error();
      }
      advance();
      ExprPtr is = call(Func::Is, {left, constant(what)});
      left = negate ? call(Func::Not, {is}) : is;
    } else {
      return left;
    }
    if (tok_.kind == Tok::Is || tok_.kind == Tok::IsNull || tok_.kind == Tok::NotNull) {
      syntax_error();
    }
    return left;
  }

  static bool comparison(const Token& t) {
    if (t.kind != Tok::Op) return false;
    return t.text == "=" || t.text == "<>" || t.text == "!=" || t.text == "<" || t.text == "<=" ||
           t.text == ">" || t.text == ">=";
  }

  // Comparisons do not chain: 1 < 2 < 3 is a syntax error, as in pgbench.
  ExprPtr parse_comparison() {
    ExprPtr left = parse_bitwise();
    if (!comparison(tok_)) return left;
    const std::string op = tok_.text;
    advance();
    ExprPtr right = parse_bitwise();
    if (comparison(tok_)) syntax_error();
    if (op == "=") return call(Func::Eq, {left, right});
    if (op == "<>" || op == "!=") return call(Func::Ne, {left, right});
    if (op == "<") return call(Func::Lt, {left, right});
    if (op == "<=") return call(Func::Le, {left, right});
    if (op == ">") return call(Func::Lt, {right, left});
    return call(Func::Le, {right, left});  // >=
  }

  ExprPtr parse_bitwise() {
    ExprPtr left = parse_additive();
    for (;;) {
      Func f;
      if (at_op("&"))
        f = Func::BitAnd;
      else if (at_op("|"))
        f = Func::BitOr;
      else if (at_op("#"))
        f = Func::BitXor;
      else if (at_op("<<"))
        f = Func::LShift;
      else if (at_op(">>"))
        f = Func::RShift;
      else
        return left;
      advance();
      left = call(f, {left, parse_additive()});
    }
  }

  ExprPtr parse_additive() {
    ExprPtr left = parse_multiplicative();
    for (;;) {
      Func f;
      if (at_op("+"))
        f = Func::Add;
      else if (at_op("-"))
        f = Func::Sub;
      else
        return left;
      advance();
      left = call(f, {left, parse_multiplicative()});
    }
  }

  ExprPtr parse_multiplicative() {
    ExprPtr left = parse_unary();
    for (;;) {
      Func f;
      if (at_op("*"))
        f = Func::Mul;
      else if (at_op("/"))
        f = Func::Div;
      else if (at_op("%"))
        f = Func::Mod;
      else
        return left;
      advance();
      left = call(f, {left, parse_unary()});
    }
  }

  ExprPtr parse_unary() {
    if (at_op("+")) {
      advance();
      return parse_unary();
    }
    if (at_op("-")) {
      advance();
      if (tok_.kind == Tok::MaxIntPlusOne) {  // -9223372036854775808
        advance();
        return constant(Value::of_int(std::numeric_limits<std::int64_t>::min()));
      }
      // -x is 0 - x, as in pgbench: -(a double) is a double, -(int) an int.
      return call(Func::Sub, {constant(Value::of_int(0)), parse_unary()});
    }
    if (at_op("~")) {
      // ~x is x # -1; it binds as the bitwise operators do.
      advance();
      return call(Func::BitXor, {constant(Value::of_int(-1)), parse_additive()});
    }
    if (tok_.kind == Tok::Not) return parse_not();
    return parse_primary();
  }

  ExprPtr parse_primary() {
    const Token t = tok_;
    switch (t.kind) {
      case Tok::LParen: {
        advance();
        ExprPtr e = parse_or();
        expect(Tok::RParen);
        return e;
      }
      case Tok::Int: advance(); return constant(Value::of_int(t.integer));
      case Tok::Double: advance(); return constant(Value::of_double(t.real));
      case Tok::Bool: advance(); return constant(Value::of_bool(t.boolean));
      case Tok::Null: advance(); return constant(Value::null());
      case Tok::Variable: advance(); return variable(t.text);
      case Tok::Ident: return parse_call();
      case Tok::Case: return parse_case();
      default: syntax_error();
    }
  }

  ExprPtr parse_call() {
    const Token name = tok_;
    const std::string lname = lower(name.text);
    const FuncInfo* info = nullptr;
    for (const auto& f : kFunctions) {
      if (lname == f.name) info = &f;
    }
    advance();
    if (tok_.kind != Tok::LParen) syntax_error();
    if (info == nullptr) {
      throw ExprSyntaxError(name.offset, "unexpected function name (" + name.text + ")");
    }
    advance();
    std::vector<ExprPtr> args;
    if (tok_.kind != Tok::RParen) {
      args.push_back(parse_or());
      while (tok_.kind == Tok::Comma) {
        advance();
        args.push_back(parse_or());
      }
    }
    expect(Tok::RParen);
    const auto n = static_cast<int>(args.size());
    if (info->nargs == kVariadic) {
      if (n == 0) {
        throw ExprSyntaxError(name.offset,
                              std::string("at least one argument expected (") + info->name + ")");
      }
    } else if (info->nargs == kOptionalSeed) {
      const int required = info->func == Func::Permute ? 2 : 1;
      if (n != required && n != required + 1) {
        throw ExprSyntaxError(name.offset,
                              std::string("unexpected number of arguments (") + info->name + ")");
      }
      if (n == required) args.push_back(variable("default_seed"));
    } else if (n != info->nargs) {
      throw ExprSyntaxError(name.offset,
                            std::string("unexpected number of arguments (") + info->name + ")");
    }
    return call(info->func, std::move(args));
  }

  // CASE WHEN c THEN v [WHEN ...] [ELSE e] END; no ELSE is ELSE NULL.
  ExprPtr parse_case() {
    advance();
    std::vector<ExprPtr> args;
    if (tok_.kind != Tok::When) syntax_error();
    while (tok_.kind == Tok::When) {
      advance();
      args.push_back(parse_or());
      expect(Tok::Then);
      args.push_back(parse_or());
    }
    if (tok_.kind == Tok::Else) {
      advance();
      args.push_back(parse_or());
    } else {
      args.push_back(constant(Value::null()));
    }
    expect(Tok::EndKw);
    return call(Func::Case, std::move(args));
  }

  Lexer lexer_;
  Token tok_;
};

}  // namespace

ExprPtr parse_expression(const std::string& text, std::size_t begin, std::size_t end) {
  return Parser(text, begin, end).parse();
}

}  // namespace tpcc::pgbench
