#include "workloads/pgbench/script_value.hpp"

#include <strings.h>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tpcc::pgbench {
namespace {

// printf's "%f", for the messages that quote a double as pgbench does.
std::string fixed(double d) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%f", d);
  return buf;
}

bool is_identifier_start(unsigned char c) { return c >= 0x80 || std::isalpha(c) != 0 || c == '_'; }

// Whether `text` matches ^\s*[-+]?[0-9]+$, pgbench's test for an integer.
bool looks_like_int(const std::string& text) {
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])) != 0) ++i;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  if (i >= text.size() || std::isdigit(static_cast<unsigned char>(text[i])) == 0) return false;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) != 0) ++i;
  return i == text.size();
}

// Whether `text` (non-empty) is a case-insensitive prefix of `word`.
bool prefix_of(const std::string& text, const char* word) {
  return strncasecmp(text.c_str(), word, text.size()) == 0;
}

}  // namespace

const char* type_name(const Value& v) {
  switch (v.type) {
    case Value::Type::Null: return "null";
    case Value::Type::Boolean: return "boolean";
    case Value::Type::Int: return "int";
    case Value::Type::Double: return "double";
  }
  return "none";
}

bool to_bool(const Value& v) {
  if (v.type == Value::Type::Boolean) return v.boolean;
  throw EvalError(std::string("cannot coerce ") + type_name(v) + " to boolean");
}

std::int64_t to_int(const Value& v) {
  if (v.type == Value::Type::Int) return v.integer;
  if (v.type == Value::Type::Double) {
    const double d = std::rint(v.real);
    // -2^63 is exact in a double; 2^63 is the first value beyond bigint.
    if (std::isnan(d) || d < -9223372036854775808.0 || d >= 9223372036854775808.0) {
      throw EvalError("double to int overflow for " + fixed(d));
    }
    return static_cast<std::int64_t>(d);
  }
  throw EvalError(std::string("cannot coerce ") + type_name(v) + " to int");
}

double to_double(const Value& v) {
  if (v.type == Value::Type::Double) return v.real;
  if (v.type == Value::Type::Int) return static_cast<double>(v.integer);
  throw EvalError(std::string("cannot coerce ") + type_name(v) + " to double");
}

bool truth(const Value& v) {
  switch (v.type) {
    case Value::Type::Null: return false;
    case Value::Type::Boolean: return v.boolean;
    case Value::Type::Int: return v.integer != 0;
    case Value::Type::Double: return v.real != 0.0;
  }
  return false;
}

std::string to_text(const Value& v) {
  switch (v.type) {
    case Value::Type::Null: return "NULL";
    case Value::Type::Boolean: return v.boolean ? "true" : "false";
    case Value::Type::Int: return std::to_string(v.integer);
    case Value::Type::Double: {
      if (std::isnan(v.real)) return "NaN";
      if (std::isinf(v.real)) return v.real > 0 ? "Infinity" : "-Infinity";
      char buf[64];
      std::snprintf(buf, sizeof buf, "%.15g", v.real);
      return buf;
    }
  }
  return "";
}

Value from_text(const std::string& name, const std::string& text) {
  if (text.empty()) throw EvalError("malformed variable \"" + name + "\" value: \"\"");
  if (strcasecmp(text.c_str(), "null") == 0) return Value::null();
  // Prefixes of the words, but not "o" alone: ambiguous between on and off.
  if (prefix_of(text, "true") || prefix_of(text, "yes") || strcasecmp(text.c_str(), "on") == 0) {
    return Value::of_bool(true);
  }
  if (prefix_of(text, "false") || prefix_of(text, "no") || strcasecmp(text.c_str(), "off") == 0 ||
      strcasecmp(text.c_str(), "of") == 0) {
    return Value::of_bool(false);
  }
  if (looks_like_int(text)) {
    errno = 0;
    char* end = nullptr;
    const long long i = std::strtoll(text.c_str(), &end, 10);
    if (errno == ERANGE) {
      throw EvalError("value \"" + text + "\" is out of range for type bigint");
    }
    return Value::of_int(i);
  }
  errno = 0;
  char* end = nullptr;
  const double d = std::strtod(text.c_str(), &end);
  if (errno != 0 || end == text.c_str() || *end != '\0') {
    throw EvalError("malformed variable \"" + name + "\" value: \"" + text + "\"");
  }
  return Value::of_double(d);
}

bool valid_variable_name(const std::string& name) {
  if (name.empty() || !is_identifier_start(static_cast<unsigned char>(name[0]))) return false;
  for (const char c : name) {
    const auto u = static_cast<unsigned char>(c);
    if (!is_identifier_start(u) && std::isdigit(u) == 0) return false;
  }
  return true;
}

}  // namespace tpcc::pgbench
