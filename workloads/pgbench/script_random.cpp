#include "workloads/pgbench/script_random.hpp"

#include <cmath>

namespace tpcc::pgbench {
namespace {

constexpr double kPi = 3.14159265358979323846;

// The constants of pgbench's hashes.
constexpr std::uint64_t kFnvPrime = 0x100000001b3ULL;
constexpr std::uint64_t kFnvOffsetBasis = 0xcbf29ce484222325ULL;
constexpr std::uint64_t kMurmurMul = 0xc6a4a7935bd1e995ULL;
constexpr std::uint64_t kMurmurMulTimes8 = 0x35253c9ade8f4ca8ULL;
constexpr int kMurmurRot = 47;

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// PostgreSQL's pg_prng (xoroshiro128**, seeded through splitmix64): permute
// must give pgbench's figures for a seed, so it uses the same generator.
class PgPrng {
 public:
  explicit PgPrng(std::uint64_t seed) {
    s0_ = splitmix64(seed);
    s1_ = splitmix64(seed);
    if (s0_ == 0 && s1_ == 0) s0_ = 1;  // the all-zero state is a fixed point
  }

  std::uint64_t next() {
    const std::uint64_t s0 = s0_;
    const std::uint64_t sx = s1_ ^ s0;
    const std::uint64_t val = rotl(s0 * 5, 7) * 9;
    s0_ = rotl(s0, 24) ^ sx ^ (sx << 16);
    s1_ = rotl(sx, 37);
    return val;
  }

  // Uniform in [lo, hi] by rejection of the top bits, as pg_prng does.
  std::uint64_t range(std::uint64_t lo, std::uint64_t hi) {
    if (hi <= lo) return lo;
    const std::uint64_t span = hi - lo;
    const int shift = __builtin_clzll(span);
    std::uint64_t val = 0;
    do {
      val = next() >> shift;
    } while (val > span);
    return lo + val;
  }

 private:
  static std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t val = (state += 0x9E3779B97f4A7C15ULL);
    val = (val ^ (val >> 30)) * 0xBF58476D1CE4E5B9ULL;
    val = (val ^ (val >> 27)) * 0x94D049BB133111EBULL;
    return val ^ (val >> 31);
  }

  std::uint64_t s0_ = 0;
  std::uint64_t s1_ = 0;
};

// Devroye, "Non-Uniform Random Variate Generation" (1986), p. 550-551: a
// zipfian value in [1, n] by rejection, for s > 1.
std::int64_t iterative_zipfian(Random& rng, std::int64_t n, double s) {
  if (n <= 1) return 1;
  const double b = std::pow(2.0, s - 1.0);
  for (;;) {
    const double u = rng.unit();
    const double v = rng.unit();
    const double x = std::floor(std::pow(u, -1.0 / (s - 1.0)));
    const double t = std::pow(1.0 + 1.0 / x, s - 1.0);
    if (v * x * (t - 1.0) / (b - 1.0) <= t / b && x <= static_cast<double>(n)) {
      return static_cast<std::int64_t>(x);
    }
  }
}

}  // namespace

std::int64_t random_uniform(Random& rng, std::int64_t min, std::int64_t max) {
  return rng.uniform(min, max);
}

std::int64_t random_gaussian(Random& rng, std::int64_t min, std::int64_t max, double param) {
  double stdev = 0;
  // Box-Muller's basic form wants (0, 1]; unit() gives [0, 1). Values
  // beyond +-param are drawn again: at param 2 one draw in about 11.
  do {
    const double rand1 = 1.0 - rng.unit();
    const double rand2 = 1.0 - rng.unit();
    stdev = std::sqrt(-2.0 * std::log(rand1)) * std::sin(2.0 * kPi * rand2);
  } while (stdev < -param || stdev >= param);
  const double rand = (stdev + param) / (param * 2.0);  // in [0, 1)
  return min + static_cast<std::int64_t>(static_cast<double>(max - min + 1) * rand);
}

std::int64_t random_exponential(Random& rng, std::int64_t min, std::int64_t max, double param) {
  const double cut = std::exp(-param);
  const double uniform = 1.0 - rng.unit();                             // (0, 1]
  const double rand = -std::log(cut + (1.0 - cut) * uniform) / param;  // [0, 1)
  return min + static_cast<std::int64_t>(static_cast<double>(max - min + 1) * rand);
}

std::int64_t random_zipfian(Random& rng, std::int64_t min, std::int64_t max, double s) {
  return min - 1 + iterative_zipfian(rng, max - min + 1, s);
}

std::int64_t hash_murmur2(std::int64_t value, std::int64_t seed) {
  std::uint64_t result = static_cast<std::uint64_t>(seed) ^ kMurmurMulTimes8;
  std::uint64_t k = static_cast<std::uint64_t>(value);
  k *= kMurmurMul;
  k ^= k >> kMurmurRot;
  k *= kMurmurMul;
  result ^= k;
  result *= kMurmurMul;
  result ^= result >> kMurmurRot;
  result *= kMurmurMul;
  result ^= result >> kMurmurRot;
  return static_cast<std::int64_t>(result);
}

std::int64_t hash_fnv1a(std::int64_t value, std::int64_t seed) {
  std::uint64_t result = kFnvOffsetBasis ^ static_cast<std::uint64_t>(seed);
  std::uint64_t v = static_cast<std::uint64_t>(value);
  for (int i = 0; i < 8; ++i) {
    result ^= v & 0xff;
    result *= kFnvPrime;
    v >>= 8;
  }
  return static_cast<std::int64_t>(result);
}

std::int64_t permute(std::int64_t value, std::int64_t isize, std::int64_t seed) {
  if (isize < 2) return 0;
  PgPrng prng(static_cast<std::uint64_t>(seed));
  const auto size = static_cast<std::uint64_t>(isize);
  std::uint64_t v = static_cast<std::uint64_t>(value) % size;
  // Work modulo the largest power of 2 not above size.
  const int masklen = 63 - __builtin_clzll(size);
  const std::uint64_t mask = (std::uint64_t{1} << masklen) - 1;
  // Six rounds of a random odd multiply, xor and rotate on the lower and
  // the upper overlapping halves, then a random offset modulo size.
  for (int round = 0; round < 6; ++round) {
    std::uint64_t m = (prng.next() & mask) | 1;
    std::uint64_t r = prng.next() & mask;
    if (v <= mask) {
      v = ((v * m) ^ r) & mask;
      v = ((v << 1) & mask) | (v >> (masklen - 1));
    }
    m = (prng.next() & mask) | 1;
    r = prng.next() & mask;
    std::uint64_t t = size - 1 - v;
    if (t <= mask) {
      t = ((t * m) ^ r) & mask;
      t = ((t << 1) & mask) | (t >> (masklen - 1));
      v = size - 1 - t;
    }
    r = prng.range(0, size - 1);
    v = (v + r) % size;
  }
  return static_cast<std::int64_t>(v);
}

}  // namespace tpcc::pgbench
