// pgbench's expressions nested deeper than kMaxExpressionDepth (parentheses,
// unary operators, NOT, function calls, CASE, long operator chains) are
// refused at parse time with their place, never run out of the stack; and
// random scripts either parse or are refused with a message.
#include <catch2/catch.hpp>

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "spec/random.hpp"
#include "workloads/pgbench/script_eval.hpp"
#include "workloads/pgbench/script_expr.hpp"
#include "workloads/pgbench/script_parse.hpp"
#include "workloads/pgbench/script_run.hpp"

namespace {

using tpcc::pgbench::kMaxExpressionDepth;
using tpcc::pgbench::Value;

const std::string kTooDeep = "expression nested too deeply (more than 256 levels)";

std::string repeat(const std::string& s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

// The parser's message and offset for `text`, "(no error)" when it parses.
std::string refusal(const std::string& text, std::size_t* offset = nullptr) {
  try {
    tpcc::pgbench::parse_expression(text);
  } catch (const tpcc::pgbench::ExprSyntaxError& e) {
    if (offset != nullptr) *offset = e.offset();
    return e.what();
  }
  return "(no error)";
}

Value eval(const tpcc::pgbench::Expr& e) {
  tpcc::pgbench::Variables vars;
  tpcc::Random rng(7);
  return tpcc::pgbench::evaluate(
      e, [&](const tpcc::pgbench::Expr& v) { return vars.value(v.variable); }, rng);
}

// "((...(1)...))" nested n deep.
std::string parenthesized(std::size_t n) { return repeat("(", n) + "1" + repeat(")", n); }
// "1+(1+(...1...))": n operators, each inside the one before.
std::string right_nested_sum(std::size_t n) { return repeat("1+(", n) + "1" + repeat(")", n); }

}  // namespace

TEST_CASE("pgbench expressions: nested 6000 and 1000000 deep are refused where the limit is passed",
          "[pgbench]") {
  for (const std::size_t n : {std::size_t{6000}, std::size_t{1000000}}) {
    INFO(n);
    std::size_t at = 0;
    CHECK(refusal(parenthesized(n), &at) == kTooDeep);
    CHECK(at == 256);  // the 257th parenthesis
    CHECK(refusal(right_nested_sum(n), &at) == kTooDeep);
    CHECK(refusal(repeat("-", n) + "1") == kTooDeep);
    CHECK(refusal(repeat("+", n) + "1") == kTooDeep);
    CHECK(refusal(repeat("~", n) + "1") == kTooDeep);
    CHECK(refusal(repeat("NOT ", n) + "true") == kTooDeep);
    CHECK(refusal(repeat("abs(", n) + "1" + repeat(")", n)) == kTooDeep);
    CHECK(refusal(repeat("CASE WHEN true THEN ", n) + "1" + repeat(" END", n)) == kTooDeep);
    // A chain builds a tree as deep as it is long, which evaluation recurses
    // through: refused too.
    CHECK(refusal("1" + repeat("+1", n)) == kTooDeep);
    CHECK(refusal("true" + repeat(" AND true", n)) == kTooDeep);
  }
}

TEST_CASE("pgbench expressions: nested up to the limit they parse and evaluate", "[pgbench]") {
  const auto limit = static_cast<std::size_t>(kMaxExpressionDepth);
  CHECK(eval(*tpcc::pgbench::parse_expression(parenthesized(limit))).integer == 1);
  CHECK(refusal(parenthesized(limit + 1)) == kTooDeep);
  // limit - 1 additions are a tree of `limit` levels.
  CHECK(eval(*tpcc::pgbench::parse_expression(right_nested_sum(limit - 1))).integer ==
        kMaxExpressionDepth);
  CHECK(refusal(right_nested_sum(limit)) == kTooDeep);
  CHECK(eval(*tpcc::pgbench::parse_expression("1" + repeat("+1", limit - 1))).integer ==
        kMaxExpressionDepth);
  CHECK(refusal("1" + repeat("+1", limit)) == kTooDeep);
}

TEST_CASE("pgbench expressions: evaluation refuses a tree deeper than the limit", "[pgbench]") {
  // A tree the parser would refuse, made by hand: evaluation counts its own
  // depth and stops with an error rather than recursing on.
  auto e = std::make_shared<tpcc::pgbench::Expr>();
  e->constant = Value::of_bool(true);
  for (int i = 0; i < 5000; ++i) {
    auto parent = std::make_shared<tpcc::pgbench::Expr>();
    parent->kind = tpcc::pgbench::Expr::Kind::Function;
    parent->func = tpcc::pgbench::Func::Not;
    parent->args.push_back(e);
    e = parent;
  }
  CHECK_THROWS_WITH(eval(*e), kTooDeep);
}

TEST_CASE("pgbench scripts: a deep expression is refused with file:line:column", "[pgbench]") {
  const std::string script = "SELECT 1;\n\\set x " + parenthesized(6000) + "\n";
  try {
    tpcc::pgbench::parse_script(script, "deep.sql");
    FAIL("a 6000-deep expression parsed");
  } catch (const tpcc::pgbench::ScriptError& e) {
    CHECK(e.line() == 2);
    CHECK(e.column() == 8 + 256);
    CHECK(e.message() == kTooDeep + " in command \"set\"");
  }
}

TEST_CASE("pgbench scripts: random scripts parse and run, or are refused with a message",
          "[pgbench]") {
  // Tokens of the script language and of SQL, runs of openers and of
  // operators, and pieces that start quotes and comments which may never end.
  const std::vector<std::string> tokens = {
      "(", ")", "+", "-", "*", "/", "%", "~", "&", "|", "#", "<<", ">>", "<", "<=", "=", "<>",
      "!=", ">=", "NOT ", " AND ", " OR ", " IS ", "NULL", "true", "false", " ISNULL", " NOTNULL",
      "1", "0", "-5", "2.5", "1e308", "9223372036854775807", ":x", ":scale", ":nosuch", ",",
      "random(", "abs(", "least(", "pi()", "int(", "hash(", "permute(", "CASE ", " WHEN ", " THEN ",
      " ELSE ", " END", "sqrt(", "debug(", "\n", "\\set x ", "\\set y ", "\\if ", "\\elif ",
      "\\else\n", "\\endif\n", "\\sleep 1 ms\n", "\\sleep :x\n", "\\gset\n", "\\foo\n", "SELECT ",
      ":x", ";\n", "'", "\"", "/*", "*/", "--", "$$", "E'\\'", "\\\n", " ", repeat("(", 300),
      repeat("-", 300), repeat("NOT ", 300), repeat("abs(", 300),
      // Runs far past the limit: a parser or evaluator recursing without a
      // count overflows the stack on them.
      repeat("(", 20000), repeat("1+(", 20000), repeat("~", 20000), repeat("+1", 20000)};
  tpcc::Random rng(20261204);
  int parsed = 0;
  int refused = 0;
  for (int i = 0; i < 3000; ++i) {
    std::string script;
    const auto length = rng.uniform(1, 40);
    for (std::int64_t t = 0; t < length; ++t) {
      script += tokens[static_cast<std::size_t>(
          rng.uniform(0, static_cast<std::int64_t>(tokens.size()) - 1))];
    }
    INFO(script);
    try {
      const tpcc::pgbench::Script parsed_script = tpcc::pgbench::parse_script(script, "fuzz.sql");
      ++parsed;
      tpcc::pgbench::Variables vars;
      vars.set("x", Value::of_int(3));
      vars.set("scale", Value::of_int(1));
      vars.set("default_seed", Value::of_int(5));
      tpcc::Random draws(static_cast<std::uint64_t>(i));
      tpcc::pgbench::ScriptRun run(parsed_script, vars, draws, true);
      try {
        for (int step = 0; step < 1000; ++step) {
          if (run.next().kind == tpcc::pgbench::Step::Kind::End) break;
        }
      } catch (const tpcc::pgbench::ScriptRunError& e) {
        CHECK(!e.message().empty());
      }
    } catch (const tpcc::pgbench::ScriptError& e) {
      ++refused;
      CHECK(!e.message().empty());
      CHECK(e.line() >= 1);
      CHECK(e.column() >= 1);
    }
  }
  // Both outcomes came up often enough for the cases to mean something.
  CHECK(parsed > 100);
  CHECK(refused > 100);
}
