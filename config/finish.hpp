// The checks and derived values that need every layer in: run length, mix and
// profile, terminals against warehouses, pacing, standbys. Problems are
// collected in the ParseState, not thrown, so that all are reported at once.
#pragma once

#include <string>

#include "config/settings.hpp"

namespace tpcc {

// A connection string as libpq takes it: a JDBC URL translated (its
// driver-only parameters warned about), then the props user and password
// added unless it names them. Throws UsageError for a malformed JDBC URL.
std::string resolve_conninfo(const RawConn& raw, ParseState& st);

// Every cross-option check and derived value, for st.cfg.verb.
void finish_config(ParseState& st);

// --distribute, --shards and --citus-workers together (finish_citus.cpp).
void finish_citus(ParseState& st);

// The standbys of a run (finish_standby.cpp), after the terminals are known.
void finish_standbys(ParseState& st);

}  // namespace tpcc
