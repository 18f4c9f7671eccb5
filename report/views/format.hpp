// Number formatting shared by the console lines, the summary and the CSV
// file. Always the C locale's decimal point, so files parse anywhere.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace tpcc {

// v with exactly `decimals` digits after the point ("12.30").
std::string fixed(double v, int decimals);

// v as fixed() writes it, "-" for none.
std::string fixed_or_dash(const std::optional<double>& v, int decimals);

// A latency given in microseconds, in milliseconds with precision that suits
// its size: "0.45ms", "12.3ms", "2041ms".
std::string format_ms(double micros);

// A response-time limit: "5 s", "20 s", "0.5 s".
std::string limit_text(double seconds);

// A latency in microseconds as milliseconds for tables: fixed width
// friendly, two decimals below 100 ms, one above ("0.45", "123.4").
std::string ms_value(double micros);

// A per-second rate: "0" when zero, else two decimals below 10, one above.
std::string format_rate(double per_second);

// part / whole × 100 (0 when whole is 0).
double percent(std::int64_t part, std::int64_t whole);

}  // namespace tpcc
