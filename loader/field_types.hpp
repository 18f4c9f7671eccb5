// Column value types of the generated rows: exact decimals held as integers,
// and a timestamp or integer that may be NULL. loader/copy_format.hpp
// writes them as COPY text or SQL literals.
#pragma once

#include <cstdint>
#include <string>

namespace tpcc {

// decimal(N,2): an amount in cents.
struct Money {
  std::int64_t cents = 0;
};

// decimal(4,4): a rate in ten-thousandths (W_TAX, D_TAX, C_DISCOUNT).
struct Rate4 {
  int ten_thousandths = 0;
};

// timestamp text, or NULL when text is null.
struct NullableTimestamp {
  const std::string* text = nullptr;  // points at the load's timestamp text
  bool is_null() const { return text == nullptr; }
};

// integer or NULL.
struct NullableInt {
  int value = 0;
  bool null_value = false;
};

// "-10.00", "0.1234": the text both writers send.
std::string format_money(Money m);
std::string format_rate4(Rate4 r);

}  // namespace tpcc
