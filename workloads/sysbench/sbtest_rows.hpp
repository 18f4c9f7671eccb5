// The rows of an sbtest table as sysbench's prepare writes them
// (oltp_common.lua's insert loop): for each id in order, c and pad from
// their templates, then k = sysbench.rand.default(1, table_size). Rows are
// generated in ranges of ids, each from a Random stream of its own (seed,
// table, first id), so that a resumed prepare writes the same rows and the
// workers' order does not matter.
#pragma once

#include <cstdint>
#include <string>

#include "config/workload_options.hpp"
#include "workloads/sysbench/sysbench_random.hpp"

namespace tpcc {

// Ids per range: one transaction and one record row each.
inline constexpr long long kSbtestChunkRows = 50000;

struct SbtestRow {
  long long id = 0;
  long long k = 0;
  std::string c;
  std::string pad;
};

// Calls row(const SbtestRow&) for ids first..last of sbtest<table>.
template <typename Sink>
void generate_sbtest_rows(const OltpOptions& options, std::uint64_t seed, int table,
                          long long first, long long last, Sink row);

// The Random stream of the range starting at `first`.
Random sbtest_chunk_random(std::uint64_t seed, int table, long long first);

// Appends the range's rows to `out` in COPY's binary format, header and
// trailer included (copy_sbtest_sql's COPY takes it); returns the rows.
long long append_sbtest_copy(std::string& out, const OltpOptions& options, std::uint64_t seed,
                             int table, long long first, long long last);
// The same rows without header and trailer: one piece of a longer COPY.
long long append_sbtest_rows(std::string& out, const OltpOptions& options, std::uint64_t seed,
                             int table, long long first, long long last);

template <typename Sink>
void generate_sbtest_rows(const OltpOptions& options, std::uint64_t seed, int table,
                          long long first, long long last, Sink row) {
  Random rng = sbtest_chunk_random(seed, table, first);
  const SysbenchDistribution ks(options);
  SbtestRow r;
  for (long long id = first; id <= last; ++id) {
    fill_sysbench_digits(r.c, kSysbenchCTemplate, rng);
    fill_sysbench_digits(r.pad, kSysbenchPadTemplate, rng);
    r.id = id;
    r.k = ks.draw(rng, 1, options.table_size);
    row(static_cast<const SbtestRow&>(r));
  }
}

}  // namespace tpcc
