// pgbench 15's random functions, hashes and permute, drawing from tpcc's
// Random where pgbench draws from its client's generator: the same
// algorithms (Box-Muller with its cut-off, the exponential's inverse
// transform, Devroye's rejection method for the zipfian), so the same
// distributions, though not pgbench's exact sequences for a seed.
#pragma once

#include <cstdint>

#include "spec/random.hpp"

namespace tpcc::pgbench {

// pgbench's limits on the parameters, checked by the evaluator with
// pgbench's messages before these run.
constexpr double kMinGaussianParam = 2.0;
constexpr double kMinZipfianParam = 1.001;
constexpr double kMaxZipfianParam = 1000.0;

// random(min, max): uniform in [min, max]; max - min + 1 must fit a bigint.
std::int64_t random_uniform(Random& rng, std::int64_t min, std::int64_t max);

// random_gaussian(min, max, param): a normal draw cut at +-param standard
// deviations, mapped onto [min, max]; param >= 2.
std::int64_t random_gaussian(Random& rng, std::int64_t min, std::int64_t max, double param);

// random_exponential(min, max, param): the density at max is exp(-param)
// of the one at min; param > 0.
std::int64_t random_exponential(Random& rng, std::int64_t min, std::int64_t max, double param);

// random_zipfian(min, max, s): min is the most frequent; 1.001 <= s <= 1000.
std::int64_t random_zipfian(Random& rng, std::int64_t min, std::int64_t max, double s);

// hash_murmur2 and hash_fnv1a of a bigint with a seed: pgbench's exact
// figures (they use no generator).
std::int64_t hash_murmur2(std::int64_t value, std::int64_t seed);
std::int64_t hash_fnv1a(std::int64_t value, std::int64_t seed);

// permute(value, size, seed): pgbench's pseudorandom permutation of
// [0, size), with PostgreSQL's own generator seeded by `seed`, so the exact
// figures of pgbench; size > 0.
std::int64_t permute(std::int64_t value, std::int64_t size, std::int64_t seed);

}  // namespace tpcc::pgbench
