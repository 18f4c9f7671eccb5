#include "spec/text.hpp"

#include <array>
#include <string_view>

namespace tpcc {
namespace {

constexpr std::string_view kAlphanumeric =
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

constexpr std::array<std::string_view, 10> kSyllables = {"BAR", "OUGHT", "ABLE",  "PRI",   "PRES",
                                                         "ESE", "ANTI",  "CALLY", "ATION", "EING"};

constexpr std::string_view kOriginal = "ORIGINAL";

}  // namespace

// Characters drawn from one 64-bit random value. Each step takes the integer
// part of fraction × 62 and keeps the new fraction; after five steps the
// fraction still has over 50 significant bits, so the bias is below 2^-50.
constexpr int kCharactersPerDraw = 5;

__extension__ typedef unsigned __int128 uint128;

void append_a_string(Random& rng, int min_len, int max_len, std::string& out) {
  const auto len = static_cast<std::size_t>(rng.uniform(min_len, max_len));
  const std::size_t start = out.size();
  out.resize(start + len);
  char* chars = &out[start];
  for (std::size_t i = 0; i < len;) {
    std::uint64_t fraction = rng.next();
    for (int k = 0; k < kCharactersPerDraw && i < len; ++k, ++i) {
      const uint128 scaled = static_cast<uint128>(fraction) * kAlphanumeric.size();
      chars[i] = kAlphanumeric[static_cast<std::size_t>(scaled >> 64)];
      fraction = static_cast<std::uint64_t>(scaled);
    }
  }
}

std::string a_string(Random& rng, int min_len, int max_len) {
  std::string s;
  s.reserve(static_cast<std::size_t>(max_len));
  append_a_string(rng, min_len, max_len, s);
  return s;
}

std::string n_string(Random& rng, int min_len, int max_len) {
  const auto len = rng.uniform(min_len, max_len);
  std::string s;
  s.reserve(static_cast<std::size_t>(len));
  for (std::int64_t i = 0; i < len; ++i) s.push_back(static_cast<char>('0' + rng.uniform(0, 9)));
  return s;
}

std::string zip_code(Random& rng) { return n_string(rng, 4, 4) + "11111"; }

void append_last_name(int number, std::string& out) {
  out += kSyllables[static_cast<std::size_t>(number / 100)];
  out += kSyllables[static_cast<std::size_t>(number / 10 % 10)];
  out += kSyllables[static_cast<std::size_t>(number % 10)];
}

std::string last_name(int number) {
  std::string s;
  append_last_name(number, s);
  return s;
}

std::string item_or_stock_data(Random& rng) {
  std::string data = a_string(rng, 26, 50);
  if (rng.uniform(1, 10) == 1) {  // 10% of rows, drawn from ten equal outcomes
    const auto pos = rng.uniform(0, static_cast<std::int64_t>(data.size() - kOriginal.size()));
    data.replace(static_cast<std::size_t>(pos), kOriginal.size(), kOriginal);
  }
  return data;
}

}  // namespace tpcc
