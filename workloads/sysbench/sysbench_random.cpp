#include "workloads/sysbench/sysbench_random.hpp"

#include <algorithm>
#include <cmath>

namespace tpcc {
namespace {

__extension__ typedef unsigned __int128 uint128;

// The Zipfian helpers of sb_rand.c (after Apache Commons RNG's
// rejection-inversion sampler): H(x), its inverse and h(x) = x^-e.

// log(1 + x) / x, by its Taylor series near 0.
double helper1(double x) {
  if (std::fabs(x) > 1e-8) return std::log1p(x) / x;
  return 1 - x * (0.5 - x * (0.33333333333333333 - 0.25 * x));
}

// (exp(x) - 1) / x, by its Taylor series near 0.
double helper2(double x) {
  if (std::fabs(x) > 1e-8) return std::expm1(x) / x;
  return 1 + x * 0.5 * (1 + x * 0.33333333333333333 * (1 + 0.25 * x));
}

double h_integral(double x, double e) {
  const double log_x = std::log(x);
  return helper2((1 - e) * log_x) * log_x;
}

double h(double x, double e) { return std::exp(-e * std::log(x)); }

double h_integral_inverse(double x, double e) {
  // Limited to [-1, +inf): numerical error can take it just below.
  const double t = std::max(-1.0, x * (1 - e));
  return std::exp(helper1(t) * x);
}

std::int64_t clamp_to(std::int64_t value, std::int64_t lo, std::int64_t hi) {
  return std::min(hi, std::max(lo, value));
}

}  // namespace

SysbenchDistribution::SysbenchDistribution(const OltpOptions& options)
    : type_(options.rand_type),
      iterations_(std::max(1, options.rand_spec_iter)),
      iteration_mult_(1.0 / iterations_),
      pct_mult_(options.rand_spec_pct / 100.0),
      pct_2_mult_(options.rand_spec_pct / 200.0),
      res_mult_(options.rand_spec_res >= 100 ? 0 : 100.0 / (100.0 - options.rand_spec_res)),
      pareto_power_(std::log(options.rand_pareto_h) / std::log(1.0 - options.rand_pareto_h)),
      zipf_exp_(options.rand_zipfian_exp),
      zipf_s_(2 - h_integral_inverse(h_integral(2.5, zipf_exp_) - h(2, zipf_exp_), zipf_exp_)),
      zipf_h_integral_x1_(h_integral(1.5, zipf_exp_) - 1) {}

std::int64_t SysbenchDistribution::draw(Random& rng, std::int64_t lo, std::int64_t hi) const {
  switch (type_) {
    case RandType::Uniform: return sysbench_uniform(rng, lo, hi);
    case RandType::Gaussian: return gaussian(rng, lo, hi);
    case RandType::Special: return special(rng, lo, hi);
    case RandType::Pareto: return pareto(rng, lo, hi);
    case RandType::Zipfian: return zipfian(rng, lo, hi);
  }
  return lo;
}

// The mean of --rand-spec-iter uniform draws over the range.
std::int64_t SysbenchDistribution::gaussian(Random& rng, std::int64_t lo, std::int64_t hi) const {
  const double t = static_cast<double>(hi - lo + 1);
  double sum = 0;
  for (int i = 0; i < iterations_; ++i) sum += rng.unit() * t;
  return clamp_to(lo + static_cast<std::int64_t>(sum * iteration_mult_), lo, hi);
}

// --rand-spec-res percent of the values fall uniformly in a window of
// --rand-spec-pct percent of the range around its middle; the rest are
// gaussian over the whole range. One uniform draw decides which, and (as in
// sysbench) is reused for the place in the window, so the hot values cover
// the window's upper res percent.
std::int64_t SysbenchDistribution::special(Random& rng, std::int64_t lo, std::int64_t hi) const {
  const double t = static_cast<double>(hi - lo);
  const double rnd = rng.unit();
  // --rand-spec-res 100: every value is special (sysbench's multiplier is
  // infinite then).
  if (res_mult_ > 0 && rnd * t * res_mult_ < t) {
    double sum = 0;
    for (int i = 0; i < iterations_; ++i) sum += rng.unit();
    return clamp_to(static_cast<std::int64_t>(static_cast<double>(lo) + sum * t * iteration_mult_),
                    lo, hi);
  }
  const double d = t * pct_mult_;
  const double res = rnd * (d + 1) + t / 2 - t * pct_2_mult_;
  return clamp_to(lo + static_cast<std::int64_t>(res), lo, hi);
}

std::int64_t SysbenchDistribution::pareto(Random& rng, std::int64_t lo, std::int64_t hi) const {
  const double t = static_cast<double>(hi - lo + 1);
  return clamp_to(lo + static_cast<std::int64_t>(t * std::pow(rng.unit(), pareto_power_)), lo, hi);
}

// Rejection-inversion sampling of a bounded Zipf distribution over 1..n,
// shifted to start at lo.
std::int64_t SysbenchDistribution::zipfian(Random& rng, std::int64_t lo, std::int64_t hi) const {
  const std::int64_t n = hi - lo + 1;
  const double e = zipf_exp_;
  const double h_integral_n = h_integral(static_cast<double>(n) + 0.5, e);
  for (;;) {
    const double u = h_integral_n + rng.unit() * (zipf_h_integral_x1_ - h_integral_n);
    const double x = h_integral_inverse(u, e);
    const std::int64_t k = clamp_to(static_cast<std::int64_t>(x + 0.5), 1, n);
    const double kd = static_cast<double>(k);
    if (kd - x <= zipf_s_ || u >= h_integral(kd + 0.5, e) - h(kd, e)) return lo + k - 1;
  }
}

std::int64_t sysbench_uniform(Random& rng, std::int64_t lo, std::int64_t hi) {
  const double t = static_cast<double>(hi - lo + 1);
  return clamp_to(lo + static_cast<std::int64_t>(rng.unit() * t), lo, hi);
}

std::int64_t sysbench_rand(const OltpOptions& options, Random& rng, std::int64_t lo,
                           std::int64_t hi) {
  return SysbenchDistribution(options).draw(rng, lo, hi);
}

void fill_sysbench_rand_str(std::string& out, const char* pattern, Random& rng) {
  out.assign(pattern);
  for (char& c : out) {
    if (c == '#')
      c = static_cast<char>(sysbench_uniform(rng, '0', '9'));
    else if (c == '@')
      c = static_cast<char>(sysbench_uniform(rng, 'a', 'z'));
  }
}

void fill_sysbench_digits(std::string& out, const char* pattern, Random& rng) {
  // A template's group of digits; 10^11 < 2^37 leaves 27 bits to spare.
  constexpr int kDigitsPerDraw = 11;
  out.assign(pattern);
  std::uint64_t fraction = 0;
  int digits_left = 0;
  for (char& c : out) {
    if (c == '#') {
      if (digits_left == 0) {
        fraction = rng.next();
        digits_left = kDigitsPerDraw;
      }
      const uint128 scaled = static_cast<uint128>(fraction) * 10;
      c = static_cast<char>('0' + static_cast<int>(scaled >> 64));
      fraction = static_cast<std::uint64_t>(scaled);
      --digits_left;
    } else if (c == '@') {
      c = static_cast<char>(sysbench_uniform(rng, 'a', 'z'));
    }
  }
}

std::string sysbench_rand_str(const char* pattern, Random& rng) {
  std::string out;
  fill_sysbench_rand_str(out, pattern, rng);
  return out;
}

}  // namespace tpcc
