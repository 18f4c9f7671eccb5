// Params and QueryResult: the text-format values a Session sends and the
// rows it gets back (db/session.hpp).
#include <libpq-fe.h>

#include <cstdlib>
#include <string>
#include <utility>

#include "db/session.hpp"

namespace tpcc {
namespace {

void append_cents(std::int64_t cents, std::string& out) {
  if (cents < 0) {
    out += '-';
    cents = -cents;
  }
  out += std::to_string(cents / 100);
  out += '.';
  const int fraction = static_cast<int>(cents % 100);
  out += static_cast<char>('0' + fraction / 10);
  out += static_cast<char>('0' + fraction % 10);
}

}  // namespace

// ---- Params ----

Params& Params::add(int value) {
  values_.push_back(std::to_string(value));
  nulls_.push_back(false);
  return *this;
}

Params& Params::add(long long value) {
  values_.push_back(std::to_string(value));
  nulls_.push_back(false);
  return *this;
}

Params& Params::add(const std::string& value) {
  values_.push_back(value);
  nulls_.push_back(false);
  return *this;
}

Params& Params::add_cents(std::int64_t cents) {
  std::string text;
  append_cents(cents, text);
  values_.push_back(std::move(text));
  nulls_.push_back(false);
  return *this;
}

Params& Params::add_null() {
  values_.emplace_back();
  nulls_.push_back(true);
  return *this;
}

Params& Params::add_int_array(const std::vector<int>& values) {
  std::string text = "{";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) text += ',';
    text += std::to_string(values[i]);
  }
  text += '}';
  values_.push_back(std::move(text));
  nulls_.push_back(false);
  return *this;
}

Params& Params::add_cents_array(const std::vector<std::int64_t>& cents) {
  std::string text = "{";
  for (std::size_t i = 0; i < cents.size(); ++i) {
    if (i) text += ',';
    append_cents(cents[i], text);
  }
  text += '}';
  values_.push_back(std::move(text));
  nulls_.push_back(false);
  return *this;
}

// ---- QueryResult ----

QueryResult::QueryResult(PGresult* result) : result_(result) {}

QueryResult::~QueryResult() {
  if (result_) PQclear(result_);
}

QueryResult::QueryResult(QueryResult&& other) noexcept : result_(other.result_) {
  other.result_ = nullptr;
}

QueryResult& QueryResult::operator=(QueryResult&& other) noexcept {
  if (this != &other) {
    if (result_) PQclear(result_);
    result_ = other.result_;
    other.result_ = nullptr;
  }
  return *this;
}

int QueryResult::rows() const { return result_ ? PQntuples(result_) : 0; }

long long QueryResult::affected_rows() const {
  if (!result_) return 0;
  const char* count = PQcmdTuples(result_);
  return (count && *count) ? std::strtoll(count, nullptr, 10) : 0;
}

bool QueryResult::is_null(int row, int col) const { return PQgetisnull(result_, row, col) != 0; }

const char* QueryResult::text(int row, int col) const { return PQgetvalue(result_, row, col); }

int QueryResult::as_int(int row, int col) const {
  return static_cast<int>(std::strtol(text(row, col), nullptr, 10));
}

long long QueryResult::as_int64(int row, int col) const {
  return std::strtoll(text(row, col), nullptr, 10);
}

double QueryResult::as_double(int row, int col) const {
  return std::strtod(text(row, col), nullptr);
}

std::int64_t QueryResult::as_cents(int row, int col) const {
  // Parsed as text so that money stays exact: "-123.45" -> -12345. Digits
  // past the second decimal are dropped (numeric(...,2) has none).
  const char* p = text(row, col);
  bool negative = false;
  if (*p == '-' || *p == '+') negative = *p++ == '-';
  std::int64_t units = 0;
  while (*p >= '0' && *p <= '9') units = units * 10 + (*p++ - '0');
  int fraction = 0;
  int digits = 0;
  if (*p == '.') {
    ++p;
    while (*p >= '0' && *p <= '9' && digits < 2) {
      fraction = fraction * 10 + (*p++ - '0');
      ++digits;
    }
  }
  if (digits == 1) fraction *= 10;
  const std::int64_t cents = units * 100 + fraction;
  return negative ? -cents : cents;
}

}  // namespace tpcc
