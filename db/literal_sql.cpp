#include "db/literal_sql.hpp"

#include <cctype>
#include <stdexcept>

namespace tpcc {
namespace {

// The characters that may start a quoted text, a comment or a parameter.
constexpr const char* kSpecial = "'\"-/$";

bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '$';
}

// The index just past the quoted text that starts at `from` (a ' or "),
// where a doubled quote is one quote character.
std::size_t past_quoted(const std::string& sql, std::size_t from) {
  const char quote = sql[from];
  std::size_t i = from + 1;
  while (i < sql.size()) {
    if (sql[i] == quote) {
      if (i + 1 < sql.size() && sql[i + 1] == quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    ++i;
  }
  return i;
}

}  // namespace

std::string with_literals(const std::string& sql, const std::vector<std::string>& values,
                          const std::vector<bool>& nulls,
                          const std::function<std::string(const std::string&)>& quote) {
  std::string out;
  out.reserve(sql.size() + 16 * values.size());
  append_with_literals(out, sql, values, nulls, quote);
  return out;
}

void append_with_literals(std::string& out, const std::string& sql,
                          const std::vector<std::string>& values, const std::vector<bool>& nulls,
                          const std::function<std::string(const std::string&)>& quote) {
  std::size_t i = 0;
  while (i < sql.size()) {
    const char c = sql[i];
    std::size_t end = i + 1;
    if (c == '\'' || c == '"') {
      end = past_quoted(sql, i);
    } else if (c == '-' && i + 1 < sql.size() && sql[i + 1] == '-') {
      end = sql.find('\n', i);
      end = end == std::string::npos ? sql.size() : end;
    } else if (c == '/' && i + 1 < sql.size() && sql[i + 1] == '*') {
      end = sql.find("*/", i + 2);
      end = end == std::string::npos ? sql.size() : end + 2;
    } else if (c == '$' && i + 1 < sql.size() &&
               std::isdigit(static_cast<unsigned char>(sql[i + 1])) &&
               (i == 0 || !is_identifier_char(sql[i - 1]))) {
      std::size_t digits_end = i + 1;
      std::size_t number = 0;
      while (digits_end < sql.size() && std::isdigit(static_cast<unsigned char>(sql[digits_end]))) {
        // Past any count of values: stays past it, never wraps.
        if (number <= values.size()) number = number * 10 + (sql[digits_end] - '0');
        ++digits_end;
      }
      if (number == 0 || number > values.size()) {
        throw std::logic_error("statement has $" + sql.substr(i + 1, digits_end - i - 1) + " but " +
                               std::to_string(values.size()) + " values: " + sql);
      }
      if (nulls[number - 1]) {
        out += "NULL";
      } else {
        out += quote(values[number - 1]);
      }
      i = digits_end;
      continue;
    }
    if (end == i + 1) {
      // Ordinary text up to the next character that may start a quote, a
      // comment or a parameter goes in with one append, not one a character.
      end = sql.find_first_of(kSpecial, i + 1);
      if (end == std::string::npos) end = sql.size();
    }
    out.append(sql, i, end - i);
    i = end;
  }
}

}  // namespace tpcc
