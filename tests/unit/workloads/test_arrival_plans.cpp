// Each workload's arrivals under --rate, as the tool it emulates schedules
// them: pgbench a Poisson schedule per thread (--jobs), sysbench one shared
// Poisson schedule, TPC-C and the ingest a schedule per terminal, Poisson or
// fixed as --arrivals says.
#include <catch2/catch.hpp>

#include "config/config.hpp"
#include "terminal/engine/arrivals.hpp"
#include "workloads/pgbench/pgbench_workload.hpp"
#include "workloads/sysbench/oltp_workload.hpp"
#include "workloads/tpcc/tpcc_workload.hpp"

TEST_CASE("arrivals: each workload's plan is its tool's", "[arrivals]") {
  tpcc::Config config;
  config.terminals = 4;
  config.jobs = 2;
  config.arrivals = tpcc::Arrivals::Fixed;

  const tpcc::PgbenchWorkload pgbench({}, {}, {});
  const tpcc::ArrivalPlan pgbench_plan = pgbench.arrivals(config);
  CHECK(pgbench_plan.process == tpcc::Arrivals::Poisson);
  CHECK(pgbench_plan.schedules == 2);

  const tpcc::OltpWorkload oltp(tpcc::OltpOptions{});
  const tpcc::ArrivalPlan oltp_plan = oltp.arrivals(config);
  CHECK(oltp_plan.process == tpcc::Arrivals::Poisson);
  CHECK(oltp_plan.schedules == 1);

  tpcc::TpccLoad load;
  load.warehouses = 1;
  const tpcc::TpccWorkload tpcc_workload(config, load);
  CHECK(tpcc_workload.arrivals(config).process == tpcc::Arrivals::Fixed);
  CHECK(tpcc::schedule_count(tpcc_workload.arrivals(config), config.terminals) == 4);
  config.arrivals = tpcc::Arrivals::Poisson;
  CHECK(tpcc_workload.arrivals(config).process == tpcc::Arrivals::Poisson);
}
