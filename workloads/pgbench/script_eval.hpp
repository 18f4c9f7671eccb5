// Evaluates pgbench 15's expressions: its overloading (an operator on a
// double is a double operation, except %), its bigint overflow and division
// checks, null in gives null out (but for IS), lazy AND, OR and CASE, and
// the random functions with pgbench's parameter checks and messages.
#pragma once

#include <functional>
#include <string>

#include "spec/random.hpp"
#include "workloads/pgbench/script_expr.hpp"
#include "workloads/pgbench/script_value.hpp"

namespace tpcc::pgbench {

// A variable's value, given its node (Expr::variable, Expr::slot); throws
// EvalError("undefined variable \"x\"") for one not set. hash() and
// permute() without a seed read :default_seed through it, as pgbench does.
using VariableLookup = std::function<Value(const Expr& variable)>;

// Throws EvalError with pgbench's message.
Value evaluate(const Expr& expr, const VariableLookup& lookup, Random& rng);

}  // namespace tpcc::pgbench
