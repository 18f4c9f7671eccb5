#include "config/names.hpp"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "config/workload_config.hpp"

namespace tpcc {
namespace {

constexpr std::array<std::pair<std::string_view, Verb>, 12> kVerbs = {{
    {"prepare", Verb::Prepare},
    {"run", Verb::Run},
    {"check", Verb::Check},
    {"cleanup", Verb::Cleanup},
    {"quickstart", Verb::Quickstart},
    {"acid", Verb::Acid},
    {"report", Verb::Report},
    {"snapshot", Verb::Snapshot},
    {"capacity", Verb::Capacity},
    {"sweep", Verb::Sweep},
    {"curve", Verb::Curve},
    {"fleet", Verb::Fleet},
}};

constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kTables = {{
    {"warehouse", "bmsql_warehouse"},
    {"district", "bmsql_district"},
    {"customer", "bmsql_customer"},
    {"history", "bmsql_history"},
    {"new_order", "bmsql_new_order"},
    {"oorder", "bmsql_oorder"},
    {"order", "bmsql_oorder"},
    {"order_line", "bmsql_order_line"},
    {"item", "bmsql_item"},
    {"stock", "bmsql_stock"},
}};

constexpr std::array<std::pair<std::string_view, OltpTest>, 8> kOltpTests = {{
    {"oltp_read_write", OltpTest::ReadWrite},
    {"oltp_read_only", OltpTest::ReadOnly},
    {"oltp_write_only", OltpTest::WriteOnly},
    {"oltp_point_select", OltpTest::PointSelect},
    {"oltp_update_index", OltpTest::UpdateIndex},
    {"oltp_update_non_index", OltpTest::UpdateNonIndex},
    {"oltp_insert", OltpTest::Insert},
    {"oltp_delete", OltpTest::Delete},
}};

constexpr std::array<std::pair<std::string_view, RandType>, 5> kRandTypes = {{
    {"uniform", RandType::Uniform},
    {"gaussian", RandType::Gaussian},
    {"special", RandType::Special},
    {"pareto", RandType::Pareto},
    {"zipfian", RandType::Zipfian},
}};

}  // namespace

std::string_view verb_name(Verb verb) {
  for (const auto& [name, v] : kVerbs) {
    if (v == verb) return name;
  }
  return "?";
}

std::string_view load_method_name(LoadMethod m) {
  return m == LoadMethod::Copy ? "copy" : "insert";
}

std::string_view copy_format_name(CopyFormat f) {
  return f == CopyFormat::Text ? "text" : "binary";
}

std::string_view profile_name(Profile p) { return p == Profile::ReadWrite ? "rw" : "ro"; }

std::string_view mode_name(Mode m) { return m == Mode::Statements ? "statements" : "procedures"; }

std::string_view host_policy_name(HostPolicy p) {
  switch (p) {
    case HostPolicy::First: return "first";
    case HostPolicy::RoundRobin: return "round-robin";
    case HostPolicy::Random: return "random";
  }
  return "?";
}

std::string_view query_mode_name(QueryMode m) {
  switch (m) {
    case QueryMode::Prepared: return "prepared";
    case QueryMode::Extended: return "extended";
    case QueryMode::Simple: return "simple";
  }
  return "?";
}

std::string_view delivery_mode_name(DeliveryMode m) {
  return m == DeliveryMode::Sync ? "sync" : "deferred";
}

std::string_view ch_on_name(ChOn c) { return c == ChOn::Primary ? "primary" : "standby"; }

std::string_view arrivals_name(Arrivals a) { return a == Arrivals::Poisson ? "poisson" : "fixed"; }

std::string_view distribution_name(Distribution d) {
  return d == Distribution::Citus ? "citus" : "none";
}

std::string_view isolation_name(Isolation i) {
  switch (i) {
    case Isolation::ReadCommitted: return "rc";
    case Isolation::RepeatableRead: return "rr";
    case Isolation::Serializable: return "serializable";
  }
  return "?";
}

std::string_view condition_step_name(ConditionStep s) {
  switch (s) {
    case ConditionStep::Vacuum: return "vacuum";
    case ConditionStep::Analyze: return "analyze";
    case ConditionStep::Checkpoint: return "checkpoint";
    case ConditionStep::Restart: return "restart";
    case ConditionStep::Prewarm: return "prewarm";
  }
  return "?";
}

std::string_view report_format_name(ReportFormat f) {
  return f == ReportFormat::Tpcc ? "tpcc" : "sysbench";
}

std::string_view rules_shown_name(RulesShown r) {
  return r == RulesShown::Short ? "short" : "full";
}

std::optional<Verb> parse_verb(std::string_view text) {
  for (const auto& [name, v] : kVerbs) {
    if (name == text) return v;
  }
  return std::nullopt;
}

std::string_view oltp_test_name(OltpTest t) {
  for (const auto& [name, test] : kOltpTests) {
    if (test == t) return name;
  }
  return "?";
}

bool WorkloadName::operator==(const WorkloadName& o) const {
  return kind == o.kind && (!workload_config(kind).oltp_tests || test == o.test);
}

std::string_view workload_name(const WorkloadName& w) {
  const WorkloadConfig& workload = workload_config(w.kind);
  return workload.oltp_tests ? oltp_test_name(w.test) : workload.name;
}

std::string_view workload_name(const Config& c) {
  return workload_name(WorkloadName{c.workload, c.oltp.test});
}

std::optional<WorkloadName> parse_workload_name(std::string_view text) {
  for (const WorkloadConfig* workload : workload_configs()) {
    if (!workload->oltp_tests) {
      if (text == workload->name) return WorkloadName{workload->kind, OltpTest::ReadWrite};
      continue;
    }
    for (const auto& [name, test] : kOltpTests) {
      if (name == text) return WorkloadName{workload->kind, test};
    }
  }
  return std::nullopt;
}

std::optional<WorkloadName> parse_sysbench_test(std::string_view text) {
  // sysbench finds a test by its name, or runs the Lua file a path names.
  const auto slash = text.find_last_of('/');
  std::string_view base = slash == std::string_view::npos ? text : text.substr(slash + 1);
  constexpr std::string_view kLua = ".lua";
  if (base.size() > kLua.size() && base.substr(base.size() - kLua.size()) == kLua) {
    base.remove_suffix(kLua.size());
  } else if (slash != std::string_view::npos) {
    return std::nullopt;  // a path is to a .lua file
  }
  const std::optional<WorkloadName> name = parse_workload_name(base);
  if (name && !workload_config(name->kind).sysbench_test) return std::nullopt;
  return name;
}

std::string workload_names() {
  // In the order the kinds are declared (config/workload_options.hpp), as
  // these messages have always listed them.
  std::vector<const WorkloadConfig*> workloads = workload_configs();
  std::stable_sort(
      workloads.begin(), workloads.end(),
      [](const WorkloadConfig* a, const WorkloadConfig* b) { return a->kind < b->kind; });
  std::string out;
  for (const WorkloadConfig* workload : workloads) {
    if (!workload->oltp_tests) {
      out += (out.empty() ? "" : ", ") + std::string(workload->name);
      continue;
    }
    for (const auto& [name, test] : kOltpTests)
      out += (out.empty() ? "" : ", ") + std::string(name);
  }
  return out;
}

std::string_view ingest_method_name(IngestMethod m) {
  return m == IngestMethod::Copy ? "copy" : "insert";
}

std::string_view pgbench_partition_method_name(PgbenchPartitionMethod m) {
  switch (m) {
    case PgbenchPartitionMethod::None: return "none";
    case PgbenchPartitionMethod::Range: return "range";
    case PgbenchPartitionMethod::Hash: return "hash";
  }
  return "?";
}

std::string_view rand_type_name(RandType t) {
  for (const auto& [name, type] : kRandTypes) {
    if (type == t) return name;
  }
  return "?";
}

std::optional<RandType> parse_rand_type(std::string_view text) {
  for (const auto& [name, type] : kRandTypes) {
    if (name == text) return type;
  }
  return std::nullopt;
}

std::optional<std::string> table_from_short_name(std::string_view name) {
  for (const auto& [short_name, table] : kTables) {
    if (name == short_name || name == table) return std::string(table);
  }
  return std::nullopt;
}

std::string_view table_short_names() {
  return "warehouse, district, customer, history, new_order, oorder (or order), order_line, "
         "item, stock";
}

}  // namespace tpcc
