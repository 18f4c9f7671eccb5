#include "config/names.hpp"

#include <array>
#include <utility>

namespace tpcc {
namespace {

constexpr std::array<std::pair<std::string_view, Verb>, 10> kVerbs = {{
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

std::string_view oltp_test_name(OltpTest t) {
  switch (t) {
    case OltpTest::ReadWrite: return "oltp_read_write";
    case OltpTest::ReadOnly: return "oltp_read_only";
    case OltpTest::WriteOnly: return "oltp_write_only";
    case OltpTest::PointSelect: return "oltp_point_select";
    case OltpTest::UpdateIndex: return "oltp_update_index";
    case OltpTest::UpdateNonIndex: return "oltp_update_non_index";
    case OltpTest::Insert: return "oltp_insert";
    case OltpTest::Delete: return "oltp_delete";
  }
  return "?";
}

std::string_view report_format_name(ReportFormat f) {
  return f == ReportFormat::Tpcc ? "tpcc" : "sysbench";
}

std::optional<Verb> parse_verb(std::string_view text) {
  for (const auto& [name, v] : kVerbs) {
    if (name == text) return v;
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
