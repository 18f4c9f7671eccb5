#include "report/results/result_dir.hpp"

#include <array>

namespace tpcc {
namespace {

// Java %t conversion -> strftime conversion.
struct Conversion {
  char java;
  const char* strftime;
};

constexpr std::array<Conversion, 16> kConversions = {{
    {'Y', "%Y"},
    {'y', "%y"},
    {'m', "%m"},
    {'d', "%d"},
    {'e', "%e"},
    {'H', "%H"},
    {'M', "%M"},
    {'S', "%S"},
    {'j', "%j"},
    {'B', "%B"},
    {'b', "%b"},
    {'A', "%A"},
    {'a', "%a"},
    {'F', "%Y-%m-%d"},
    {'T', "%H:%M:%S"},
    {'Z', "%Z"},
}};

std::string format_time(const char* conversion, const std::tm& tm) {
  std::array<char, 64> buf{};
  const auto n = std::strftime(buf.data(), buf.size(), conversion, &tm);
  std::string out(buf.data(), n);
  // Java's %te is the day without padding; strftime's %e pads with a space.
  if (!out.empty() && out[0] == ' ') out.erase(0, 1);
  return out;
}

}  // namespace

std::string expand_result_dir(const std::string& pattern, std::time_t start) {
  std::tm tm{};
  localtime_r(&start, &tm);
  std::string out;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '%' || i + 1 >= pattern.size()) {
      out += pattern[i];
      continue;
    }
    if (pattern[i + 1] == '%') {
      out += '%';
      ++i;
      continue;
    }
    const char kind = pattern[i + 1];
    if ((kind == 't' || kind == 'T') && i + 2 < pattern.size()) {
      const char java = pattern[i + 2];
      bool done = false;
      for (const auto& c : kConversions) {
        if (c.java == java) {
          out += format_time(c.strftime, tm);
          done = true;
          break;
        }
      }
      if (done) {
        i += 2;
        continue;
      }
    }
    out += pattern[i];
  }
  return out;
}

}  // namespace tpcc
