#include "workloads/tpcc/customer_lookup.hpp"

#include "spec/text.hpp"

namespace tpcc {

CustomerSelector select_customer(Random& rng, const NURandConstants& c_run) {
  CustomerSelector selector;
  selector.by_last_name = rng.uniform(1, 100) <= 60;
  if (selector.by_last_name) {
    selector.c_last = last_name(nurand_last_name_number(rng, c_run));
  } else {
    selector.c_id = nurand_customer_id(rng, c_run);
  }
  return selector;
}

int middle_customer_offset(int n) { return (n - 1) / 2; }

}  // namespace tpcc
