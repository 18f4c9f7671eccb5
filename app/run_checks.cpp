#include "app/run_checks.hpp"

#include <string>

#include <pqxx/pqxx>

#include "config/conn/mask.hpp"
#include "config/errors.hpp"
#include "config/names.hpp"
#include "db/connect.hpp"
#include "db/recovery_conflict.hpp"
#include "loader/layout.hpp"
#include "spec/constants.hpp"
#include "workloads/tpcc/binding.hpp"

namespace tpcc {
namespace {

std::string standby_name(std::size_t index, const StandbyTarget& standby) {
  return "standby " + std::to_string(index + 1) + " (" + describe_target(standby.conninfo) + ")";
}

constexpr const char* kInRecoverySql = "select pg_is_in_recovery()";

// Each standby must hold the primary's load (it replays it); one that is
// not in recovery is most likely a mistyped address, worth a warning. The
// reads are asked again when the standby cancels them to replay the
// primary's vacuum.
void check_standbys(const Config& config, RunSetup& setup) {
  for (std::size_t i = 0; i < config.standbys.size(); ++i) {
    const StandbyTarget& standby = config.standbys[i];
    RecordedLoad load;
    bool in_recovery = true;
    retry_recovery_conflicts(
        [&] {
          const auto conn = connect(standby.conninfo);
          load = read_recorded_load(*conn);
          pqxx::nontransaction tx{*conn};
          in_recovery = tx.exec1(kInRecoverySql)[0].as<bool>();
        },
        standby_name(i, standby), "the run's read of its load record");
    if (load.warehouses != setup.load.warehouses) {
      throw UsageError(standby_name(i, standby) + " holds " + std::to_string(load.warehouses) +
                       " warehouses, the primary " + std::to_string(setup.load.warehouses) +
                       ": is it a standby of this primary?");
    }
    if (!in_recovery) {
      setup.standby_warnings.push_back(standby_name(i, standby) +
                                       " is not in recovery: it is not a hot standby");
    }
  }
}

// sysbench-tpcc's run names the tables it expects to find.
void check_sysbench_tables(const Config& config, const RecordedLoad& load) {
  if (config.warehouses_from_sysbench.empty() || config.warehouses == load.warehouses) return;
  throw UsageError(config.warehouses_from_sysbench + " is " + std::to_string(config.warehouses) +
                   " warehouses, but the database holds " + std::to_string(load.warehouses) +
                   " (tpcc keeps them all in one set of tables)");
}

// Citus takes a snapshot per node: a transaction that spans workers (remote
// order lines, remote payments) sees each worker as of a different moment,
// and serialization conflicts are found only within a node. Repeatable read
// and serializable would hold per worker, not for the transaction.
void check_isolation_for_distribution(const Config& config, const RecordedLoad& load) {
  if (config.isolation == Isolation::ReadCommitted ||
      recorded_distribution(load) != Distribution::Citus) {
    return;
  }
  throw UsageError("--isolation " + std::string(isolation_name(config.isolation)) +
                   ": not on a database distributed by Citus (bmsql_config tpcc_distribution): "
                   "Citus takes a snapshot per worker, so a transaction that spans workers gets "
                   "neither one snapshot nor serializability; use --isolation rc");
}

// BenchmarkSQL's rule, checked against the warehouses actually loaded (the
// props check can only use a warehouses key): with fixed home warehouses,
// more than ten terminals per warehouse share districts.
void check_terminals_per_warehouse(const Config& config, int warehouses) {
  const HomeWarehouses homes = home_warehouses(config, warehouses);
  const long long most = static_cast<long long>(kDistrictsPerWarehouse) * homes.count();
  if (!config.terminal_warehouse_fixed || config.allow_many_terminals || config.terminals <= most) {
    return;
  }
  throw UsageError("--terminals " + std::to_string(config.terminals) + ": more than " +
                   std::to_string(kDistrictsPerWarehouse) + " terminals per home warehouse (" +
                   std::to_string(homes.count()) + " home warehouse(s) of the " +
                   std::to_string(warehouses) +
                   " loaded); give --allow-many-terminals (props allowManyTerminals=true) to run "
                   "them anyway, or terminalWarehouseFixed=false");
}

}  // namespace

void check_setup(const Config& config, RunSetup& setup) {
  check_standbys(config, setup);
  check_sysbench_tables(config, setup.load);
  check_isolation_for_distribution(config, setup.load);
  check_terminals_per_warehouse(config, setup.load.warehouses);
}

}  // namespace tpcc
