#include "app/run_setup_print.hpp"

#include <string>

#include "config/conn/hosts.hpp"
#include "config/conn/mask.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"
#include "loader/layout.hpp"
#include "loader/load_state.hpp"
#include "terminal/engine/engine.hpp"
#include "workloads/tpcc/binding.hpp"
#include "workloads/tpcc/mix_minimums.hpp"

namespace tpcc {

void print_setup(std::ostream& out, const Config& config, const RunSetup& setup) {
  const int connections = resolved_connections(config);
  out << "tpcc run\n"
      << "  warehouses:   " << setup.load.warehouses << "\n"
      << "  loaded by:    " << describe_load(setup.load) << "\n"
      << "  terminals:    " << config.terminals << " (home warehouse "
      << (config.terminal_warehouse_fixed ? "fixed per terminal" : "random per transaction")
      << ")\n"
      << "  connections:  " << connections;
  if (config.host_policy != HostPolicy::First) {
    out << ", spread " << host_policy_name(config.host_policy) << " over "
        << conninfo_per_host(config.conninfo).size() << " hosts";
  }
  out << "\n"
      << "  mix:          " << format_mix(config.mix) << " (NO,P,OS,D,SL)\n"
      << "  profile:      " << profile_name(config.profile) << ", mode " << mode_name(config.mode)
      << " (" << query_mode_name(config.query_mode) << " queries), isolation "
      << isolation_name(config.isolation) << "\n"
      << "  delivery:     " << delivery_mode_name(config.delivery_mode);
  if (config.delivery_mode == DeliveryMode::Deferred) {
    out << " (2.7.2: queued for " << config.delivery_workers << " delivery worker"
        << (config.delivery_workers == 1 ? "" : "s") << ", delivery.csv)";
  }
  out << "\n";
  if (recorded_distribution(setup.load) == Distribution::Citus) {
    out << "  distribution: " << describe_distribution(setup.load) << "\n";
  }
  if (config.txns_per_terminal > 0) {
    out << "  length:       " << config.txns_per_terminal << " transactions per terminal";
  } else {
    out << "  length:       " << config.duration_seconds << " s";
  }
  out << " after " << config.warmup_seconds << " s warm-up";
  if (config.warmup_extended_for_ramp) out << " (extended to cover the --ramp)";
  out << "\n";
  if (config.ramp_seconds > 0) {
    out << "  ramp:         terminals start evenly over " << config.ramp_seconds
        << " s, counted as warm-up\n";
  }
  out << "  pacing:       ";
  if (config.keying_and_thinking) {
    out << "keying and think times (5.2.5) x " << format_number(config.think_multiplier);
    if (config.keying_multiplier != config.think_multiplier) {
      out << " (keying x " << format_number(config.keying_multiplier) << ")";
    }
  } else {
    out << "no keying or think time";
  }
  if (config.rate_tpm > 0) {
    out << ", at most " << format_number(config.rate_tpm) << " transactions per minute ("
        << arrivals_name(config.arrivals) << " arrivals)";
  }
  out << "\n";
  if (config.driver_count > 0) {
    const HomeWarehouses homes = home_warehouses(config, setup.load.warehouses);
    out << "  driver:       " << config.driver_index << " of " << config.driver_count
        << " (run id '" << config.run_id << "'), home warehouses " << homes.first << ".."
        << homes.last << "\n";
  }
  out << "  C-Load:       "
      << (setup.c_load_recorded ? nurand_constants_text(setup.load.c_load)
                                : std::string("not recorded"))
      << "\n";
  if (config.driver_count > 0) {
    // 2.1.6: one C-Run for every driver's terminals, the first at the barrier's.
    out << "  C-Run:        the first driver's at the start barrier (this one offers "
        << nurand_constants_text(setup.c_run) << ")\n";
  } else {
    out << "  C-Run:        " << nurand_constants_text(setup.c_run) << "\n";
  }
  if (!setup.c_load_recorded) {
    out << "warning: bmsql_config records no C-Load for C_LAST; C-Run is drawn without the "
           "2.1.6.1 delta rule\n";
  }
  if (config.profile == Profile::ReadWrite) {
    for (const std::string& warning : mix_warnings(config.mix))
      out << "warning: " << warning << "\n";
  }
  for (std::size_t i = 0; i < config.standbys.size(); ++i) {
    const Config standby = standby_run_config(config, config.standbys[i]);
    out << "  standby " << i + 1 << ":    " << describe_target(standby.conninfo) << ", "
        << standby.terminals << " read-only terminals, mix " << format_mix(standby.mix)
        << ", isolation " << isolation_name(standby.isolation) << "\n";
  }
  for (const std::string& warning : setup.standby_warnings) out << "warning: " << warning << "\n";
  if (config.keying_and_thinking && config.warmup_seconds == 0) {
    out << "warning: keying and think times without --warmup: the measurement includes the "
           "ramp-up (5.5)\n";
  }
  if (config.terminals < setup.load.warehouses) {
    out << "warning: " << config.terminals << " terminals for " << setup.load.warehouses
        << " warehouses: warehouses " << config.terminals + 1 << ".." << setup.load.warehouses
        << " get no terminal\n";
  }
  out.flush();
}

}  // namespace tpcc
