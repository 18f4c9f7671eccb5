// Rows as COPY text (tab-separated, \N for NULL, backslash escapes) and as
// SQL literals for multi-row INSERT, appended to a reused buffer. Numbers are
// written with std::to_chars and text is copied as is unless it holds a
// character COPY must escape: formatting costs a fraction of generating.
#pragma once

#include <charconv>
#include <cstdio>
#include <cstring>
#include <string>
#include <tuple>

#include "loader/field_types.hpp"

namespace tpcc::copy_format {

inline void append_int(std::string& out, long long value) {
  char buf[24];
  const auto end = std::to_chars(buf, buf + sizeof buf, value).ptr;
  out.append(buf, static_cast<std::size_t>(end - buf));
}

// value / 10^scale with exactly `scale` decimals.
inline void append_fixed(std::string& out, long long value, int scale) {
  if (value < 0) {
    out += '-';
    value = -value;
  }
  long long unit = 1;
  for (int i = 0; i < scale; ++i) unit *= 10;
  append_int(out, value / unit);
  out += '.';
  char digits[24];
  long long fraction = value % unit;
  for (int i = scale - 1; i >= 0; --i, fraction /= 10)
    digits[i] = static_cast<char>('0' + fraction % 10);
  out.append(digits, static_cast<std::size_t>(scale));
}

inline bool needs_copy_escape(char c) {
  return c == '\\' || c == '\t' || c == '\n' || c == '\r' || static_cast<unsigned char>(c) < 0x20 ||
         c == '\x7f';
}

inline void append_copy_text(std::string& out, const std::string& text) {
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!needs_copy_escape(text[i])) continue;
    out.append(text, start, i - start);
    char escaped[5];
    std::snprintf(escaped, sizeof escaped, "\\%03o", static_cast<unsigned char>(text[i]));
    out += escaped;
    start = i + 1;
  }
  out.append(text, start, std::string::npos);
}

// COPY text fields.
inline void copy_field(std::string& out, int v) { append_int(out, v); }
inline void copy_field(std::string& out, const std::string& v) { append_copy_text(out, v); }
inline void copy_field(std::string& out, Money v) { append_fixed(out, v.cents, 2); }
inline void copy_field(std::string& out, Rate4 v) { append_fixed(out, v.ten_thousandths, 4); }
inline void copy_field(std::string& out, const NullableTimestamp& v) {
  if (v.is_null())
    out += "\\N";
  else
    append_copy_text(out, *v.text);
}
inline void copy_field(std::string& out, const NullableInt& v) {
  if (v.null_value)
    out += "\\N";
  else
    append_int(out, v.value);
}

// SQL literals for INSERT ... VALUES.
inline void append_sql_string(std::string& out, const std::string& text) {
  out += '\'';
  for (char c : text) {
    if (c == '\'') out += '\'';
    out += c;
  }
  out += '\'';
}
inline void sql_literal(std::string& out, int v) { append_int(out, v); }
inline void sql_literal(std::string& out, const std::string& v) { append_sql_string(out, v); }
inline void sql_literal(std::string& out, Money v) { append_fixed(out, v.cents, 2); }
inline void sql_literal(std::string& out, Rate4 v) { append_fixed(out, v.ten_thousandths, 4); }
inline void sql_literal(std::string& out, const NullableTimestamp& v) {
  if (v.is_null())
    out += "null";
  else
    append_sql_string(out, *v.text);
}
inline void sql_literal(std::string& out, const NullableInt& v) {
  if (v.null_value)
    out += "null";
  else
    append_int(out, v.value);
}

// One row: "f1\tf2\t...\n".
template <typename Fields>
void append_copy_row(std::string& out, const Fields& fields) {
  std::apply(
      [&out](const auto&... f) {
        char separator = 0;
        ((separator ? (out += separator, 0) : 0, copy_field(out, f), separator = '\t'), ...);
      },
      fields);
  out += '\n';
}

// One row: "(v1,v2,...)".
template <typename Fields>
void append_sql_row(std::string& out, const Fields& fields) {
  out += '(';
  std::apply(
      [&out](const auto&... f) {
        char separator = 0;
        ((separator ? (out += separator, 0) : 0, sql_literal(out, f), separator = ','), ...);
      },
      fields);
  out += ')';
}

}  // namespace tpcc::copy_format
