#include "terminal/binding.hpp"

#include <stdexcept>

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

}  // namespace tpcc
