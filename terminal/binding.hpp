// 5.2.1 terminals and their home warehouse and district.
#pragma once

#include "spec/random.hpp"

namespace tpcc {

struct TerminalBinding {
  int w_id = 1;  // home warehouse, 1..W
  int d_id = 1;  // fixed district for Stock-Level (2.8.1.1), 1..10
};

// Terminal i (0-based) of a run against W warehouses: warehouse (i mod W) + 1
// and district ((i / W) mod 10) + 1. Terminals go round-robin over the
// warehouses, so every warehouse has one once T >= W, and the terminals of a
// warehouse have distinct districts up to ten of them (BenchmarkSQL
// terminalWarehouseFixed=true).
TerminalBinding bind_terminal(int terminal_index, int warehouses);

// terminalWarehouseFixed=false: a home warehouse drawn for each transaction.
int random_home_warehouse(Random& rng, int warehouses);

}  // namespace tpcc
