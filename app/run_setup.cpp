#include "app/run_setup.hpp"

#include <optional>

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

NURandConstants agreed_c_run(const std::string& text, const RunSetup& setup) {
  const std::optional<NURandConstants> c_run = parse_nurand_constants(text);
  if (!c_run) {
    throw UsageError("the start barrier handed no C-Run (tpcc_driver_barrier has '" + text +
                     "'): was the first driver of the run id another tpcc?");
  }
  if (setup.c_load_recorded && !valid_c_last_delta(setup.load.c_load.c_last, c_run->c_last)) {
    throw UsageError("the first driver's C-Run (" + text + ") breaks 2.1.6.1 against this load's " +
                     nurand_constants_text(setup.load.c_load) +
                     ": were the drivers given different databases?");
  }
  return *c_run;
}

}  // namespace tpcc
