// A mixed run's figures of the servers its analytic streams ran on
// (docs/ch.md "Freshness", "Recovery conflicts on standbys"): the
// console's lines after the per-query table, result.json's "freshness_ms"
// and "standbys", and the page's tables read back from them.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "metrics/run.hpp"
#include "report/views/workload_figures.hpp"

namespace tpcc {

// "    freshness: p50 12.0 ms, p99 98.0 ms, max 103.0 ms (41 queries)"
// (", on standby 1" after "freshness" for a standby's), and for each
// standby its recovery conflicts and hot_standby_feedback; empty for
// --workload ch.
std::string ch_servers_lines(const ChFigures& figures);

// Adds "freshness_ms" (every server's queries together) and, with the
// streams on the primary, its "freshness_by_interval"; on standbys,
// "standbys": one object per standby.
void add_ch_servers_json(nlohmann::json& ch, const ChFigures& figures);

// The figures add_ch_servers_json wrote, read back into `figures`
// (freshness and servers; not the freshness by interval).
void read_ch_servers_json(const nlohmann::json& ch, ChFigures& figures);

// The "Freshness" table (a row per server) and, on standbys, the
// "Recovery conflicts on standbys" table; none for --workload ch.
std::vector<WorkloadTable> ch_servers_tables(const nlohmann::json& ch);

// The chart "freshness per interval": each server's p50 and max (dashed)
// of every measured interval with queries, from "freshness_by_interval";
// none for --workload ch.
std::vector<WorkloadChart> ch_servers_charts(const nlohmann::json& ch);

}  // namespace tpcc
