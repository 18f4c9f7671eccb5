// tpcc sweep over loads (--vary warehouses, scale, tables, table-size):
// each distinct load of the grid prepared once into a database of its own
// (experiment/sweep_load_database.hpp), its snapshot taken, and each point
// run on its load's database, restored from that snapshot first.
#pragma once

#include <functional>
#include <ostream>
#include <vector>

#include "config/config.hpp"
#include "experiment/sweep_state.hpp"

namespace tpcc {

// The loads of the sweep's grid in the order its points first use them
// (none when it varies no load), each with its database named from the
// working database's. Refuses (UsageError) a name too long, or one a
// database holds that the kit did not make. Changes nothing.
std::vector<SweepLoadState> find_sweep_loads(const Config& sweep);

// Takes over from `recorded` (a continued sweep's sweep.json) the loads
// it prepared whose database and snapshot are still there.
void adopt_sweep_loads(std::vector<SweepLoadState>& loads,
                       const std::vector<SweepLoadState>& recorded, const Config& sweep);

// Prepares each load not ready into its database (made again when the kit
// had made it before), with the options of its first point, and takes its
// snapshot; `save` is called after each, which then counts as ready.
void prepare_sweep_loads(const Config& sweep, const SweepState& state,
                         std::vector<SweepLoadState>& loads, const std::function<void()>& save,
                         std::ostream& out);

// The load a point of the grid runs on; nullptr when it varies no load.
const SweepLoadState* sweep_point_load(const SweepState& state,
                                       const std::vector<std::string>& values);

// A point's run on its load: the load's database, restored first.
void run_on_load(Config& run, const SweepLoadState& load);

}  // namespace tpcc
