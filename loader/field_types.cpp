#include "loader/field_types.hpp"

#include "loader/copy_format.hpp"

namespace tpcc {

std::string format_money(Money m) {
  std::string out;
  copy_format::copy_field(out, m);
  return out;
}

std::string format_rate4(Rate4 r) {
  std::string out;
  copy_format::copy_field(out, r);
  return out;
}

}  // namespace tpcc
