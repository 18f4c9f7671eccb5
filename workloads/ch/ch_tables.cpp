#include "workloads/ch/ch_tables.hpp"

#include <cstdio>

#include "loader/copy_format.hpp"
#include "spec/random.hpp"
#include "spec/text.hpp"

namespace tpcc {
namespace {

// Keys of CH's random streams (Random::stream), apart from the TPC-C
// loader's (loader/generate.cpp numbers its own from 1).
enum ChStreamKey : std::uint64_t {
  kRegionStream = 0x4348'0001,
  kNationStream,
  kSupplierStream,
};

// TPC-H 4.2.3: S_ACCTBAL random in [-999.99, 9999.99], in cents.
constexpr long long kMinBalanceCents = -99999;
constexpr long long kMaxBalanceCents = 999999;
// TPC-H 4.2.3: 5 suppliers in 10,000 carry a complaint in their comment;
// CH's Q16 looks for it as "bad".
constexpr int kComplaintOneIn = 2000;
constexpr const char* kComplaint = "bad";

// 4.3.2.2-style text lengths: TPC-H's comment lengths for NATION and
// REGION (4.2.3: 31..114 and 31..115), BenchBase's for SUPPLIER.
constexpr int kNationCommentMin = 31, kNationCommentMax = 114;
constexpr int kRegionCommentMin = 31, kRegionCommentMax = 115;
constexpr int kAddressMin = 20, kAddressMax = 40;
constexpr int kPhoneDigits = 15;
constexpr int kSupplierCommentMin = 51, kSupplierCommentMax = 101;

std::uint64_t u(int v) { return static_cast<std::uint64_t>(v); }

void end_line(std::string& out) { out += '\n'; }
void tab(std::string& out) { out += '\t'; }

}  // namespace

const char* const kCreateChRecordSql =
    "create table if not exists tpcc_ch_tables ("
    " table_name text primary key,"
    " row_count bigint not null,"
    " loaded_at timestamptz not null default now())";

const char* const kSelectChTablesSql = "select table_name, row_count from tpcc_ch_tables";

const char* const kListChTablesSql =
    "select relname from pg_class where relname in ('bmsql_supplier', 'bmsql_nation', "
    "'bmsql_region') and relkind in ('r', 'p') "
    "and relnamespace = to_regnamespace(current_schema())::oid order by relname";

const std::vector<std::string>& ch_table_names() {
  static const std::vector<std::string> names = {kChRegionTable, kChNationTable, kChSupplierTable};
  return names;
}

const std::vector<ChRegion>& ch_regions() {
  static const std::vector<ChRegion> regions = {
      {1, "Africa"}, {2, "America"}, {3, "Asia"}, {4, "Australia"}, {5, "Europe"},
  };
  return regions;
}

const std::vector<ChNation>& ch_nations() {
  // Keys '0'..'9', 'A'..'Z', 'a'..'z'. "Finnland" is spelt as CH defines it.
  static const std::vector<ChNation> nations = {
      {48, "Australia", 4},
      {49, "Belgium", 5},
      {50, "Cameroon", 1},
      {51, "Denmark", 5},
      {52, "Ecuador", 2},
      {53, "France", 5},
      {54, "Germany", 5},
      {55, "Hungary", 5},
      {56, "Italy", 5},
      {57, "Japan", 3},
      {65, "Kenya", 1},
      {66, "Lithuania", 5},
      {67, "Mexico", 2},
      {68, "Netherlands", 5},
      {69, "Oman", 1},
      {70, "Portugal", 5},
      {71, "Qatar", 1},
      {72, "Rwanda", 1},
      {73, "Serbia", 5},
      {74, "Togo", 1},
      {75, "United States", 2},
      {76, "Vietnam", 3},
      {77, "Singapore", 3},
      {78, "Cambodia", 3},
      {79, "Yemen", 1},
      {80, "Zimbabwe", 1},
      {81, "Argentina", 2},
      {82, "Bolivia", 2},
      {83, "Canada", 2},
      {84, "Dominican Republic", 2},
      {85, "Egypt", 1},
      {86, "Finnland", 5},
      {87, "Ghana", 1},
      {88, "Haiti", 2},
      {89, "India", 3},
      {90, "Jamaica", 4},
      {97, "Kazakhstan", 3},
      {98, "Luxembourg", 5},
      {99, "Morocco", 1},
      {100, "Norway", 5},
      {101, "Poland", 5},
      {102, "Peru", 2},
      {103, "Nicaragua", 2},
      {104, "Romania", 5},
      {105, "South Africa", 1},
      {106, "Thailand", 3},
      {107, "United Kingdom", 5},
      {108, "Venezuela", 2},
      {109, "Liechtenstein", 5},
      {110, "Austria", 5},
      {111, "Laos", 3},
      {112, "Zambia", 1},
      {113, "Switzerland", 5},
      {114, "China", 3},
      {115, "Papua New Guinea", 4},
      {116, "East Timor", 4},
      {117, "Bulgaria", 5},
      {118, "Brazil", 2},
      {119, "Albania", 5},
      {120, "Andorra", 5},
      {121, "Belize", 2},
      {122, "Botswana", 1},
  };
  return nations;
}

std::string ch_supplier_name(int key) {
  char name[32];
  std::snprintf(name, sizeof name, "Supplier#%09d", key);
  return name;
}

std::string ch_region_copy_rows(std::uint64_t seed) {
  std::string out;
  for (const ChRegion& region : ch_regions()) {
    Random rng = Random::stream(seed, {kRegionStream, u(region.key)});
    copy_format::append_int(out, region.key);
    tab(out);
    copy_format::append_copy_text(out, region.name);
    tab(out);
    append_a_string(rng, kRegionCommentMin, kRegionCommentMax, out);
    end_line(out);
  }
  return out;
}

std::string ch_nation_copy_rows(std::uint64_t seed) {
  std::string out;
  for (const ChNation& nation : ch_nations()) {
    Random rng = Random::stream(seed, {kNationStream, u(nation.key)});
    copy_format::append_int(out, nation.key);
    tab(out);
    copy_format::append_copy_text(out, nation.name);
    tab(out);
    copy_format::append_int(out, nation.region);
    tab(out);
    append_a_string(rng, kNationCommentMin, kNationCommentMax, out);
    end_line(out);
  }
  return out;
}

std::string ch_supplier_copy_rows(std::uint64_t seed) {
  const std::vector<ChNation>& nations = ch_nations();
  std::string out;
  out.reserve(static_cast<std::size_t>(kChSuppliers) * 200);
  for (int key = 0; key < kChSuppliers; ++key) {
    Random rng = Random::stream(seed, {kSupplierStream, u(key)});
    copy_format::append_int(out, key);
    tab(out);
    out += ch_supplier_name(key);
    tab(out);
    append_a_string(rng, kAddressMin, kAddressMax, out);
    tab(out);
    const auto nation = rng.uniform(0, static_cast<std::int64_t>(nations.size()) - 1);
    copy_format::append_int(out, nations[static_cast<std::size_t>(nation)].key);
    tab(out);
    out += n_string(rng, kPhoneDigits, kPhoneDigits);
    tab(out);
    copy_format::append_fixed(out, rng.uniform(kMinBalanceCents, kMaxBalanceCents), 2);
    tab(out);
    std::string comment = a_string(rng, kSupplierCommentMin, kSupplierCommentMax);
    if (rng.uniform(1, kComplaintOneIn) == 1) {
      const auto at = rng.uniform(0, static_cast<std::int64_t>(comment.size()) - 3);
      comment.replace(static_cast<std::size_t>(at), 3, kComplaint);
    }
    out += comment;
    end_line(out);
  }
  return out;
}

}  // namespace tpcc
