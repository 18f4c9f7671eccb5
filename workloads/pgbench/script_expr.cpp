#include "workloads/pgbench/script_expr.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "workloads/pgbench/script_lexer.hpp"

namespace tpcc::pgbench {
namespace {

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

ExprPtr constant(const Value& v) {
  auto e = std::make_shared<Expr>();
  e->kind = Expr::Kind::Constant;
  e->constant = v;
  return e;
}

ExprPtr variable(const std::string& name, VariableNames* names) {
  auto e = std::make_shared<Expr>();
  e->kind = Expr::Kind::Variable;
  e->variable = name;
  if (names != nullptr) e->slot = names->slot(name);
  return e;
}

ExprPtr call(Func f, std::vector<ExprPtr> args) {
  auto e = std::make_shared<Expr>();
  e->kind = Expr::Kind::Function;
  e->func = f;
  e->args = std::move(args);
  for (const ExprPtr& a : e->args) e->depth = std::max(e->depth, a->depth + 1);
  return e;
}

[[noreturn]] void too_deep(std::size_t offset) {
  throw ExprSyntaxError(offset, "expression nested too deeply (more than " +
                                    std::to_string(kMaxExpressionDepth) + " levels)");
}

class Parser {
 public:
  Parser(const std::string& text, std::size_t begin, std::size_t end, VariableNames* names)
      : lexer_(text, begin, end), names_(names) {
    advance();
  }

  ExprPtr parse() {
    ExprPtr e = parse_or();
    if (tok_.kind != Tok::End) syntax_error();
    return e;
  }

 private:
  void advance() { tok_ = lexer_.next(); }
  // Advances; the offset of the token passed.
  std::size_t take() {
    const std::size_t at = tok_.offset;
    advance();
    return at;
  }
  [[noreturn]] void syntax_error() const { throw ExprSyntaxError(tok_.offset, "syntax error"); }
  bool at_op(const char* op) const { return tok_.kind == Tok::Op && tok_.text == op; }
  void expect(Tok kind) {
    if (tok_.kind != kind) syntax_error();
    advance();
  }

  // An operator or function of the tree, refused where it would make the
  // tree deeper than kMaxExpressionDepth (evaluation recurses once a level).
  ExprPtr node(Func f, std::vector<ExprPtr> args) const {
    ExprPtr e = call(f, std::move(args));
    if (e->depth > kMaxExpressionDepth) too_deep(tok_.offset);
    return e;
  }

  // The sub-expression `parse` reads, one level of nesting deeper than the
  // token at `opener` (a parenthesis, an operator, a keyword): the parser
  // recurses once a level, so the level past kMaxExpressionDepth is refused
  // at its opener.
  ExprPtr nested(ExprPtr (Parser::*parse)(), std::size_t opener) {
    if (nesting_ >= kMaxExpressionDepth) too_deep(opener);
    ++nesting_;
    ExprPtr e = (this->*parse)();
    --nesting_;
    return e;
  }

  ExprPtr parse_or() {
    ExprPtr left = parse_and();
    while (tok_.kind == Tok::Or) {
      advance();
      left = node(Func::Or, {left, parse_and()});
    }
    return left;
  }

  ExprPtr parse_and() {
    ExprPtr left = parse_not();
    while (tok_.kind == Tok::And) {
      advance();
      left = node(Func::And, {left, parse_not()});
    }
    return left;
  }

  ExprPtr parse_not() {
    if (tok_.kind == Tok::Not) {
      const std::size_t at = take();
      return node(Func::Not, {nested(&Parser::parse_not, at)});
    }
    return parse_is();
  }

  // x IS [NOT] NULL|TRUE|FALSE, x ISNULL, x NOTNULL: not chained.
  ExprPtr parse_is() {
    ExprPtr left = parse_comparison();
    if (tok_.kind == Tok::IsNull || tok_.kind == Tok::NotNull) {
      const bool negate = tok_.kind == Tok::NotNull;
      advance();
      ExprPtr is = node(Func::Is, {left, constant(Value::null())});
      left = negate ? node(Func::Not, {is}) : is;
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
      ExprPtr is = node(Func::Is, {left, constant(what)});
      left = negate ? node(Func::Not, {is}) : is;
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
    if (op == "=") return node(Func::Eq, {left, right});
    if (op == "<>" || op == "!=") return node(Func::Ne, {left, right});
    if (op == "<") return node(Func::Lt, {left, right});
    if (op == "<=") return node(Func::Le, {left, right});
    if (op == ">") return node(Func::Lt, {right, left});
    return node(Func::Le, {right, left});  // >=
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
      left = node(f, {left, parse_additive()});
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
      left = node(f, {left, parse_multiplicative()});
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
      left = node(f, {left, parse_unary()});
    }
  }

  ExprPtr parse_unary() {
    if (at_op("+")) {
      const std::size_t at = take();
      return nested(&Parser::parse_unary, at);
    }
    if (at_op("-")) {
      const std::size_t at = take();
      if (tok_.kind == Tok::MaxIntPlusOne) {  // -9223372036854775808
        advance();
        return constant(Value::of_int(std::numeric_limits<std::int64_t>::min()));
      }
      // -x is 0 - x, as in pgbench: -(a double) is a double, -(int) an int.
      return node(Func::Sub, {constant(Value::of_int(0)), nested(&Parser::parse_unary, at)});
    }
    if (at_op("~")) {
      // ~x is x # -1; it binds as the bitwise operators do.
      const std::size_t at = take();
      return node(Func::BitXor, {constant(Value::of_int(-1)), nested(&Parser::parse_additive, at)});
    }
    if (tok_.kind == Tok::Not) return parse_not();
    return parse_primary();
  }

  ExprPtr parse_primary() {
    const Token t = tok_;
    switch (t.kind) {
      case Tok::LParen: {
        ExprPtr e = nested(&Parser::parse_or, take());
        expect(Tok::RParen);
        return e;
      }
      case Tok::Int: advance(); return constant(Value::of_int(t.integer));
      case Tok::Double: advance(); return constant(Value::of_double(t.real));
      case Tok::Bool: advance(); return constant(Value::of_bool(t.boolean));
      case Tok::Null: advance(); return constant(Value::null());
      case Tok::Variable: advance(); return variable(t.text, names_);
      case Tok::Ident: return parse_call();
      case Tok::Case: return parse_case();
      default: syntax_error();
    }
  }

  ExprPtr parse_call() {
    const Token name = tok_;
    const std::string lname = lowercase(name.text);
    const FuncInfo* info = nullptr;
    for (const auto& f : kFunctions) {
      if (lname == f.name) info = &f;
    }
    advance();
    if (tok_.kind != Tok::LParen) syntax_error();
    if (info == nullptr) {
      throw ExprSyntaxError(name.offset, "unexpected function name (" + name.text + ")");
    }
    const std::size_t open = take();
    std::vector<ExprPtr> args;
    if (tok_.kind != Tok::RParen) {
      args.push_back(nested(&Parser::parse_or, open));
      while (tok_.kind == Tok::Comma) args.push_back(nested(&Parser::parse_or, take()));
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
      if (n == required) args.push_back(variable("default_seed", names_));
    } else if (n != info->nargs) {
      throw ExprSyntaxError(name.offset,
                            std::string("unexpected number of arguments (") + info->name + ")");
    }
    return node(info->func, std::move(args));
  }

  // CASE WHEN c THEN v [WHEN ...] [ELSE e] END; no ELSE is ELSE NULL.
  ExprPtr parse_case() {
    advance();
    std::vector<ExprPtr> args;
    if (tok_.kind != Tok::When) syntax_error();
    while (tok_.kind == Tok::When) {
      args.push_back(nested(&Parser::parse_or, take()));
      if (tok_.kind != Tok::Then) syntax_error();
      args.push_back(nested(&Parser::parse_or, take()));
    }
    if (tok_.kind == Tok::Else) {
      args.push_back(nested(&Parser::parse_or, take()));
    } else {
      args.push_back(constant(Value::null()));
    }
    expect(Tok::EndKw);
    return node(Func::Case, std::move(args));
  }

  ExprLexer lexer_;
  VariableNames* names_;
  Token tok_;
  int nesting_ = 0;  // the sub-expressions open around the token
};

}  // namespace

ExprPtr parse_expression(const std::string& text, std::size_t begin, std::size_t end,
                         VariableNames* names) {
  return Parser(text, begin, end, names).parse();
}

std::size_t VariableNames::slot(const std::string& name) {
  const std::size_t known = find(name);
  if (known != kNoSlot) return known;
  names_.push_back(name);
  return names_.size() - 1;
}

std::size_t VariableNames::find(const std::string& name) const {
  for (std::size_t i = 0; i < names_.size(); ++i) {
    if (names_[i] == name) return i;
  }
  return kNoSlot;
}

}  // namespace tpcc::pgbench
