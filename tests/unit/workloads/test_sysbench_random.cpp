#include <catch2/catch.hpp>

#include <cmath>
#include <regex>
#include <vector>

#include "spec/random.hpp"
#include "workloads/sysbench/sysbench_random.hpp"

namespace {

using tpcc::OltpOptions;
using tpcc::Random;
using tpcc::RandType;
using tpcc::SysbenchDistribution;

OltpOptions with_type(RandType type) {
  OltpOptions options;
  options.rand_type = type;
  return options;
}

// Share of `draws` draws over [lo, hi] that land in [from, to].
double share_in(const SysbenchDistribution& dist, std::int64_t lo, std::int64_t hi,
                std::int64_t from, std::int64_t to, int draws = 200000) {
  Random rng(7);
  int in = 0;
  for (int i = 0; i < draws; ++i) {
    const std::int64_t v = dist.draw(rng, lo, hi);
    if (from <= v && v <= to) ++in;
  }
  return static_cast<double>(in) / draws;
}

}  // namespace

TEST_CASE("sysbench distributions: every --rand-type draws within [lo, hi]", "[workloads]") {
  for (const RandType type : {RandType::Uniform, RandType::Gaussian, RandType::Special,
                              RandType::Pareto, RandType::Zipfian}) {
    const SysbenchDistribution dist(with_type(type));
    Random rng(1);
    for (const auto& [lo, hi] : std::vector<std::pair<std::int64_t, std::int64_t>>{
             {1, 1}, {1, 2}, {1, 1000}, {5, 17}, {1, 10000000}}) {
      std::int64_t least = hi, most = lo;
      for (int i = 0; i < 20000; ++i) {
        const std::int64_t v = dist.draw(rng, lo, hi);
        REQUIRE(lo <= v);
        REQUIRE(v <= hi);
        least = std::min(least, v);
        most = std::max(most, v);
      }
      if (hi - lo < 2) {
        // Both ends of a range of two are reached by every distribution.
        CHECK(least == lo);
        CHECK(most == hi);
      }
    }
  }
}

TEST_CASE("sysbench uniform distribution: each id about equally often", "[workloads]") {
  const SysbenchDistribution dist(with_type(RandType::Uniform));
  for (int id = 1; id <= 10; ++id) {
    const double share = share_in(dist, 1, 10, id, id);
    CHECK(share > 0.095);
    CHECK(share < 0.105);
  }
}

// sb_rand_special with the defaults (--rand-spec-pct 1, --rand-spec-res
// 75): 75% of the draws fall in the 1% of the range around its middle, the
// rest spread gaussian over all of it (and a few of those land there too).
TEST_CASE("sysbench special distribution: the hot 1 percent of ids takes 75 percent of draws",
          "[workloads]") {
  OltpOptions options = with_type(RandType::Special);
  const SysbenchDistribution dist(options);
  // t = 9999: the window is 1 + [4999.5 - 49.995, 4999.5 + 49.995 + 1].
  const double hot = share_in(dist, 1, 10000, 4950, 5051);
  CHECK(hot > 0.75);
  CHECK(hot < 0.78);
  // Nothing else is as dense: a window as wide elsewhere gets far less.
  CHECK(share_in(dist, 1, 10000, 2000, 2101) < 0.01);

  options.rand_spec_res = 50;
  const double half = share_in(SysbenchDistribution(options), 1, 10000, 4950, 5051);
  CHECK(half > 0.50);
  CHECK(half < 0.54);

  options.rand_spec_res = 100;
  CHECK(share_in(SysbenchDistribution(options), 1, 10000, 4950, 5051) == 1.0);
}

// The mean of 12 uniform draws: sd 1/12 of the range, so about 77% of the
// draws within 10% of the range of its middle.
TEST_CASE("sysbench gaussian distribution: draws gather around the middle", "[workloads]") {
  const SysbenchDistribution dist(with_type(RandType::Gaussian));
  const double middle = share_in(dist, 1, 1000, 401, 600);
  CHECK(middle > 0.74);
  CHECK(middle < 0.80);
}

// With h = 0.2 the power is log(0.2) / log(0.8): P(x < 0.2 t) = 0.8.
TEST_CASE("sysbench pareto distribution: h 0.2 puts 80 percent of draws in the first 20 percent",
          "[workloads]") {
  const SysbenchDistribution dist(with_type(RandType::Pareto));
  const double low = share_in(dist, 1, 1000, 1, 200);
  CHECK(low > 0.79);
  CHECK(low < 0.81);
}

// P(k) proportional to 1 / k^e: id 1 is drawn 2^0.8 times as often as 2.
TEST_CASE("sysbench zipfian distribution: frequencies fall as 1 over k to the exponent",
          "[workloads]") {
  const SysbenchDistribution dist(with_type(RandType::Zipfian));
  const double one = share_in(dist, 1, 1000, 1, 1, 400000);
  const double two = share_in(dist, 1, 1000, 2, 2, 400000);
  CHECK(one / two == Approx(std::pow(2.0, 0.8)).epsilon(0.06));
  OltpOptions flat = with_type(RandType::Zipfian);
  flat.rand_zipfian_exp = 0;
  const SysbenchDistribution uniform(flat);
  CHECK(share_in(uniform, 1, 10, 1, 1) == Approx(0.1).epsilon(0.05));
}

TEST_CASE("sysbench_rand: one draw by the options' --rand-type", "[workloads]") {
  const OltpOptions options = with_type(RandType::Pareto);
  Random a(3), b(3);
  const SysbenchDistribution dist(options);
  for (int i = 0; i < 100; ++i)
    CHECK(tpcc::sysbench_rand(options, a, 1, 500) == dist.draw(b, 1, 500));
}

TEST_CASE("sysbench rand string: c is 10 and pad 5 groups of 11 digits joined by dashes",
          "[workloads]") {
  Random rng(11);
  const std::regex c_shape(R"(\d{11}(-\d{11}){9})");
  const std::regex pad_shape(R"(\d{11}(-\d{11}){4})");
  std::vector<int> digits(10, 0);
  for (int i = 0; i < 200; ++i) {
    const std::string c = tpcc::sysbench_rand_str(tpcc::kSysbenchCTemplate, rng);
    const std::string pad = tpcc::sysbench_rand_str(tpcc::kSysbenchPadTemplate, rng);
    CHECK(c.size() == 119);
    CHECK(pad.size() == 59);
    CHECK(std::regex_match(c, c_shape));
    CHECK(std::regex_match(pad, pad_shape));
    for (const char ch : c) {
      if (ch != '-') ++digits[static_cast<std::size_t>(ch - '0')];
    }
  }
  // Every digit turns up (sb_rand_uniform('0', '9')).
  for (const int count : digits) CHECK(count > 0);
  CHECK(tpcc::sysbench_rand_str("a-@#", rng).substr(0, 2) == "a-");
  const std::string letters = tpcc::sysbench_rand_str("@@@@", rng);
  for (const char ch : letters) CHECK((ch >= 'a' && ch <= 'z'));
}

TEST_CASE("sysbench digits: the templates' shape, every digit as often in every place",
          "[workloads]") {
  tpcc::Random rng(17);
  const std::regex c_shape(R"(\d{11}(-\d{11}){9})");
  constexpr int kRows = 2000;
  // Digit counts per place in a group of 11, and neighbours alike.
  std::vector<std::vector<int>> by_place(11, std::vector<int>(10, 0));
  int digits = 0;
  int alike = 0;
  std::string c;
  for (int i = 0; i < kRows; ++i) {
    tpcc::fill_sysbench_digits(c, tpcc::kSysbenchCTemplate, rng);
    REQUIRE(std::regex_match(c, c_shape));
    for (std::size_t at = 0; at < c.size(); ++at) {
      if (c[at] == '-') continue;
      ++digits;
      ++by_place[at % 12][static_cast<std::size_t>(c[at] - '0')];
      if (at + 1 < c.size() && c[at + 1] == c[at]) ++alike;
    }
  }
  // 2,000 expected of each digit in each place (10 groups a row): a
  // standard deviation of 42, so 1,800..2,200 is about 5 of them.
  for (const auto& place : by_place) {
    for (const int count : place) {
      CHECK(count > 1800);
      CHECK(count < 2200);
    }
  }
  // One neighbour in ten is the same digit (200,000 pairs: 20,000 +- 134).
  const int pairs = kRows * 10 * 10;
  CHECK(alike > pairs / 10 - 700);
  CHECK(alike < pairs / 10 + 700);
  CHECK(digits == kRows * 110);
  std::string letters;
  tpcc::fill_sysbench_digits(letters, "@@-#", rng);
  CHECK(letters[2] == '-');
  CHECK((letters[0] >= 'a' && letters[0] <= 'z'));
  CHECK((letters[3] >= '0' && letters[3] <= '9'));
}
