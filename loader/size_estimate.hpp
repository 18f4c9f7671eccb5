// How much disk a load will take, said before it starts, from per-table
// sizes measured on a real load (loader/size_estimate.cpp).
#pragma once

#include <string>

#include "config/config.hpp"

namespace tpcc {

// Megabytes (10^6 bytes) of tables and indexes that loading `warehouses`
// warehouses (and the item table, if `items`) adds, with config's fillfactor.
double estimated_load_megabytes(const Config& config, int warehouses, bool items);

// "438 MB", "1.5 GB", "106 GB", "1.1 TB".
std::string format_megabytes(double megabytes);

}  // namespace tpcc
