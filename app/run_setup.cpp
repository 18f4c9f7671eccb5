#include "app/run_setup.hpp"

#include "config/errors.hpp"
#include "db/connect.hpp"
#include "spec/constants.hpp"
#include "workloads/tpcc/binding.hpp"

namespace tpcc {

Config with_spec_terminals(const Config& given) {
  if (!given.terminals_from_load) return given;
  Config config = given;
  const auto conn = connect(config.conninfo);
  config.terminals = kDistrictsPerWarehouse *
                     home_warehouses(config, read_recorded_load(*conn).warehouses).count();
  return config;
}

RunSetup read_setup(const Config& config, Random& rng) {
  RunSetup setup;
  {
    const auto conn = connect(config.conninfo);
    setup.load = read_recorded_load(*conn);
  }
  if (setup.load.seed && !setup.load.complete) {
    throw UsageError(
        "the load in the database is not complete (tpcc prepare did not finish); "
        "run tpcc prepare again to resume it");
  }
  const int c_last = setup.load.c_load.c_last;
  setup.c_load_recorded = c_last >= 0 && c_last <= kNURandLastNameA;
  if (setup.c_load_recorded) {
    setup.c_run = draw_run_constants(rng, setup.load.c_load);
  } else {
    setup.c_run = draw_load_constants(rng);
  }
  return setup;
}

}  // namespace tpcc
