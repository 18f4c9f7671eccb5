#include "db/literal_sql.hpp"

#include <cctype>
#include <cstdint>
#include <stdexcept>
#include <utility>

namespace tpcc {
namespace {

// The characters that may start a quoted text, a comment or a parameter.
constexpr const char* kSpecial = "'\"-/$";

// PostgreSQL's limit on a statement's parameters (the protocol's 16-bit
// count): a larger $N can never be given a value.
constexpr std::size_t kMaxParameters = 65535;

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

LiteralTemplate::LiteralTemplate(const std::string& sql) : sql_(sql) {
  std::string text;
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
        // Stops growing once past any count of values a statement can
        // have, so that it never wraps.
        if (number <= kMaxParameters) number = number * 10 + (sql[digits_end] - '0');
        ++digits_end;
      }
      const std::size_t needed = number == 0 ? SIZE_MAX : number;
      if (needed > needed_) {
        needed_ = needed;
        needed_spelled_ = sql.substr(i + 1, digits_end - i - 1);
      }
      texts_.push_back(std::move(text));
      text.clear();
      params_.push_back(number);
      i = digits_end;
      continue;
    }
    if (end == i + 1) {
      // Ordinary text up to the next character that may start a quote, a
      // comment or a parameter goes in with one append, not one a character.
      end = sql.find_first_of(kSpecial, i + 1);
      if (end == std::string::npos) end = sql.size();
    }
    text.append(sql, i, end - i);
    i = end;
  }
  texts_.push_back(std::move(text));
}

void LiteralTemplate::append(std::string& out, const std::vector<std::string>& values,
                             const std::vector<bool>& nulls, const QuoteLiteral& quote) const {
  if (needed_ > values.size()) {
    throw std::logic_error("statement has $" + needed_spelled_ + " but " +
                           std::to_string(values.size()) + " values: " + sql_);
  }
  for (std::size_t p = 0; p < params_.size(); ++p) {
    out += texts_[p];
    const std::size_t index = params_[p] - 1;
    if (nulls[index]) {
      out += "NULL";
    } else {
      out += quote(values[index]);
    }
  }
  out += texts_.back();
}

std::string with_literals(const std::string& sql, const std::vector<std::string>& values,
                          const std::vector<bool>& nulls, const QuoteLiteral& quote) {
  std::string out;
  out.reserve(sql.size() + 16 * values.size());
  append_with_literals(out, sql, values, nulls, quote);
  return out;
}

void append_with_literals(std::string& out, const std::string& sql,
                          const std::vector<std::string>& values, const std::vector<bool>& nulls,
                          const QuoteLiteral& quote) {
  LiteralTemplate(sql).append(out, values, nulls, quote);
}

}  // namespace tpcc
