#include "workloads/sysbench/sbtest_rows.hpp"

#include "loader/copy_binary.hpp"

namespace tpcc {
namespace {

// Keeps the sbtest streams apart from every other stream of the seed.
constexpr std::uint64_t kSbtestStream = 0x5b7e57;

}  // namespace

Random sbtest_chunk_random(std::uint64_t seed, int table, long long first) {
  return Random::stream(
      seed, {kSbtestStream, static_cast<std::uint64_t>(table), static_cast<std::uint64_t>(first)});
}

long long append_sbtest_copy(std::string& out, const OltpOptions& options, std::uint64_t seed,
                             int table, long long first, long long last) {
  out.append(copy_binary::kHeader, sizeof copy_binary::kHeader);
  const long long rows = append_sbtest_rows(out, options, seed, table, first, last);
  out.append(copy_binary::kTrailer, sizeof copy_binary::kTrailer);
  return rows;
}

long long append_sbtest_rows(std::string& out, const OltpOptions& options, std::uint64_t seed,
                             int table, long long first, long long last) {
  using namespace copy_binary;
  long long rows = 0;
  generate_sbtest_rows(options, seed, table, first, last, [&](const SbtestRow& r) {
    append_big_endian<std::int16_t>(out, 4);
    append_int4(out, static_cast<int>(r.id));
    append_int4(out, static_cast<int>(r.k));
    append_bytes(out, r.c);
    append_bytes(out, r.pad);
    ++rows;
  });
  return rows;
}

}  // namespace tpcc
