// How Payment and Order-Status name their customer (2.5.1.2, 2.6.1.2):
// by last name 60% of the time, by customer number otherwise, and which of
// several customers with that last name is meant (2.5.2.2, 2.6.2.2).
#pragma once

#include <string>

#include "spec/nurand.hpp"
#include "spec/random.hpp"

namespace tpcc {

struct CustomerSelector {
  bool by_last_name = false;
  int c_id = 0;        // when !by_last_name: NURand(1023, 1, 3000)
  std::string c_last;  // when by_last_name: the name of NURand(255, 0, 999)
};

// 2.5.1.2 / 2.6.1.2: y = random(1, 100); y <= 60 selects by C_LAST, drawn
// with the run's constant C (2.1.6.1); otherwise by C_ID. Pure.
CustomerSelector select_customer(Random& rng, const NURandConstants& c_run);

// 2.5.2.2 / 2.6.2.2: of n customers with the last name, sorted by C_FIRST,
// the one at position ceil(n / 2) (1-based) is chosen; this is its 0-based
// offset, (n - 1) / 2. n must be positive.
int middle_customer_offset(int n);

}  // namespace tpcc
