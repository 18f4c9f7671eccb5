// CH-benCHmark's 22 analytic queries (workloads/ch/queries/q01.sql ...
// q22.sql, compiled into the binary) and the order an analytic stream runs
// them in: TPC-H's query-stream permutations (TPC-H 2.18, Appendix A),
// which CH-benCHmark's query streams take over from TPC-H.
#pragma once

#include <array>
#include <string>

namespace tpcc {

inline constexpr int kChQueryCount = 22;

// The text of query `number` (1..22), as its .sql file holds it (its header
// comment naming its source first).
const std::string& ch_query_sql(int number);

// The text a stream runs for query `number` on a load distributed by
// Citus: its variant for Citus (q<nn>_citus.sql, whose header says why)
// where there is one, else ch_query_sql(number).
const std::string& ch_citus_query_sql(int number);

// Whether query `number` has a variant for Citus.
bool ch_query_has_citus_variant(int number);

// "Q1" .. "Q22".
std::string ch_query_name(int number);

// TPC-H Appendix A: the rows of the permutation table, row 0 the power
// test's order and rows 1..40 the throughput streams'.
inline constexpr int kChStreamOrders = 41;

// The queries (1..22) of stream `stream` (0-based) in the order it runs
// them: row stream mod 41 of TPC-H's table.
const std::array<int, kChQueryCount>& ch_stream_order(int stream);

}  // namespace tpcc
