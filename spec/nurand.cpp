#include "spec/nurand.hpp"

#include <cstdio>
#include <cstdlib>

#include "spec/constants.hpp"

namespace tpcc {

int nurand(Random& rng, int a, int x, int y, int c) {
  const auto r1 = rng.uniform(0, a);
  const auto r2 = rng.uniform(x, y);
  return static_cast<int>((((r1 | r2) + c) % (y - x + 1)) + x);
}

NURandConstants draw_load_constants(Random& rng) {
  NURandConstants c;
  c.c_last = static_cast<int>(rng.uniform(0, kNURandLastNameA));
  c.c_id = static_cast<int>(rng.uniform(0, kNURandCustomerIdA));
  c.ol_i_id = static_cast<int>(rng.uniform(0, kNURandItemIdA));
  return c;
}

bool valid_c_last_delta(int c_load, int c_run) {
  const int delta = std::abs(c_run - c_load);
  return delta >= 65 && delta <= 119 && delta != 96 && delta != 112;
}

std::string nurand_constants_text(const NURandConstants& c) {
  return "C_LAST " + std::to_string(c.c_last) + ", C_ID " + std::to_string(c.c_id) + ", OL_I_ID " +
         std::to_string(c.ol_i_id);
}

std::optional<NURandConstants> parse_nurand_constants(const std::string& text) {
  NURandConstants c;
  int end = 0;
  if (std::sscanf(text.c_str(), "C_LAST %d, C_ID %d, OL_I_ID %d%n", &c.c_last, &c.c_id, &c.ol_i_id,
                  &end) != 3 ||
      static_cast<std::size_t>(end) != text.size()) {
    return std::nullopt;
  }
  const auto within = [](int value, int a) { return value >= 0 && value <= a; };
  if (!within(c.c_last, kNURandLastNameA) || !within(c.c_id, kNURandCustomerIdA) ||
      !within(c.ol_i_id, kNURandItemIdA)) {
    return std::nullopt;
  }
  return c;
}

NURandConstants draw_run_constants(Random& rng, const NURandConstants& load) {
  NURandConstants c;
  // Rejection sampling over [0, 255]: at least 38 values are always valid.
  do {
    c.c_last = static_cast<int>(rng.uniform(0, kNURandLastNameA));
  } while (!valid_c_last_delta(load.c_last, c.c_last));
  c.c_id = static_cast<int>(rng.uniform(0, kNURandCustomerIdA));
  c.ol_i_id = static_cast<int>(rng.uniform(0, kNURandItemIdA));
  return c;
}

int nurand_last_name_number(Random& rng, const NURandConstants& c) {
  return nurand(rng, kNURandLastNameA, 0, 999, c.c_last);
}

int nurand_customer_id(Random& rng, const NURandConstants& c) {
  return nurand(rng, kNURandCustomerIdA, 1, kCustomersPerDistrict, c.c_id);
}

int nurand_item_id(Random& rng, const NURandConstants& c) {
  return nurand(rng, kNURandItemIdA, 1, kItems, c.ol_i_id);
}

}  // namespace tpcc
