#include "workloads/tpcc/binding.hpp"

#include <stdexcept>

#include "config/errors.hpp"
#include "spec/constants.hpp"

namespace tpcc {

TerminalBinding bind_terminal(int terminal_index, int warehouses) {
  if (terminal_index < 0 || warehouses < 1) {
    throw std::invalid_argument("bind_terminal: terminal index >= 0 and warehouses >= 1 required");
  }
  TerminalBinding binding;
  binding.w_id = terminal_index % warehouses + 1;
  binding.d_id = (terminal_index / warehouses) % kDistrictsPerWarehouse + 1;
  return binding;
}

int random_home_warehouse(Random& rng, int warehouses) {
  return static_cast<int>(rng.uniform(1, warehouses));
}

HomeWarehouses home_warehouses(const Config& config, int warehouses) {
  return home_range(config, warehouses);
}

TerminalBinding bind_terminal(int terminal_index, const HomeWarehouses& homes) {
  TerminalBinding binding = bind_terminal(terminal_index, homes.count());
  binding.w_id += homes.first - 1;
  return binding;
}

int random_home_warehouse(Random& rng, const HomeWarehouses& homes) {
  return static_cast<int>(rng.uniform(homes.first, homes.last));
}

}  // namespace tpcc
