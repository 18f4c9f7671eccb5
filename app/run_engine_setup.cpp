#include "app/run_engine_setup.hpp"

#include <functional>
#include <utility>
#include <vector>

#include "loader/layout.hpp"
#include "report/console/interval_line.hpp"
#include "terminal/engine/driver_barrier.hpp"

namespace tpcc {

std::unique_ptr<TpccWorkload> tpcc_workload_for_run(const Config& config, const RunSetup& setup,
                                                    ResultSink& results) {
  DeliverySink on_delivery;
  if (config.delivery_mode == DeliveryMode::Deferred) {
    results.begin_deliveries();
    on_delivery = [&results](const DeliveryRecord& record) { results.append_delivery(record); };
  }
  TpccLoad load;
  load.warehouses = setup.load.warehouses;
  load.c_run = setup.c_run;
  load.citus = recorded_distribution(setup.load) == Distribution::Citus;
  return std::make_unique<TpccWorkload>(config, load, std::move(on_delivery));
}

EngineSetup engine_setup_for_run(const Config& config, std::uint64_t seed, TpccWorkload& workload,
                                 RunSetup& setup, ResultSink& results, std::ostream& out,
                                 std::string& barrier_start) {
  results.begin_intervals(config.standbys.size());
  EngineSetup engine_setup;
  engine_setup.workload = &workload;
  engine_setup.seed = seed;
  engine_setup.interval_lines = [&config](const std::vector<IntervalSample>& samples) {
    return interval_lines(samples, config);
  };
  engine_setup.on_interval = [&results](const std::vector<IntervalSample>& samples) {
    results.append_interval(samples);
  };
  if (config.driver_count > 0) {
    engine_setup.start_barrier = [&config, &out, &barrier_start, &setup,
                                  &workload](const std::function<bool()>& interrupted) {
      // 2.1.6: every driver's terminals use the C-Run of the first to arrive.
      const BarrierStart start =
          meet_at_start_barrier(config, nurand_constants_text(setup.c_run), interrupted, out);
      barrier_start = start.utc;
      setup.c_run = agreed_c_run(start.run_constants, setup);
      workload.use_c_run(setup.c_run);
      out << "C-Run (2.1.6, every driver's): " << nurand_constants_text(setup.c_run) << std::endl;
      return start.at;
    };
  }
  return engine_setup;
}

}  // namespace tpcc
