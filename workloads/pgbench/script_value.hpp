// The values of pgbench's script language: null, boolean, bigint and
// double, with pgbench 15's coercions between them and its text forms (what
// a variable holds when a statement's parameter is taken from it).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace tpcc::pgbench {

// An evaluation failed: pgbench aborts the client with this message
// ("division by zero", "bigint add out of range", ...).
class EvalError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Value {
  enum class Type { Null, Boolean, Int, Double };

  Type type = Type::Null;
  bool boolean = false;
  std::int64_t integer = 0;
  double real = 0;

  static Value null() { return Value{}; }
  static Value of_bool(bool b) {
    Value v;
    v.type = Type::Boolean;
    v.boolean = b;
    return v;
  }
  static Value of_int(std::int64_t i) {
    Value v;
    v.type = Type::Int;
    v.integer = i;
    return v;
  }
  static Value of_double(double d) {
    Value v;
    v.type = Type::Double;
    v.real = d;
    return v;
  }

  bool is_null() const { return type == Type::Null; }
};

// "null", "boolean", "int", "double": the names in pgbench's messages.
const char* type_name(const Value& v);

// Only a boolean is a boolean: "cannot coerce int to boolean".
bool to_bool(const Value& v);
// A double is rounded half to even (rint); one beyond bigint fails with
// "double to int overflow for ...".
std::int64_t to_int(const Value& v);
double to_double(const Value& v);

// \if's and CASE's truth: null and zero are false, booleans are themselves.
bool truth(const Value& v);

// The text pgbench gives a value: "NULL", "true", "42", and doubles as
// printf's %.15g (PostgreSQL's own printf: "Infinity", "NaN").
std::string to_text(const Value& v);

// A -D value's text as pgbench reads it on first use: "null"; a prefix of
// "true"/"yes" or "on"; a prefix of "false"/"no" or "off"; an integer; else
// a double. `name` is for the message of a malformed one.
Value from_text(const std::string& name, const std::string& text);

// pgbench's variable names: a letter, '_' or a non-ASCII byte first, then
// also digits.
bool valid_variable_name(const std::string& name);

}  // namespace tpcc::pgbench
