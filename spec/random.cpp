#include "spec/random.hpp"

namespace tpcc {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// 128-bit product for Lemire's method; __extension__ keeps -Wpedantic quiet.
__extension__ typedef unsigned __int128 uint128;

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

Random::Random(std::uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

Random Random::stream(std::uint64_t seed, std::initializer_list<std::uint64_t> keys) {
  std::uint64_t mixed = seed;
  for (std::uint64_t key : keys) {
    std::uint64_t x = mixed ^ (key + 0x632be59bd9b4e019ULL);
    mixed = splitmix64(x);
  }
  return Random(mixed);
}

// xoshiro256**: fast, small state, good statistical quality.
std::uint64_t Random::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::int64_t Random::uniform(std::int64_t lo, std::int64_t hi) {
  // Unsigned arithmetic: hi - lo may exceed INT64_MAX.
  const std::uint64_t range = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
  if (range == 0) return static_cast<std::int64_t>(next());  // the full 64-bit range
  // Lemire's multiply-and-reject: no modulo bias.
  uint128 m = static_cast<uint128>(next()) * range;
  auto low = static_cast<std::uint64_t>(m);
  if (low < range) {
    const std::uint64_t threshold = (0 - range) % range;
    while (low < threshold) {
      m = static_cast<uint128>(next()) * range;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(lo) +
                                   static_cast<std::uint64_t>(m >> 64));
}

double Random::unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

bool Random::percent(double percent) { return unit() * 100.0 < percent; }

}  // namespace tpcc
