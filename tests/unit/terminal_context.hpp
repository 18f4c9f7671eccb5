// The terminal a test's transactions run for, built in one call. Shared by
// the unit tests of the input generators and the database tests of the
// transactions (tests/pg), which pick their own warehouse count and C-Run.
#pragma once

#include "spec/nurand.hpp"
#include "terminal/engine/transaction.hpp"
#include "workloads/tpcc/tpcc_terminal.hpp"

namespace tpcc::test {

// Warehouse `w_id` of `warehouses`, fixed district `d_id`, C-Run `c_run`;
// isolation level and read-only flag as TpccTerminal defaults them.
inline TpccTerminal terminal_context(int w_id, int d_id, int warehouses,
                                     const NURandConstants& c_run) {
  TpccTerminal terminal;
  terminal.w_id = w_id;
  terminal.d_id = d_id;
  terminal.warehouses = warehouses;
  terminal.c_run = c_run;
  return terminal;
}

}  // namespace tpcc::test
