// Parsing and validating one option value. Every function takes `where`, the
// prefix that names the source in messages: "--warehouses" for a flag,
// "props.pg:12: key 'warehouses'" for a props entry; failures throw
// UsageError("<where>: '<text>' is not ...").
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "config/config.hpp"

namespace tpcc {

inline constexpr long long kNoLimit = std::numeric_limits<int>::max();

// The items of a list separated by `sep`, each trimmed.
std::vector<std::string> split(const std::string& s, char sep);

// Throws UsageError("<where>: '<text>' is not <what>").
[[noreturn]] void fail(const std::string& where, const std::string& text, const std::string& what);

// An integer in [lo, hi]. With hi == kNoLimit the message says "a positive
// integer" (lo 1) or "a non-negative integer" (lo 0); otherwise "a number lo..hi".
int parse_int(const std::string& text, long long lo, long long hi, const std::string& where);
long parse_long(const std::string& text, long long lo, const std::string& where);

std::uint64_t parse_u64(const std::string& text, const std::string& where);

// A decimal number >= lo, or > lo when lo_exclusive.
double parse_number(const std::string& text, double lo, bool lo_exclusive,
                    const std::string& where);

// A decimal number in [lo, hi]; the message says "a number lo..hi".
double parse_number_in(const std::string& text, double lo, double hi, const std::string& where);

// A duration as PostgreSQL takes one for statement_timeout: milliseconds
// ("500"), or a number with unit ms, s or min ("500ms", "30s", "1.5min");
// returned in whole milliseconds, 0..2147483647 (INT_MAX, the server's limit).
int parse_duration_ms(const std::string& text, const std::string& where);

// true/false, yes/no, on/off, 1/0 (any case).
bool parse_bool(const std::string& text, const std::string& where);

// One of names (exact); the message lists them.
int parse_choice(const std::string& text, const std::vector<std::string>& names,
                 const std::string& where);

// "80" (every table, key "*") or "stock=80,customer=90" (tables by short
// name, see table_from_short_name); values 10..100.
std::map<std::string, int> parse_fillfactor(const std::string& text, const std::string& where);

// "ts1" (every table, key "*") or "customer=ts2,stock=ts3".
std::map<std::string, std::string> parse_tablespace(const std::string& text,
                                                    const std::string& where);

// [A-Za-z_][A-Za-z0-9_$]{0,62}: a name that needs no quoting.
bool is_plain_identifier(const std::string& name);

// "NO,P,OS,D,SL": five non-negative weights summing to 100.
std::array<double, kTxnTypes> parse_mix(const std::string& text, const std::string& where);

// "OS,SL": the Order-Status and Stock-Level percent of the standbys,
// non-negative, summing to 100.
std::array<double, 2> parse_standby_mix(const std::string& text, const std::string& where);

// True when the weights sum to 100 (within rounding).
bool mix_sums_to_100(const std::array<double, kTxnTypes>& mix);

// "45,43,4,4,4"
std::string format_mix(const std::array<double, kTxnTypes>& mix);

// A number without trailing zeros: 45, 0.5.
std::string format_number(double v);

// Seconds as messages print them, to a tenth: 3.379147126 -> "3.4".
std::string format_seconds(double seconds);

}  // namespace tpcc
