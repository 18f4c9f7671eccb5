#include "config/local_time.hpp"

namespace tpcc {

std::string format_local_time(std::time_t t, const char* format) {
  std::tm local{};
  localtime_r(&t, &local);
  char text[64];
  const std::size_t n = std::strftime(text, sizeof text, format, &local);
  return std::string(text, n);
}

}  // namespace tpcc
