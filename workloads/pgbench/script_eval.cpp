#include "workloads/pgbench/script_eval.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "workloads/pgbench/script_random.hpp"

namespace tpcc::pgbench {
namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr std::int64_t kMinInt = std::numeric_limits<std::int64_t>::min();

std::string fixed(double d) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%f", d);
  return buf;
}

// A function's evaluated arguments, where eval_node keeps them.
class Args {
 public:
  Args(const Value* values, std::size_t count) : values_(values), count_(count) {}
  std::size_t size() const { return count_; }
  const Value& operator[](std::size_t i) const { return values_[i]; }
  const Value* begin() const { return values_; }
  const Value* end() const { return values_ + count_; }

 private:
  const Value* values_;
  std::size_t count_;
};

// Arguments up to this many are kept on the stack, a longer list (least,
// greatest) in a vector: a \set costs no allocation.
constexpr std::size_t kInlineArgs = 4;

bool any_double(const Args& v) {
  return std::any_of(v.begin(), v.end(),
                     [](const Value& x) { return x.type == Value::Type::Double; });
}

class Evaluator {
 public:
  Evaluator(const VariableLookup& lookup, Random& rng) : lookup_(lookup), rng_(rng) {}

  // A tree from the parser is at most kMaxExpressionDepth deep; the count
  // holds the recursion to that for any other tree too.
  Value eval(const Expr& e) {
    if (depth_ >= kMaxExpressionDepth) {
      throw EvalError("expression nested too deeply (more than " +
                      std::to_string(kMaxExpressionDepth) + " levels)");
    }
    ++depth_;
    Value v = eval_node(e);
    --depth_;
    return v;
  }

 private:
  Value eval_node(const Expr& e) {
    switch (e.kind) {
      case Expr::Kind::Constant: return e.constant;
      case Expr::Kind::Variable: return lookup_(e);
      case Expr::Kind::Function: break;
    }
    if (e.func == Func::And || e.func == Func::Or || e.func == Func::Case) return lazy(e);
    const std::size_t count = e.args.size();
    Value inline_args[kInlineArgs];
    std::vector<Value> more;
    Value* args = inline_args;
    if (count > kInlineArgs) {
      more.resize(count);
      args = more.data();
    }
    bool has_null = false;
    for (std::size_t i = 0; i < count; ++i) {
      args[i] = eval(*e.args[i]);
      has_null = has_null || args[i].is_null();
    }
    if (has_null && e.func != Func::Is && e.func != Func::Debug) return Value::null();
    return standard(e.func, Args(args, count));
  }

  // AND and OR look at their second argument only when the first does not
  // decide; a null first one gives null. CASE evaluates the branch taken.
  Value lazy(const Expr& e) {
    if (e.func == Func::Case) {
      const std::size_t n = e.args.size();
      for (std::size_t i = 0; i + 1 < n; i += 2) {
        if (truth(eval(*e.args[i]))) return eval(*e.args[i + 1]);
      }
      return eval(*e.args[n - 1]);
    }
    const Value a = eval(*e.args[0]);
    if (a.is_null()) return Value::null();
    const bool first = to_bool(a);
    if (e.func == Func::And && !first) return Value::of_bool(false);
    if (e.func == Func::Or && first) return Value::of_bool(true);
    const Value b = eval(*e.args[1]);
    if (b.is_null()) return Value::null();
    return Value::of_bool(to_bool(b));
  }

  Value standard(Func f, const Args& a) {
    switch (f) {
      case Func::Add:
      case Func::Sub:
      case Func::Mul:
      case Func::Div:
      case Func::Mod:
      case Func::Eq:
      case Func::Ne:
      case Func::Le:
      case Func::Lt: return arithmetic(f, a[0], a[1]);
      case Func::BitAnd: return Value::of_int(to_int(a[0]) & to_int(a[1]));
      case Func::BitOr: return Value::of_int(to_int(a[0]) | to_int(a[1]));
      case Func::BitXor: return Value::of_int(to_int(a[0]) ^ to_int(a[1]));
      case Func::LShift: {
        const std::int64_t l = to_int(a[0]);
        const std::int64_t r = to_int(a[1]);
        // The hardware's shift, which takes the count modulo 64.
        return Value::of_int(static_cast<std::int64_t>(static_cast<std::uint64_t>(l) << (r & 63)));
      }
      case Func::RShift: {
        const std::int64_t l = to_int(a[0]);
        const std::int64_t r = to_int(a[1]);
        return Value::of_int(l >> (r & 63));
      }
      case Func::Not: return Value::of_bool(!to_bool(a[0]));
      case Func::Is:
        return Value::of_bool(a[0].type == a[1].type &&
                              (a[0].type != Value::Type::Boolean || a[0].boolean == a[1].boolean));
      case Func::Pi: return Value::of_double(kPi);
      case Func::Abs:
        if (a[0].type == Value::Type::Int) {
          const auto i = static_cast<std::uint64_t>(a[0].integer);
          return Value::of_int(static_cast<std::int64_t>(a[0].integer < 0 ? 0 - i : i));
        }
        return Value::of_double(std::fabs(to_double(a[0])));
      case Func::Debug: return a[0];
      case Func::Double: return Value::of_double(to_double(a[0]));
      case Func::Sqrt: return Value::of_double(std::sqrt(to_double(a[0])));
      case Func::Ln: return Value::of_double(std::log(to_double(a[0])));
      case Func::Exp: return Value::of_double(std::exp(to_double(a[0])));
      case Func::Int: return Value::of_int(to_int(a[0]));
      case Func::Pow: return Value::of_double(std::pow(to_double(a[0]), to_double(a[1])));
      case Func::Least:
      case Func::Greatest: return extremum(f == Func::Least, a);
      case Func::Random:
      case Func::RandomGaussian:
      case Func::RandomExponential:
      case Func::RandomZipfian: return random(f, a);
      case Func::HashMurmur2: return Value::of_int(hash_murmur2(to_int(a[0]), to_int(a[1])));
      case Func::HashFnv1a: return Value::of_int(hash_fnv1a(to_int(a[0]), to_int(a[1])));
      case Func::Permute: {
        const std::int64_t value = to_int(a[0]);
        const std::int64_t size = to_int(a[1]);
        const std::int64_t seed = to_int(a[2]);
        if (size <= 0) throw EvalError("permute size parameter must be greater than zero");
        return Value::of_int(permute(value, size, seed));
      }
      case Func::And:
      case Func::Or:
      case Func::Case: break;  // lazy, above
    }
    throw EvalError("unexpected function");
  }

  // + - * / and the comparisons on doubles when either side is one; on
  // bigints otherwise, and % always on bigints.
  static Value arithmetic(Func f, const Value& l, const Value& r) {
    if ((l.type == Value::Type::Double || r.type == Value::Type::Double) && f != Func::Mod) {
      const double ld = to_double(l);
      const double rd = to_double(r);
      switch (f) {
        case Func::Add: return Value::of_double(ld + rd);
        case Func::Sub: return Value::of_double(ld - rd);
        case Func::Mul: return Value::of_double(ld * rd);
        case Func::Div: return Value::of_double(ld / rd);
        case Func::Eq: return Value::of_bool(ld == rd);
        case Func::Ne: return Value::of_bool(ld != rd);
        case Func::Le: return Value::of_bool(ld <= rd);
        default: return Value::of_bool(ld < rd);  // Lt
      }
    }
    const std::int64_t li = to_int(l);
    const std::int64_t ri = to_int(r);
    std::int64_t res = 0;
    switch (f) {
      case Func::Add:
        if (__builtin_add_overflow(li, ri, &res)) throw EvalError("bigint add out of range");
        return Value::of_int(res);
      case Func::Sub:
        if (__builtin_sub_overflow(li, ri, &res)) throw EvalError("bigint sub out of range");
        return Value::of_int(res);
      case Func::Mul:
        if (__builtin_mul_overflow(li, ri, &res)) throw EvalError("bigint mul out of range");
        return Value::of_int(res);
      case Func::Eq: return Value::of_bool(li == ri);
      case Func::Ne: return Value::of_bool(li != ri);
      case Func::Le: return Value::of_bool(li <= ri);
      case Func::Lt: return Value::of_bool(li < ri);
      default: break;
    }
    // Div and Mod: C's truncating division, so -7 / 2 is -3 and -7 % 3 is -1.
    if (ri == 0) throw EvalError("division by zero");
    if (ri == -1) {
      if (f == Func::Mod) return Value::of_int(0);
      if (li == kMinInt) throw EvalError("bigint div out of range");
      return Value::of_int(-li);
    }
    return Value::of_int(f == Func::Div ? li / ri : li % ri);
  }

  static Value extremum(bool least, const Args& a) {
    if (any_double(a)) {
      double x = to_double(a[0]);
      for (std::size_t i = 1; i < a.size(); ++i) {
        const double d = to_double(a[i]);
        x = least ? std::min(x, d) : std::max(x, d);
      }
      return Value::of_double(x);
    }
    std::int64_t x = to_int(a[0]);
    for (std::size_t i = 1; i < a.size(); ++i) {
      const std::int64_t v = to_int(a[i]);
      x = least ? std::min(x, v) : std::max(x, v);
    }
    return Value::of_int(x);
  }

  Value random(Func f, const Args& a) {
    const std::int64_t min = to_int(a[0]);
    const std::int64_t max = to_int(a[1]);
    std::int64_t delta = 0;
    if (min > max) throw EvalError("empty range given to random");
    if (__builtin_sub_overflow(max, min, &delta) || __builtin_add_overflow(delta, 1, &delta)) {
      throw EvalError("random range is too large");
    }
    if (f == Func::Random) return Value::of_int(random_uniform(rng_, min, max));
    const double param = to_double(a[2]);
    if (f == Func::RandomGaussian) {
      if (param < kMinGaussianParam) {
        throw EvalError("gaussian parameter must be at least " + fixed(kMinGaussianParam) +
                        " (not " + fixed(param) + ")");
      }
      return Value::of_int(random_gaussian(rng_, min, max, param));
    }
    if (f == Func::RandomZipfian) {
      if (param < kMinZipfianParam || param > kMaxZipfianParam) {
        throw EvalError("zipfian parameter must be in range [1.001, 1000] (not " + fixed(param) +
                        ")");
      }
      return Value::of_int(random_zipfian(rng_, min, max, param));
    }
    if (param <= 0.0) {
      throw EvalError("exponential parameter must be greater than zero (not " + fixed(param) + ")");
    }
    return Value::of_int(random_exponential(rng_, min, max, param));
  }

  const VariableLookup& lookup_;
  Random& rng_;
  int depth_ = 0;  // the calls of eval() open
};

}  // namespace

Value evaluate(const Expr& expr, const VariableLookup& lookup, Random& rng) {
  return Evaluator(lookup, rng).eval(expr);
}

}  // namespace tpcc::pgbench
