// sysbench 1.0's random numbers (its sb_rand.c) over tpcc's Random: the
// distributions of --rand-type, which draw the row ids an event touches
// and the k of every row prepare writes, and sb_rand_str, which fills the
// c and pad columns from a template. The arithmetic is sysbench's, step for
// step (the same doubles, the same truncations), so that the shape of each
// distribution, the special one's hot window above all, is the one sysbench
// users know; the stream of numbers is tpcc's own (seeded, per terminal).
#pragma once

#include <cstdint>
#include <string>

#include "config/workload_options.hpp"
#include "spec/random.hpp"

namespace tpcc {

// oltp_common.lua's templates: '#' is a random digit. c: 10 groups of 11
// digits joined by '-' (119 characters in a CHAR(120)); pad: 5 groups (59 in
// a CHAR(60)).
inline constexpr const char* kSysbenchCTemplate =
    "###########-###########-###########-###########-###########-###########-###########-"
    "###########-###########-###########";
inline constexpr const char* kSysbenchPadTemplate =
    "###########-###########-###########-###########-###########";

// --rand-type with its parameters, the constants sb_rand_init computes
// worked out once.
class SysbenchDistribution {
 public:
  explicit SysbenchDistribution(const OltpOptions& options);

  // sb_rand_default(lo, hi): an integer in [lo, hi] by --rand-type.
  std::int64_t draw(Random& rng, std::int64_t lo, std::int64_t hi) const;

  RandType type() const { return type_; }

 private:
  std::int64_t gaussian(Random& rng, std::int64_t lo, std::int64_t hi) const;
  std::int64_t special(Random& rng, std::int64_t lo, std::int64_t hi) const;
  std::int64_t pareto(Random& rng, std::int64_t lo, std::int64_t hi) const;
  std::int64_t zipfian(Random& rng, std::int64_t lo, std::int64_t hi) const;

  RandType type_;
  int iterations_;         // --rand-spec-iter
  double iteration_mult_;  // 1 / iterations
  double pct_mult_;        // --rand-spec-pct / 100
  double pct_2_mult_;      // --rand-spec-pct / 200
  double res_mult_;        // 100 / (100 - --rand-spec-res)
  double pareto_power_;    // log(h) / log(1 - h)
  double zipf_exp_;        // --rand-zipfian-exp
  double zipf_s_;
  double zipf_h_integral_x1_;
};

// sb_rand_uniform(lo, hi): lo + unit * (hi - lo + 1), truncated.
std::int64_t sysbench_uniform(Random& rng, std::int64_t lo, std::int64_t hi);

// One draw of --rand-type over [lo, hi] (sysbench.rand.default); the
// engine's events keep a SysbenchDistribution instead of rebuilding it.
std::int64_t sysbench_rand(const OltpOptions& options, Random& rng, std::int64_t lo,
                           std::int64_t hi);

// sb_rand_str: the template with each '#' replaced by a random digit and
// each '@' by a random lower-case letter; other characters stay.
std::string sysbench_rand_str(const char* pattern, Random& rng);
// The same into `out` (its buffer reused).
void fill_sysbench_rand_str(std::string& out, const char* pattern, Random& rng);
// The same for prepare's c and pad (150 digits a row), at a tenth of the
// generator calls: the digits come 11 at a time from one 64-bit draw, read
// as a fraction of 2^64 and multiplied by 10 once a digit (the integer
// part is the digit, the rest the fraction for the next): each of the 10^11
// sequences of 11 digits has the chance 10^-11 to within a relative 2^-27
// (2^64 / 10^11 draws give it). '@' is drawn as in sb_rand_str.
void fill_sysbench_digits(std::string& out, const char* pattern, Random& rng);

}  // namespace tpcc
