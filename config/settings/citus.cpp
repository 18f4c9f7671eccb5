// The options table, Citus part: where prepare lays the tables out, and
// quickstart's local Citus cluster. Checked together in finish/citus.cpp.
#include "config/names.hpp"
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/tpcc/config/tpcc_config.hpp"

namespace tpcc::settings_table {
namespace {

// Citus's own limit on shards per distributed table.
constexpr int kMaxShards = 64000;
// Every worker is a full server; more than this on one machine helps nobody.
constexpr int kMaxLocalWorkers = 8;

}  // namespace

void add_citus(std::vector<Setting>& s) {
  add(
      s, "distribute", "none|citus", {}, kLoadVerbs, kTpccOnly, kCitusSection,
      "citus: lay the tables out over a Citus cluster (the connection is its coordinator): "
      "every table keyed by warehouse hash-distributed by its warehouse column and colocated "
      "with bmsql_warehouse, bmsql_item and bmsql_config as reference tables, and the "
      "functions of --mode procedures distributed by their warehouse argument. The database "
      "must have the citus extension (exit 2 otherwise). none: plain tables on one server.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.distribution = parse_choice(v, {"none", "citus"}, src.where) == 0
                                  ? Distribution::None
                                  : Distribution::Citus;
      },
      [](const Config& c) { return std::string(distribution_name(c.distribution)); })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "shards", "N", {}, kLoadVerbs, kTpccOnly, kCitusSection,
      "Shards of each distributed table with --distribute citus (1..64000). More shards than "
      "warehouses leave shards empty; fewer than workers leave workers idle.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.shards = parse_int(v, 1, kMaxShards, src.where);
      },
      [](const Config&) -> std::string {
        return "the server's citus.shard_count (Citus's default is 32)";
      })
      .json = json_none(kJsonOtherVerb);
  add(
      s, "citus-workers", "N", {}, kQuickstart, kTpccOnly, kCitusSection,
      "Run the quickstart on a local Citus cluster: a throwaway coordinator and N workers "
      "(1..8), each its own server with shared_preload_libraries = 'citus'; implies "
      "--distribute citus. Needs Citus installed for this PostgreSQL (exit 2 otherwise).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.citus_workers = parse_int(v, 1, kMaxLocalWorkers, src.where);
      },
      [](const Config&) -> std::string { return "none (a single server)"; })
      .json = json_none(kJsonOtherVerb);
}

}  // namespace tpcc::settings_table
