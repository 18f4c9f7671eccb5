// 5.2.1 terminals and their home warehouse and district.
#pragma once

#include "config/config.hpp"
#include "config/driver_slice.hpp"
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

// The home warehouses terminals may have: first..last of the W loaded
// (BenchmarkSQL 6 useWarehouseFrom/useWarehouseTo, for several drivers that
// split one database). Remote warehouses are still drawn from all W.
using HomeWarehouses = WarehouseRange;

// Config warehouse_from/to (0: the whole range) checked against W; throws
// UsageError naming the props keys when the range is outside 1..W. With
// --driver I/N, the I-th of N even slices of that range (driver_slice).
HomeWarehouses home_warehouses(const Config& config, int warehouses);

// As bind_terminal, round-robin over the range instead of 1..W.
TerminalBinding bind_terminal(int terminal_index, const HomeWarehouses& homes);

// terminalWarehouseFixed=false: a home warehouse drawn for each transaction.
int random_home_warehouse(Random& rng, int warehouses);
int random_home_warehouse(Random& rng, const HomeWarehouses& homes);

}  // namespace tpcc
