// --distribute, --shards and --citus-workers against each other and against
// the layout options Citus cannot honour.
#include "config/finish/finish.hpp"

namespace tpcc {
namespace {

void check_shards(const ParseState& st) {
  const std::optional<Source> shards = st.given.source("shards");
  if (shards && st.cfg.distribution != Distribution::Citus) {
    throw UsageError(shards->where +
                     ": shards exist only with --distribute citus (props distribute=citus)");
  }
}

// Citus builds a shard's DDL without the table's tablespace: the shards on
// the workers would land in their default tablespace, and the option would
// silently do nothing.
void check_tablespace(const ParseState& st) {
  if (st.cfg.distribution != Distribution::Citus || st.cfg.tablespace.empty()) return;
  throw UsageError(
      "--tablespace: not with --distribute citus: Citus creates each shard on a worker "
      "without the table's tablespace, so the tables would not be where the option says");
}

// Binary COPY rows must match the columns' types exactly, and the Citus
// layout makes HISTORY's key a bigint (schema/citus_distribute.sql) where
// the loader's binary rows carry an integer: Citus loads text.
void choose_copy_format(ParseState& st) {
  if (st.cfg.distribution != Distribution::Citus) return;
  const std::optional<Source> copy_format = st.given.source("copy-format");
  if (copy_format && st.cfg.copy_format == CopyFormat::Binary) {
    throw UsageError(copy_format->where +
                     ": binary, but --distribute citus loads text COPY (Citus makes "
                     "bmsql_history.hist_id a bigint, which the binary rows do not carry)");
  }
  st.cfg.copy_format = CopyFormat::Text;
}

// Quickstart starts the cluster itself: --citus-workers means Citus, and
// Citus needs workers.
void finish_quickstart(ParseState& st) {
  if (st.cfg.verb != Verb::Quickstart) return;
  const std::optional<Source> distribute = st.given.source("distribute");
  if (st.cfg.citus_workers > 0) {
    if (distribute && st.cfg.distribution != Distribution::Citus) {
      throw UsageError(distribute->where + ": none, but --citus-workers " +
                       std::to_string(st.cfg.citus_workers) + " asks for a Citus cluster");
    }
    st.cfg.distribution = Distribution::Citus;
  } else if (st.cfg.distribution == Distribution::Citus) {
    throw UsageError(distribute->where +
                     ": quickstart starts the Citus cluster itself: give --citus-workers N");
  }
}

}  // namespace

void finish_citus(ParseState& st) {
  st.collect([&] { finish_quickstart(st); });
  st.collect([&] { check_shards(st); });
  st.collect([&] { check_tablespace(st); });
  st.collect([&] { choose_copy_format(st); });
}

}  // namespace tpcc
