// The checks and derived values that need every layer in: run length, mix and
// profile, terminals against warehouses, pacing, standbys. Problems are
// collected in the ParseState, not thrown, so that all are reported at once.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>

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
// layer that disagree are a problem (config/finish/sysbench.cpp).
std::string with_pgsql_flags(const std::string& translated, Layer conn_layer, ParseState& st);

// sysbench-tpcc's other flags mapped onto tpcc's options, before the checks
// that use them; refuses an alias and its option given with different
// values at the same layer, and leaves Config::notes for the output.
void finish_sysbench(ParseState& st);

// The workload: sysbench's test word (--test) against --workload
// (finish/sysbench_oltp.cpp); before finish_sysbench, which maps --tables
// by workload.
void finish_workload(ParseState& st);

// With an oltp workload, TPC-C's own options refused and the run's pacing
// and line format set; with TPC-C, the oltp options refused.
void finish_oltp(ParseState& st);

// The refusals the workloads other than TPC-C share (finish/sysbench_oltp.cpp):
// an option of sysbench's oltp tests under another workload; a TPC-C
// option (all but those `taken`, which the workload gives a meaning of its own);
// tpcc capacity and sweep, which search by tpmC and plot it (TPC-C only
// for now).
void refuse_oltp_options(ParseState& st);
void refuse_tpcc_options(ParseState& st, std::initializer_list<std::string_view> taken);
void refuse_tpcc_only_verbs(ParseState& st);

// With the ingest workload, the other workloads' options refused, its
// tablespaces a list and its run unpaced; with another workload, the
// ingest options refused (finish/ingest.cpp).
void finish_ingest(ParseState& st);
// With the pgbench workload: its scale and fillfactor (finish/pgbench.cpp),
// called by finish_oltp after TPC-C's other options are refused.
void finish_pgbench(ParseState& st);
// With another workload: --builtin, --file, --define and --progress refused.
void refuse_pgbench_options(ParseState& st);

// Every cross-option check and derived value, for st.cfg.verb.
void finish_config(ParseState& st);

// --distribute, --shards and --citus-workers together (finish/citus.cpp).
void finish_citus(ParseState& st);

// --host-policy against the hosts --conn lists and --failover
// (finish/hosts.cpp).
void finish_hosts(ParseState& st);

// The standbys of a run (finish/standby.cpp), after the terminals are known.
void finish_standbys(ParseState& st);

}  // namespace tpcc
