// The checks and derived values that need every layer in: run length, mix and
// profile, terminals against warehouses, pacing, standbys. Problems are
// collected in the ParseState, not thrown, so that all are reported at once.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "config/driver_slice.hpp"
#include "config/settings/settings.hpp"

namespace tpcc {

// A connection string as libpq takes it: a JDBC URL translated (its
// driver-only parameters warned about), then the props user and password
// added unless it names them. Throws UsageError for a malformed JDBC URL.
std::string resolve_conninfo(const RawConn& raw, ParseState& st);
// The first half of that: the JDBC URL translated, nothing added.
std::string translate_conninfo(const RawConn& raw, ParseState& st);

// The primary's connection string: translated (as given by conn, at
// conn_layer), the props user and password added, then sysbench's --pgsql-*
// parts set with their layer's precedence; a part and a conn of the same
// layer that disagree are a problem (workloads/sysbench/config/sysbench_finish.cpp).
std::string with_pgsql_flags(const std::string& translated, Layer conn_layer, ParseState& st);

// sysbench-tpcc's other flags mapped onto tpcc's options, before the checks
// that use them; refuses an alias and its option given with different
// values at the same layer, and leaves Config::notes for the output.
void finish_sysbench(ParseState& st);

// The workload: sysbench's test word (--test) against --workload
// (workloads/sysbench/config/oltp_finish.cpp); before finish_sysbench, which maps --tables
// by workload.
void finish_workload(ParseState& st);

// Every option given to a workload its row does not name (Setting::workloads)
// refused by name, and procedures mode with a workload other than TPC-C
// (config/finish/workload_taken.cpp); after finish_workload, before the
// steps that derive one option from another.
void refuse_other_workloads_options(ParseState& st);

// With an oltp workload, the run's pacing and line format set and its ids
// checked; with pgbench, finish_pgbench.
void finish_oltp(ParseState& st);

// With the ingest workload, its tablespaces a list, --ingest-checkpoint
// with --repeat and its run unpaced (workloads/ingest/config/ingest_finish.cpp).
void finish_ingest(ParseState& st);

// With CH-benCHmark's analytic streams: the queries back to back
// (workloads/ch/config/ch_finish.cpp).
void finish_ch(ParseState& st);

// With the pgbench workload: its scale and fillfactor
// (workloads/pgbench/config/pgbench_finish.cpp), called by finish_oltp.
void finish_pgbench(ParseState& st);
// With another workload: tpcc run's --latency-limit refused (capacity's and
// curve's are their own, for any workload).
void refuse_run_latency_limit(ParseState& st);

// tpcc curve: its ladder's ends, and the run options its steps' runs cannot
// take (finish/curve.cpp).
void finish_curve(ParseState& st);

// Every cross-option check and derived value, for st.cfg.verb
// (finish/finish.cpp calls the steps below in order).
void finish_config(ParseState& st);

// cleanup, prepare, snapshot and run --restore only at a connection that was
// given and could be read (finish/target.cpp).
void check_destructive_target(const ParseState& st);
// --durability, --crash-command, --server-datadir and --condition restart:
// a server is crashed or restarted only when named (finish/target.cpp).
void check_durability(const ParseState& st);

// BenchmarkSQL's mix weights, --profile ro and keying times tied to think
// times (finish/mix.cpp).
void finish_mix(ParseState& st);
// BenchmarkSQL 6's keyingTimeMultiplier or thinkTimeMultiplier was given
// (BenchmarkSQL 6 always paces), even when a flag set the multiplier after.
bool bmsql6_pacing_given(const ParseState& st);

// 5.2.1 / BenchmarkSQL: with fixed warehouses each terminal of a warehouse
// has its own district, so ten per warehouse at most.
constexpr int kTerminalsPerWarehouse = 10;
// Whether the warehouse count is known before connecting: a props
// `warehouses` key, or quickstart, which loads that many itself
// (finish/terminals.cpp).
bool warehouses_known(const ParseState& st);
// The home warehouses of this driver when the warehouse count is known:
// warehouse_from..warehouse_to, and with --driver its slice (a range or
// slice problem is reported apart: the range as given then).
WarehouseRange known_homes(const Config& c);
// --driver's slice against the warehouses, and terminalMultiplier's
// terminal count (finish/terminals.cpp).
void finish_terminal_count(ParseState& st);
// Connections, warehouse ranges and terminals per warehouse against the
// terminals (finish/terminals.cpp).
void check_terminals(ParseState& st);

// --spec, capacity and quickstart's defaults, the warm-up against the ramp,
// and the run's length (finish/run_defaults.cpp); tpcc capacity's defaults
// of each workload are its descriptor's (config/workload_config.hpp).
void finish_run_defaults(ParseState& st);

// 5.2.4.2's example deck: 10 New-Order, 10 Payment and one of each of the
// others in 23 cards, as percents. Every whole deck then clears each 5.2.3
// minimum (Payment 43.48% >= 43%, the others 4.35% >= 4%), where the
// default 45,43,4,4,4 sits exactly on them and a realised share falls
// below as often as above. --spec's mix, and tpcc capacity's.
inline constexpr std::array<double, kTxnTypes> kSpecDeckMix = {1000.0 / 23, 1000.0 / 23, 100.0 / 23,
                                                               100.0 / 23, 100.0 / 23};

// --distribute, --shards and --citus-workers together (finish/citus.cpp).
void finish_citus(ParseState& st);

// --host-policy against the hosts --conn lists and --failover
// (finish/hosts.cpp).
void finish_hosts(ParseState& st);

// The standbys of a run (finish/standby.cpp), after the terminals are known.
void finish_standbys(ParseState& st);
// After finish_standbys: --ch-on standby needs them (config/finish/mixed.cpp).
void finish_mixed(ParseState& st);

}  // namespace tpcc
