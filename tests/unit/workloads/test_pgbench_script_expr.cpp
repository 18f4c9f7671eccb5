// pgbench's expression language: every operator and function against the
// figures pgbench 15.20 printed for the same expressions (its debug()
// function, on a throwaway server, --random-seed=5), and its errors.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "spec/random.hpp"
#include "workloads/pgbench/script_eval.hpp"
#include "workloads/pgbench/script_expr.hpp"
#include "workloads/pgbench/script_run.hpp"

namespace {

using tpcc::pgbench::Value;

// pgbench 15.20's :default_seed under --random-seed=5.
constexpr std::int64_t kPgbenchDefaultSeed = -1240385398947155067LL;

Value eval(const std::string& text) {
  tpcc::pgbench::Variables vars;
  vars.set("default_seed", Value::of_int(kPgbenchDefaultSeed));
  vars.set("seven", Value::of_int(7));
  vars.set_text("half", "0.5");
  vars.set_text("yes", "y");
  tpcc::Random rng(42);
  return tpcc::pgbench::evaluate(
      *tpcc::pgbench::parse_expression(text),
      [&](const tpcc::pgbench::Expr& v) { return vars.value(v.variable); }, rng);
}

std::int64_t int_of(const std::string& text) {
  const Value v = eval(text);
  INFO(text);
  REQUIRE(v.type == Value::Type::Int);
  return v.integer;
}

double double_of(const std::string& text) {
  const Value v = eval(text);
  INFO(text);
  REQUIRE(v.type == Value::Type::Double);
  return v.real;
}

bool bool_of(const std::string& text) {
  const Value v = eval(text);
  INFO(text);
  REQUIRE(v.type == Value::Type::Boolean);
  return v.boolean;
}

std::string eval_error(const std::string& text) {
  try {
    eval(text);
  } catch (const tpcc::pgbench::EvalError& e) {
    return e.what();
  }
  return "(no error)";
}

std::string syntax_error(const std::string& text, std::size_t* offset = nullptr) {
  try {
    tpcc::pgbench::parse_expression(text);
  } catch (const tpcc::pgbench::ExprSyntaxError& e) {
    if (offset != nullptr) *offset = e.offset();
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_CASE("pgbench expressions: integer arithmetic truncates as pgbench 15 does", "[pgbench]") {
  CHECK(int_of("7 / 2") == 3);
  CHECK(int_of("-7 / 2") == -3);
  CHECK(int_of("-7 % 3") == -1);
  CHECK(int_of("mod(-7, 3)") == -1);
  CHECK(int_of("1 + 2 * 3") == 7);
  CHECK(int_of("(1 + 2) * 3") == 9);
  CHECK(int_of("10 - 4 - 3") == 3);
  CHECK(int_of("-(3)") == -3);
  CHECK(int_of("+4") == 4);
  CHECK(int_of(":seven * 2") == 14);
  CHECK(int_of("9223372036854775807") == INT64_MAX);
  CHECK(int_of("-9223372036854775808") == INT64_MIN);
  CHECK(int_of("7 / -1") == -7);
  CHECK(int_of("7 % -1") == 0);
  // % is always on integers: 1.5 rounds to 2 (pgbench 15: int 0).
  CHECK(int_of("1.5 % 2") == 0);
}

TEST_CASE("pgbench expressions: a double on either side makes a double operation", "[pgbench]") {
  CHECK(double_of("7.0 / 2") == 3.5);
  CHECK(double_of("1e3") == 1000.0);
  CHECK(double_of(".5 + 1") == 1.5);
  CHECK(double_of("1 / 3.0") == Approx(0.333333333333333).epsilon(1e-14));
  CHECK(double_of("0.1 + 0.2") == Approx(0.3));
  CHECK(std::isinf(double_of("1e300 * 1e300")));
  CHECK(double_of(":half * 4") == 2.0);
  CHECK(double_of("-2.5") == -2.5);
}

TEST_CASE("pgbench expressions: comparisons, AND, OR, NOT, IS and CASE", "[pgbench]") {
  CHECK(bool_of("5 = 5.0"));
  CHECK(bool_of("1 <> 2"));
  CHECK_FALSE(bool_of("1 != 1"));
  CHECK(bool_of("1 < 2"));
  CHECK(bool_of("2 <= 2"));
  CHECK(bool_of("3 > 2"));
  CHECK_FALSE(bool_of("2 >= 3"));
  CHECK(bool_of("NOT false"));
  CHECK(bool_of("2 < 3 AND 3 < 4 OR false"));
  CHECK(bool_of("NOT 1 = 2"));  // NOT binds looser than =
  CHECK(eval("true AND NULL").is_null());
  CHECK_FALSE(bool_of("false AND 1 / 0 = 1"));  // lazy: no division by zero
  CHECK(bool_of("true OR 1 / 0 = 1"));
  CHECK(bool_of("NULL IS NULL"));
  CHECK(bool_of("1 IS NOT NULL"));
  CHECK(bool_of("true IS TRUE"));
  CHECK(bool_of("false IS NOT TRUE"));
  CHECK(bool_of("NULL ISNULL"));
  CHECK(bool_of("3 NOTNULL"));
  CHECK(bool_of(":yes"));  // a -D "y" is a prefix of yes
  CHECK(int_of("CASE WHEN 1 > 2 THEN 10 WHEN 2 > 1 THEN 20 ELSE 30 END") == 20);
  CHECK(int_of("CASE WHEN 0 THEN 1 ELSE 2 END") == 2);
  CHECK(eval("CASE WHEN 0 THEN 1 END").is_null());
  CHECK(eval("1 + NULL").is_null());
}

TEST_CASE("pgbench expressions: bitwise operators", "[pgbench]") {
  CHECK(int_of("6 & 3") == 2);
  CHECK(int_of("6 | 3") == 7);
  CHECK(int_of("6 # 3") == 5);
  CHECK(int_of("1 << 4") == 16);
  CHECK(int_of("-16 >> 2") == -4);
  CHECK(int_of("~0") == -1);
}

TEST_CASE("pgbench expressions: functions give pgbench 15's figures", "[pgbench]") {
  CHECK(double_of("abs(-5.5)") == 5.5);
  CHECK(int_of("abs(-5)") == 5);
  CHECK(double_of("least(3, 1.5, 2)") == 1.5);
  CHECK(int_of("greatest(3, 1, 2)") == 3);
  CHECK(int_of("int(2.5)") == 2);  // rint: half to even
  CHECK(int_of("int(3.5)") == 4);
  CHECK(int_of("int(-2.5)") == -2);
  CHECK(double_of("double(3)") == 3.0);
  CHECK(double_of("sqrt(2)") == Approx(1.4142135623731));
  CHECK(double_of("pi()") == Approx(3.14159265358979));
  CHECK(double_of("ln(10)") == Approx(2.30258509299405));
  CHECK(double_of("exp(1)") == Approx(2.71828182845905));
  CHECK(double_of("pow(2, 10)") == 1024.0);
  CHECK(double_of("power(2.5, 2)") == 6.25);
  CHECK(int_of("debug(41) + 1") == 42);
  CHECK(int_of("ABS(-1)") == 1);  // names are case-insensitive
}

TEST_CASE("pgbench expressions: hashes and permute equal pgbench 15's", "[pgbench]") {
  // hash() and hash_fnv1a() with one argument take :default_seed.
  CHECK(int_of("hash(42)") == 2968023071086183849LL);
  CHECK(int_of("hash_murmur2(42, 5)") == 1528802566688538785LL);
  CHECK(int_of("hash_fnv1a(42, 5)") == 7229678446045915210LL);
  CHECK(int_of("hash_fnv1a(42)") == -5539465003360959030LL);
  CHECK(int_of("permute(3, 10, 5)") == 9);
}

TEST_CASE("pgbench expressions: run-time errors carry pgbench 15's messages", "[pgbench]") {
  CHECK(eval_error("1 / 0") == "division by zero");
  CHECK(eval_error("1 % 0") == "division by zero");
  CHECK(eval_error("9223372036854775807 + 1") == "bigint add out of range");
  CHECK(eval_error("9223372036854775807 * 2") == "bigint mul out of range");
  CHECK(eval_error("-9223372036854775807 - 2") == "bigint sub out of range");
  CHECK(eval_error("-9223372036854775808 / -1") == "bigint div out of range");
  CHECK(eval_error("random_gaussian(1, 10, 1.5)") ==
        "gaussian parameter must be at least 2.000000 (not 1.500000)");
  CHECK(eval_error("random_zipfian(1, 10, 1.0)") ==
        "zipfian parameter must be in range [1.001, 1000] (not 1.000000)");
  CHECK(eval_error("random_zipfian(1, 10, 1000.5)") ==
        "zipfian parameter must be in range [1.001, 1000] (not 1000.500000)");
  CHECK(eval_error("random_exponential(1, 10, 0)") ==
        "exponential parameter must be greater than zero (not 0.000000)");
  CHECK(eval_error("random(10, 1)") == "empty range given to random");
  CHECK(eval_error("random(-9223372036854775808, 9223372036854775807)") ==
        "random range is too large");
  CHECK(eval_error("permute(1, 0)") == "permute size parameter must be greater than zero");
  CHECK(eval_error(":nope + 1") == "undefined variable \"nope\"");
  CHECK(eval_error("NOT 1") == "cannot coerce int to boolean");
  CHECK(eval_error("(1 < 2) = true") == "cannot coerce boolean to int");
  CHECK(eval_error("int(1e300)").rfind("double to int overflow for 1000000000000000052504", 0) ==
        0);
}

TEST_CASE("pgbench expressions: syntax errors name the place and the cause", "[pgbench]") {
  std::size_t at = 0;
  CHECK(syntax_error("foo(1)", &at) == "unexpected function name (foo)");
  CHECK(at == 0);
  CHECK(syntax_error("1 + abs(1, 2)", &at) == "unexpected number of arguments (abs)");
  CHECK(at == 4);
  CHECK(syntax_error("least()") == "at least one argument expected (least)");
  CHECK(syntax_error("1 $ 2", &at) == "unexpected character ($)");
  CHECK(at == 2);
  CHECK(syntax_error("(1 + 2", &at) == "syntax error");
  CHECK(at == 6);
  CHECK(syntax_error("1 < 2 < 3", &at) == "syntax error");
  CHECK(at == 6);
  CHECK(syntax_error("random(1, 2) extra", &at) == "syntax error");
  CHECK(at == 13);
  CHECK(syntax_error("") == "syntax error");
  CHECK(syntax_error("9223372036854775808") == "syntax error");
  CHECK(syntax_error("99999999999999999999") == "bigint constant overflow (99999999999999999999)");
  CHECK(syntax_error("CASE 1 END") == "syntax error");
}

TEST_CASE("pgbench expressions: precedence, edge values and -D texts as pgbench 15 reads them",
          "[pgbench]") {
  // Figures printed by pgbench 15.20 (debug()) for the same expressions.
  CHECK(bool_of("NOT 1 = 2"));
  CHECK(int_of("~1 + 2") == -4);  // ~ binds as the bitwise operators: ~(1 + 2)
  CHECK(int_of("-2 * 3") == -6);
  CHECK_FALSE(bool_of("5 IS NULL"));
  CHECK(bool_of("1 + 2 IS NOT NULL"));
  CHECK(bool_of("2 > 1 IS TRUE"));
  CHECK(double_of("least(1, 2.0)") == 1.0);
  CHECK(int_of("abs(-9223372036854775807 - 1)") == INT64_MIN);
  CHECK(int_of("1 << 65") == 2);
  CHECK(int_of("-7 >> 1") == -4);
  CHECK(int_of("int(-0.5)") == 0);
  CHECK(int_of("hash(-1, 0)") == 4219408603045787357LL);
  CHECK(int_of("hash_fnv1a(-1, 0)") == -8289690350564177859LL);
  CHECK(int_of("permute(0, 1000000, 123)") == 426523);
  CHECK(int_of("permute(999999, 1000000, 123)") == 135139);
  CHECK(int_of("permute(-5, 7, -3)") == 4);
  CHECK(int_of("CASE WHEN NULL THEN 1 WHEN 0.0 THEN 2 ELSE 3 END") == 3);
  CHECK(tpcc::pgbench::to_text(eval("double(1) / 0")) == "Infinity");
  CHECK(tpcc::pgbench::to_text(eval("sqrt(-1)")) == "NaN");
  CHECK(tpcc::pgbench::to_text(eval("1 / 3.0")) == "0.333333333333333");
  CHECK(tpcc::pgbench::from_text("v", "2.5").real == 2.5);
  CHECK(tpcc::pgbench::from_text("v", "ye").boolean);
  CHECK_FALSE(tpcc::pgbench::from_text("v", "OF").boolean);
  CHECK(tpcc::pgbench::from_text("v", "1e3").type == Value::Type::Double);
  CHECK(tpcc::pgbench::from_text("v", " -12").integer == -12);
  CHECK(tpcc::pgbench::from_text("v", "nULl").is_null());
  CHECK_THROWS_WITH(tpcc::pgbench::from_text("v", "o"), "malformed variable \"v\" value: \"o\"");
  CHECK_THROWS_WITH(tpcc::pgbench::from_text("v", "99999999999999999999"),
                    "value \"99999999999999999999\" is out of range for type bigint");
}

TEST_CASE("pgbench expressions: least and greatest take every argument, however many",
          "[pgbench]") {
  // Up to four arguments are evaluated into the stack, more into a vector:
  // the extreme is put last, past the four, and first.
  CHECK(int_of("greatest(3, 1, 2, 4)") == 4);
  CHECK(int_of("greatest(3, 1, 2, 4, 9)") == 9);
  CHECK(int_of("least(3, 1, 2, 4, 8, 7, -6)") == -6);
  CHECK(double_of("least(3, 1, 2, 4, 8, 0.5)") == 0.5);
  CHECK(int_of("greatest(10, 1, 2, 4, 8, 7, 6)") == 10);
  CHECK(eval("greatest(1, 2, 3, 4, 5, null)").is_null());
}
