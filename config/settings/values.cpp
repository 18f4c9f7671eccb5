#include "config/settings/values.hpp"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <sstream>

#include "config/errors.hpp"
#include "config/names.hpp"
#include "config/settings/settings.hpp"

namespace tpcc {
namespace {

std::string trim(const std::string& s) {
  std::size_t b = 0;
  std::size_t e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

std::string integer_phrase(long long lo, long long hi) {
  if (hi == kNoLimit && lo == 1) return "a positive integer";
  if (hi == kNoLimit && lo == 0) return "a non-negative integer";
  if (hi == kNoLimit) return "an integer >= " + std::to_string(lo);
  return "a number " + std::to_string(lo) + ".." + std::to_string(hi);
}

enum class IntegerText { Integer, TooLarge, NotInteger };

// Strict decimal integer: optional sign, digits, nothing else; TooLarge
// when it is one but does not fit a long long.
IntegerText read_integer(const std::string& text, long long& out) {
  const std::string t = trim(text);
  if (t.empty()) return IntegerText::NotInteger;
  std::size_t i = (t[0] == '+' || t[0] == '-') ? 1 : 0;
  if (i == t.size()) return IntegerText::NotInteger;
  for (std::size_t j = i; j < t.size(); ++j) {
    if (!std::isdigit(static_cast<unsigned char>(t[j]))) return IntegerText::NotInteger;
  }
  errno = 0;
  char* end = nullptr;
  out = std::strtoll(t.c_str(), &end, 10);
  return errno == ERANGE ? IntegerText::TooLarge : IntegerText::Integer;
}

bool to_integer(const std::string& text, long long& out) {
  return read_integer(text, out) == IntegerText::Integer;
}

// An integer outside lo..hi is said to be one, with the range: "0 is not a
// positive integer" would send the reader looking for a typo.
[[noreturn]] void out_of_range(const std::string& where, const std::string& text, long long lo,
                               long long hi) {
  throw UsageError(where + ": " + trim(text) + " is out of range (" + std::to_string(lo) + ".." +
                   std::to_string(hi) + ")");
}

// parse_int and parse_long: an integer in lo..hi, or the message.
long long integer_in(const std::string& text, long long lo, long long hi, long long phrase_hi,
                     const std::string& where) {
  long long v = 0;
  const IntegerText kind = read_integer(text, v);
  if (kind == IntegerText::NotInteger) fail(where, text, integer_phrase(lo, phrase_hi));
  if (kind == IntegerText::TooLarge || v < lo || v > hi) out_of_range(where, text, lo, hi);
  return v;
}

std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Splits "table=value" items; a bare item (no '=') applies to every table.
template <typename T, typename Parse>
std::map<std::string, T> parse_per_table(const std::string& text, const std::string& where,
                                         Parse parse_value) {
  std::map<std::string, T> out;
  for (const auto& item : split(text, ',')) {
    if (item.empty()) throw UsageError(where + ": empty item in '" + text + "'");
    const auto eq = item.find('=');
    std::string table = "*";
    if (eq != std::string::npos) {
      const std::string name = trim(item.substr(0, eq));
      const auto full = table_from_short_name(name);
      if (!full) {
        throw UsageError(where + ": unknown table '" + name + "' in '" + item +
                         "' (tables: " + std::string(table_short_names()) + ")");
      }
      table = *full;
    }
    out[table] = parse_value(item, eq == std::string::npos ? item : trim(item.substr(eq + 1)));
  }
  return out;
}

}  // namespace

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::size_t pos = 0;
  while (true) {
    const auto next = s.find(sep, pos);
    out.push_back(trim(s.substr(pos, next - pos)));
    if (next == std::string::npos) break;
    pos = next + 1;
  }
  return out;
}

[[noreturn]] void fail(const std::string& where, const std::string& text, const std::string& what) {
  throw UsageError(where + ": '" + text + "' is not " + what);
}

int parse_int(const std::string& text, long long lo, long long hi, const std::string& where) {
  return static_cast<int>(integer_in(text, lo, hi, hi, where));
}

long parse_long(const std::string& text, long long lo, const std::string& where) {
  return static_cast<long>(integer_in(text, lo, std::numeric_limits<long>::max(), kNoLimit, where));
}

std::uint64_t parse_u64(const std::string& text, const std::string& where) {
  const std::string t = trim(text);
  bool ok = !t.empty() && t.size() <= 20;
  for (const char c : t) ok = ok && std::isdigit(static_cast<unsigned char>(c));
  if (ok) {
    errno = 0;
    const unsigned long long v = std::strtoull(t.c_str(), nullptr, 10);
    if (errno != ERANGE) return v;
  }
  fail(where, text, "an integer 0..18446744073709551615");
}

double parse_number(const std::string& text, double lo, bool lo_exclusive,
                    const std::string& where) {
  const std::string t = trim(text);
  const std::string what = std::string("a ") + (lo == 0 && lo_exclusive ? "positive number"
                                                : lo == 0               ? "non-negative number"
                                                : lo_exclusive ? "number > " + format_number(lo)
                                                               : "number >= " + format_number(lo));
  // strtod accepts hex, inf and nan; only plain decimals are wanted here.
  bool ok = !t.empty();
  for (const char c : t) {
    ok = ok && (std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' || c == '+' ||
                c == 'e' || c == 'E');
  }
  if (ok) {
    char* end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    if (end == t.c_str() + t.size() && std::isfinite(v) && (lo_exclusive ? v > lo : v >= lo)) {
      return v;
    }
  }
  fail(where, text, what);
}

double parse_number_in(const std::string& text, double lo, double hi, const std::string& where) {
  const std::string what = "a number " + format_number(lo) + ".." + format_number(hi);
  double v = 0;
  try {
    v = parse_number(text, lo, false, where);
  } catch (const UsageError&) {
    fail(where, text, what);
  }
  if (v > hi) fail(where, text, what);
  return v;
}

int parse_duration_ms(const std::string& text, const std::string& where) {
  static constexpr struct {
    const char* unit;
    double ms;
  } kUnits[] = {{"ms", 1}, {"s", 1000}, {"min", 60000}};
  constexpr double kMaxMs = std::numeric_limits<int>::max();
  const std::string what =
      "a duration 0..2147483647 ms (milliseconds, or a number with unit ms, s or min: 500ms, "
      "30s, 2min)";
  const std::string t = trim(text);
  // The unit is the trailing letters; PostgreSQL allows blanks before it.
  std::size_t unit_at = t.size();
  while (unit_at > 0 && std::isalpha(static_cast<unsigned char>(t[unit_at - 1]))) --unit_at;
  const std::string unit = t.substr(unit_at);
  double scale = unit.empty() ? 1 : 0;
  for (const auto& u : kUnits) {
    if (unit == u.unit) scale = u.ms;
  }
  double v = 0;
  try {
    v = parse_number(t.substr(0, unit_at), 0, false, where);
  } catch (const UsageError&) {
    fail(where, text, what);
  }
  const double ms = std::round(v * scale);
  if (scale == 0 || ms > kMaxMs) fail(where, text, what);
  // A timeout given but rounded to 0 would silently mean "no timeout".
  if (v > 0 && ms < 1) fail(where, text, what + "; it rounds to 0 ms, which turns it off");
  return static_cast<int>(ms);
}

bool parse_bool(const std::string& text, const std::string& where) {
  const std::string t = lower(trim(text));
  if (t == "true" || t == "yes" || t == "on" || t == "1") return true;
  if (t == "false" || t == "no" || t == "off" || t == "0") return false;
  fail(where, text, "true or false");
}

int parse_choice(const std::string& text, const std::vector<std::string>& names,
                 const std::string& where) {
  const std::string t = trim(text);
  std::string list;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == t) return static_cast<int>(i);
    list += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  }
  fail(where, text, list);
}

std::map<std::string, int> parse_fillfactor(const std::string& text, const std::string& where) {
  return parse_per_table<int>(text, where, [&](const std::string& item, const std::string& v) {
    long long pct = 0;
    if (!to_integer(v, pct) || pct < 10 || pct > 100) fail(where, item, "a number 10..100");
    return static_cast<int>(pct);
  });
}

bool is_plain_identifier(const std::string& name) {
  if (name.empty() || name.size() > 63) return false;
  const auto c0 = static_cast<unsigned char>(name[0]);
  if (!std::isalpha(c0) && c0 != '_') return false;
  for (const char ch : name) {
    const auto c = static_cast<unsigned char>(ch);
    if (c >= 0x80 || (!std::isalnum(c) && c != '_' && c != '$')) return false;
  }
  return true;
}

std::map<std::string, std::string> parse_tablespace(const std::string& text,
                                                    const std::string& where) {
  return parse_per_table<std::string>(
      text, where, [&](const std::string&, const std::string& name) {
        if (!is_plain_identifier(name)) {
          fail(where, name, "a valid tablespace name ([A-Za-z_][A-Za-z0-9_$]{0,62})");
        }
        return name;
      });
}

std::array<double, kTxnTypes> parse_mix(const std::string& text, const std::string& where) {
  const auto parts = split(text, ',');
  if (parts.size() != static_cast<std::size_t>(kTxnTypes)) {
    throw UsageError(where + ": '" + text +
                     "' is not five weights NO,P,OS,D,SL (New-Order, Payment, Order-Status, "
                     "Delivery, Stock-Level)");
  }
  std::array<double, kTxnTypes> mix{};
  for (std::size_t i = 0; i < mix.size(); ++i) mix[i] = parse_number(parts[i], 0, false, where);
  if (!mix_sums_to_100(mix)) {
    double sum = 0;
    for (const double w : mix) sum += w;
    throw UsageError(where + ": the weights '" + text + "' sum to " + format_number(sum) +
                     ", not 100");
  }
  return mix;
}

std::array<double, 2> parse_standby_mix(const std::string& text, const std::string& where) {
  const auto parts = split(text, ',');
  if (parts.size() != 2) {
    throw UsageError(where + ": '" + text +
                     "' is not two weights OS,SL (Order-Status, Stock-Level)");
  }
  const std::array<double, 2> mix = {parse_number(parts[0], 0, false, where),
                                     parse_number(parts[1], 0, false, where)};
  if (std::fabs(mix[0] + mix[1] - 100.0) >= 1e-6) {
    throw UsageError(where + ": the weights '" + text + "' sum to " +
                     format_number(mix[0] + mix[1]) + ", not 100");
  }
  return mix;
}

bool mix_sums_to_100(const std::array<double, kTxnTypes>& mix) {
  double sum = 0;
  for (const double w : mix) sum += w;
  return std::fabs(sum - 100.0) < 1e-6;
}

std::string format_mix(const std::array<double, kTxnTypes>& mix) {
  std::string out;
  for (const double w : mix) out += (out.empty() ? "" : ",") + format_number(w);
  return out;
}

std::string format_number(double v) {
  std::ostringstream s;
  s.precision(15);
  s << v;
  return s.str();
}

std::string format_seconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", seconds);
  return text;
}

void ParseState::warn(const std::string& where, const std::string& text) const {
  if (warnings != nullptr) *warnings << "tpcc: " << where << ": warning: " << text << "\n";
}

}  // namespace tpcc
