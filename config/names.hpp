// Names of the Config enums as they appear on the command line, in props
// files, in result.json and in the effective configuration.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "config/config.hpp"

namespace tpcc {

std::string_view verb_name(Verb verb);            // "prepare", "run", ...
std::string_view load_method_name(LoadMethod m);  // "copy" | "insert"
std::string_view copy_format_name(CopyFormat f);  // "text" | "binary"
std::string_view profile_name(Profile p);         // "rw" | "ro"
std::string_view mode_name(Mode m);               // "statements" | "procedures"
std::string_view query_mode_name(QueryMode m);
std::string_view host_policy_name(
    HostPolicy p);  // "first" | "round-robin" | "random"    // "prepared" | "extended" | "simple"
std::string_view isolation_name(Isolation i);
std::string_view delivery_mode_name(
    DeliveryMode m);                  // "sync" | "deferred"     // "rc" | "rr" | "serializable"
std::string_view ch_on_name(ChOn c);  // "primary" | "standby"
std::string_view arrivals_name(Arrivals a);             // "poisson" | "fixed"
std::string_view report_format_name(ReportFormat f);    // "tpcc" | "sysbench"
std::string_view rules_shown_name(RulesShown r);        // "short" | "full"
std::string_view distribution_name(Distribution d);     // "none" | "citus"
std::string_view condition_step_name(ConditionStep s);  // "vacuum", "analyze", ...

std::optional<Verb> parse_verb(std::string_view text);

// A workload by its name: tpcc, one of sysbench's oltp tests, ingest or pgbench.
struct WorkloadName {
  WorkloadKind kind = kDefaultWorkload;
  OltpTest test = OltpTest::ReadWrite;  // only for a workload named by its oltp tests
  // The same workload; the same oltp test, for one named by its tests.
  bool operator==(const WorkloadName& o) const;
};

// sysbench's name of an oltp test: "oltp_read_write", ...
std::string_view oltp_test_name(OltpTest t);
// The workload's name: "tpcc", the oltp test's sysbench name or "pgbench".
std::string_view workload_name(const WorkloadName& w);
std::string_view workload_name(const Config& c);
// "tpcc", an oltp test's name or "pgbench", exactly.
std::optional<WorkloadName> parse_workload_name(std::string_view text);
// sysbench's test word: a name, the name with .lua, or a path to that file
// (/usr/share/sysbench/oltp_read_write.lua); tpcc.lua is sysbench-tpcc's.
std::optional<WorkloadName> parse_sysbench_test(std::string_view text);
// The known workload names, for messages and help: "tpcc, oltp_read_write, ...".
std::string workload_names();

std::string_view ingest_method_name(IngestMethod m);  // "insert", "copy"
std::string_view pgbench_partition_method_name(
    PgbenchPartitionMethod m);                // "none", "range", "hash"
std::string_view rand_type_name(RandType t);  // "uniform", "gaussian", ...
std::optional<RandType> parse_rand_type(std::string_view text);

// The BenchmarkSQL table behind a short name: "stock" -> "bmsql_stock",
// "order" -> "bmsql_oorder"; full names "bmsql_stock" are accepted as well.
std::optional<std::string> table_from_short_name(std::string_view name);

// The short names accepted by table_from_short_name, for messages and help.
std::string_view table_short_names();

}  // namespace tpcc
