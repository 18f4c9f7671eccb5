// Seedable random numbers for the TPC-C rules (2.1.5, 4.3.2).
// The generator is defined here, not taken from <random>'s distributions,
// so that a seed gives the same rows with every compiler and library.
#pragma once

#include <cstdint>
#include <initializer_list>

namespace tpcc {

class Random {
 public:
  explicit Random(std::uint64_t seed);

  // An independent stream for (seed, a, b, ...): each table and warehouse of
  // the load gets its own, so rows do not depend on thread count or order.
  static Random stream(std::uint64_t seed, std::initializer_list<std::uint64_t> keys);

  std::uint64_t next();

  // 2.1.5 random(x, y): uniform integer in [lo, hi], unbiased.
  std::int64_t uniform(std::int64_t lo, std::int64_t hi);

  // Uniform double in [0, 1).
  double unit();

  // True with probability percent / 100; percent may be fractional.
  bool percent(double percent);

 private:
  std::uint64_t s_[4];
};

}  // namespace tpcc
