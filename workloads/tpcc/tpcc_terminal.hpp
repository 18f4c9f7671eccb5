// The terminal a TPC-C transaction runs for: its home warehouse and
// district (5.2), C-Run, and how its transactions run. TpccWorkload::bind
// makes one per terminal, which the engine keeps as the terminal's binding
// without looking inside.
#pragma once

#include "config/config.hpp"
#include "config/driver_slice.hpp"
#include "spec/nurand.hpp"

namespace tpcc {

// The terminal a transaction runs for (5.2, 2.x.1).
struct TpccTerminal {
  int w_id = 1;            // home warehouse
  int d_id = 1;            // the terminal's fixed district (2.8.1.1 Stock-Level)
  int warehouses = 1;      // W, for remote warehouses
  NURandConstants c_run;   // 2.1.6 C-Run
  bool read_only = false;  // ro profile: BEGIN ... READ ONLY
  Isolation isolation = Isolation::ReadCommitted;
  Mode mode = Mode::Statements;  // client statements or server functions
  WarehouseRange homes{1, 1};    // for a home warehouse drawn per transaction
  int rollback_percent = 1;      // 2.4.1.4
  // Statements mode on a database distributed by Citus: New-Order's
  // stock and order lines as statements Citus routes to one shard each
  // (citus_new_order.hpp), with the same effects.
  bool citus_statements = false;
};

}  // namespace tpcc
