#include "workloads/ingest/config/ingest_config.hpp"

#include <nlohmann/json.hpp>

#include "config/config.hpp"
#include "config/effective.hpp"
#include "config/names.hpp"

namespace tpcc {
namespace {

// config.json's "ingest": the workload's options, and the same read back.
nlohmann::ordered_json ingest_json(const Config& c) {
  const IngestOptions& o = c.ingest;
  return {{"tables", o.tables},
          {"rows", o.rows},
          {"row_bytes", o.row_bytes},
          {"method", std::string(ingest_method_name(o.method))},
          {"unlogged", o.unlogged}};
}

void read_ingest_json(const nlohmann::json& j, Config& c) {
  IngestOptions& o = c.ingest;
  read_json_field(j, "tables", o.tables);
  read_json_field(j, "rows", o.rows);
  read_json_field(j, "row_bytes", o.row_bytes);
  read_json_field(j, "unlogged", o.unlogged);
  if (j.contains("method")) {
    o.method = j.at("method") == "copy" ? IngestMethod::Copy : IngestMethod::Insert;
  }
}

}  // namespace

const WorkloadConfig& ingest_config() {
  static const WorkloadConfig config = [] {
    WorkloadConfig w;
    w.kind = WorkloadKind::Ingest;
    w.name = "ingest";
    w.owner = "the ingest workload's";
    w.sysbench_test = false;
    w.json_key = "ingest";
    w.json_block = ingest_json;
    w.read_json_block = read_ingest_json;
    // Its tables are its runs' own: no load axis.
    return w;
  }();
  return config;
}

}  // namespace tpcc
