#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <vector>

#include "spec/nurand.hpp"
#include "spec/random.hpp"

namespace {

struct NURandCase {
  int a, x, y;
};

// 2.1.6: the three uses of NURand and their ranges.
constexpr NURandCase kCases[] = {{255, 0, 999}, {1023, 1, 3000}, {8191, 1, 100000}};

// 2.1.6.1 restated independently of valid_c_last_delta().
bool delta_allowed(int c_load, int c_run) {
  const int delta = std::abs(c_run - c_load);
  return 65 <= delta && delta <= 119 && delta != 96 && delta != 112;
}

// Pearson's statistic of counts over [x, y] against a uniform distribution.
double chi_square_vs_uniform(const std::vector<long>& counts, long draws) {
  const double expected = static_cast<double>(draws) / static_cast<double>(counts.size());
  double chi2 = 0;
  for (long c : counts) chi2 += (c - expected) * (c - expected) / expected;
  return chi2;
}

}  // namespace

TEST_CASE("2.1.6 NURand(A, x, y) stays within x..y for A = 255, 1023 and 8191", "[nurand]") {
  tpcc::Random rng(1);
  for (const auto& k : kCases) {
    for (int c : {0, 1, k.a / 2, k.a - 1, k.a}) {
      INFO("A=" << k.a << " C=" << c);
      int min = k.y, max = k.x;
      long outside = 0;
      for (int i = 0; i < 200000; ++i) {
        const int v = tpcc::nurand(rng, k.a, k.x, k.y, c);
        if (v < k.x || v > k.y) ++outside;
        min = std::min(min, v);
        max = std::max(max, v);
      }
      CHECK(outside == 0);
      // The whole range is used, not only a part of it.
      const int span = k.y - k.x + 1;
      CHECK(min < k.x + span / 100);
      CHECK(max > k.y - span / 100);
    }
  }
}

TEST_CASE("2.1.6 the NURand helpers use A and C of their own field", "[nurand]") {
  // Catches swapped A values or constants (C_ID with OL_I_ID, for one).
  const tpcc::NURandConstants c{17, 345, 6789};
  tpcc::Random helper_rng(77), reference_rng(77);
  for (int i = 0; i < 1000; ++i) {
    REQUIRE(tpcc::nurand_last_name_number(helper_rng, c) ==
            tpcc::nurand(reference_rng, 255, 0, 999, 17));
    REQUIRE(tpcc::nurand_customer_id(helper_rng, c) ==
            tpcc::nurand(reference_rng, 1023, 1, 3000, 345));
    REQUIRE(tpcc::nurand_item_id(helper_rng, c) ==
            tpcc::nurand(reference_rng, 8191, 1, 100000, 6789));
  }
}

TEST_CASE("2.1.6 NURand equals the formula of the clause", "[nurand]") {
  // (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x, with the two
  // random draws taken in that order from the same generator.
  for (const auto& k : kCases) {
    tpcc::Random rng(5), replay(5);
    for (int i = 0; i < 10000; ++i) {
      const int c = static_cast<int>(i % (k.a + 1));
      const auto r1 = replay.uniform(0, k.a);
      const auto r2 = replay.uniform(k.x, k.y);
      const auto expected = (((r1 | r2) + c) % (k.y - k.x + 1)) + k.x;
      REQUIRE(tpcc::nurand(rng, k.a, k.x, k.y, c) == expected);
    }
  }
}

TEST_CASE("2.1.6 NURand is non-uniform", "[nurand]") {
  tpcc::Random rng(3);
  for (const auto& k : kCases) {
    INFO("A=" << k.a);
    const int span = k.y - k.x + 1;
    const long per_value = span <= 3000 ? 100 : 10;
    const long draws = per_value * span;
    std::vector<long> counts(static_cast<std::size_t>(span), 0);
    for (long i = 0; i < draws; ++i) {
      ++counts[static_cast<std::size_t>(tpcc::nurand(rng, k.a, k.x, k.y, 42) - k.x)];
    }
    // A uniform draw gives a statistic near span (the degrees of freedom);
    // the OR with random(0, A) skews it several times beyond that.
    CHECK(chi_square_vs_uniform(counts, draws) > 5.0 * span);
    // Some values are clearly more frequent than others.
    const auto [lo, hi] = std::minmax_element(counts.begin(), counts.end());
    CHECK(*hi >= 3 * per_value);
    CHECK(*lo <= per_value / 2);
  }
}

TEST_CASE("2.1.6 C-Load constants are within 0..A and use the whole range", "[nurand]") {
  tpcc::Random rng(11);
  tpcc::NURandConstants min{1 << 30, 1 << 30, 1 << 30}, max{-1, -1, -1};
  long outside = 0;
  for (int i = 0; i < 50000; ++i) {
    const auto c = tpcc::draw_load_constants(rng);
    if (c.c_last < 0 || c.c_last > 255 || c.c_id < 0 || c.c_id > 1023 || c.ol_i_id < 0 ||
        c.ol_i_id > 8191) {
      ++outside;
    }
    min = {std::min(min.c_last, c.c_last), std::min(min.c_id, c.c_id),
           std::min(min.ol_i_id, c.ol_i_id)};
    max = {std::max(max.c_last, c.c_last), std::max(max.c_id, c.c_id),
           std::max(max.ol_i_id, c.ol_i_id)};
  }
  CHECK(outside == 0);
  CHECK(min.c_last == 0);
  CHECK(max.c_last == 255);
  CHECK(min.c_id == 0);
  CHECK(max.c_id == 1023);
  CHECK(min.ol_i_id < 20);
  CHECK(max.ol_i_id > 8171);
}

TEST_CASE("2.1.6.1 valid_c_last_delta accepts exactly 65..119 without 96 and 112", "[nurand]") {
  CHECK_FALSE(tpcc::valid_c_last_delta(0, 64));
  CHECK(tpcc::valid_c_last_delta(0, 65));
  CHECK(tpcc::valid_c_last_delta(0, 95));
  CHECK_FALSE(tpcc::valid_c_last_delta(0, 96));
  CHECK(tpcc::valid_c_last_delta(0, 97));
  CHECK_FALSE(tpcc::valid_c_last_delta(0, 112));
  CHECK(tpcc::valid_c_last_delta(0, 119));
  CHECK_FALSE(tpcc::valid_c_last_delta(0, 120));
  CHECK_FALSE(tpcc::valid_c_last_delta(100, 100));
  // The delta is an absolute value: C-Run may be below C-Load.
  CHECK(tpcc::valid_c_last_delta(200, 135));
  CHECK_FALSE(tpcc::valid_c_last_delta(200, 104));
  CHECK_FALSE(tpcc::valid_c_last_delta(200, 88));
  CHECK(tpcc::valid_c_last_delta(255, 136));
  for (int load = 0; load <= 255; ++load) {
    for (int run = 0; run <= 255; ++run) {
      INFO("C-Load " << load << " C-Run " << run);
      REQUIRE(tpcc::valid_c_last_delta(load, run) == delta_allowed(load, run));
    }
  }
}

TEST_CASE("2.1.6.1 C-Run for C_LAST obeys the delta rule for every C-Load 0..255", "[nurand]") {
  tpcc::Random rng(2);
  for (int load = 0; load <= 255; ++load) {
    INFO("C-Load " << load);
    const tpcc::NURandConstants c_load{load, 500, 4000};
    std::set<int> allowed;
    for (int run = 0; run <= 255; ++run) {
      if (delta_allowed(load, run)) allowed.insert(run);
    }
    REQUIRE(allowed.size() >= 38);  // never empty: the draw always terminates

    std::set<int> seen;
    long bad = 0;
    for (int i = 0; i < 2000; ++i) {
      const auto run = tpcc::draw_run_constants(rng, c_load);
      if (!delta_allowed(load, run.c_last) || run.c_last < 0 || run.c_last > 255) ++bad;
      if (run.c_id < 0 || run.c_id > 1023 || run.ol_i_id < 0 || run.ol_i_id > 8191) ++bad;
      seen.insert(run.c_last);
    }
    CHECK(bad == 0);
    // Every allowed C-Run can be drawn (both below and above C-Load).
    CHECK(seen == allowed);
  }
}

TEST_CASE("2.1.6.1 C-Run drawn against random C-Loads always has a valid delta", "[nurand]") {
  tpcc::Random rng(8);
  long bad = 0;
  long c_id_equal = 0;
  constexpr int kDraws = 100000;
  for (int i = 0; i < kDraws; ++i) {
    const auto load = tpcc::draw_load_constants(rng);
    const auto run = tpcc::draw_run_constants(rng, load);
    const int delta = std::abs(run.c_last - load.c_last);
    if (delta < 65 || delta > 119 || delta == 96 || delta == 112) ++bad;
    if (run.c_id == load.c_id) ++c_id_equal;
  }
  CHECK(bad == 0);
  // C_ID's C-Run is drawn, not copied from C-Load.
  CHECK(c_id_equal < kDraws / 100);
}
