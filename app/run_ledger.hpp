// tpcc run --failover, after the engine: the acknowledged-commit ledger
// checked on the surviving primary (metrics/ledger.hpp). Its loss count is
// the failover's RPO; any loss fails the run (app/run_outcome.cpp).
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "config/config.hpp"
#include "metrics/ledger.hpp"
#include "metrics/run.hpp"
#include "terminal/engine/engine.hpp"

namespace tpcc {

// Looks up every acknowledged order (its key, customer, line count and
// first item) in ORDER and ORDER-LINE on the server `conninfo`
// reaches (with a multi-host conninfo and target_session_attrs=read-write:
// the primary now). Throws ConnectError and pqxx errors.
LedgerFigures check_acknowledged_orders(const std::string& conninfo,
                                        const std::vector<AcknowledgedOrder>& acknowledged);

// --failover: checks the run's ledger on config.conninfo, prints
// "acknowledged New-Order commits lost: N of M (checked on host:port)" and
// the first lost orders, and keeps the figures in info.ledger. A check that
// cannot connect is kept as the ledger's error. The ledger itself goes to
// results_dir/ledger.csv (w_id,d_id,o_id,c_id,ol_cnt,first_i_id,measured,
// in key order), so that anyone can check it again. Without --failover:
// nothing.
void check_ledger_after_run(const Config& config, const EngineResult& result, RunInfo& info,
                            const std::string& results_dir, std::ostream& out);

inline constexpr const char* kLedgerFile = "ledger.csv";

}  // namespace tpcc
