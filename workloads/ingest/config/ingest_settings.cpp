// The options table, ingest part: the bulk-ingest workload's own options
// (docs/ingest.md). The tablespaces are --tablespace's (a list of names,
// taken round-robin); the streams are the terminals. The cross-checks with
// the other workloads' options are workloads/ingest/config/ingest_finish.cpp's.
#include <string>
#include <vector>

#include "config/names.hpp"
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"
#include "workloads/ingest/config/ingest_config.hpp"

namespace tpcc::settings_table {
namespace {

constexpr VerbSet kIngestVerbs = kPrepare | kRun | kCheck | kCleanup | kCapacity;

// A statement of more rows than this is one the server parses slowly and
// the client builds for nothing: a batch is for throughput, not for size.
constexpr long long kMaxRowsPerStatement = 100000;

template <int IngestOptions::*Field, long long Lo, long long Hi>
void apply_count(const std::string& v, const Source& src, ParseState& st) {
  st.cfg.ingest.*Field = parse_int(v, Lo, Hi, src.where);
}

template <int IngestOptions::*Field>
std::string show_count(const Config& c) {
  return std::to_string(c.ingest.*Field);
}

}  // namespace

void add_ingest(std::vector<Setting>& s) {
  add(s, "ingest-tables", "N", {}, kIngestVerbs, kIngestOnly, kIngestSection,
      "The ingest workload's tables, tpcc_ingest_1..N: 0 (the default) gives each stream "
      "(terminal) a table of its own, so prepare makes --terminals tables; N shares N tables "
      "among the streams round-robin (stream i writes table (i mod N) + 1).",
      apply_count<&IngestOptions::tables, 0, 100000>, show_count<&IngestOptions::tables>)
      .json = json_none(kJsonWorkloadBlock);
  add(s, "ingest-rows", "R", {}, kIngestVerbs, kIngestOnly, kIngestSection,
      "Rows per statement of the ingest workload: each batch is one R-row INSERT (or COPY) "
      "in its own transaction (1..100000).",
      apply_count<&IngestOptions::rows, 1, kMaxRowsPerStatement>, show_count<&IngestOptions::rows>)
      .json = json_none(kJsonWorkloadBlock);
  add(s, "ingest-row-bytes", "B", {}, kIngestVerbs, kIngestOnly, kIngestSection,
      "The size of an ingest row in its table, about: a timestamp and a text payload of B - "
      "40 characters stored plain (the tuple header, the timestamp, the text's length and the "
      "line pointer take the 40). 360 (the default) is the 320-character md5 text of the "
      "usual pgbench set-up (41..8000).",
      apply_count<&IngestOptions::row_bytes, kIngestRowOverheadBytes + 1, kMaxIngestRowBytes>,
      show_count<&IngestOptions::row_bytes>)
      .json = json_none(kJsonWorkloadBlock);
  add(
      s, "ingest-method", "insert|copy", {}, kIngestVerbs, kIngestOnly, kIngestSection,
      "How a batch is sent: insert, one multi-row INSERT ... VALUES (now()), (now()), ...; "
      "copy, COPY ... FROM STDIN of the batch's timestamps on the stream's connection.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.ingest.method = parse_choice(v, {"insert", "copy"}, src.where) == 1
                                   ? IngestMethod::Copy
                                   : IngestMethod::Insert;
      },
      [](const Config& c) { return std::string(ingest_method_name(c.ingest.method)); })
      .json = json_none(kJsonWorkloadBlock);
  add(
      s, "ingest-checkpoint", nullptr, {}, kRun, kIngestOnly, kIngestSection,
      "With --repeat N: the CHECKPOINT after the truncate that empties the ingest tables "
      "before each run after the first, so that each run starts with no dirty pages of the "
      "last one to write back (superuser or pg_checkpoint). Each step is timed and printed.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.ingest.checkpoint = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.ingest.checkpoint); })
      .json = json_none(kJsonNotYet);
  add(
      s, "unlogged", nullptr, {}, kPrepare, kIngestOnly, kIngestSection,
      "prepare makes the ingest tables UNLOGGED: no WAL for their rows, and empty after a "
      "crash.",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.ingest.unlogged = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.ingest.unlogged); })
      .json = json_none(kJsonWorkloadBlock);
}

}  // namespace tpcc::settings_table
