// CH-benCHmark's tables beside TPC-C's (Cole et al., "The mixed workload
// CH-benCHmark", DBTest 2011): SUPPLIER, NATION and REGION with the contents
// CH-benCHmark defines, as BenchBase's chbenchmark loads them, as pure
// functions of the load's seed and the row's key. The DDL is
// schema/ch_tables.sql; the kit's record of what it made, tpcc_ch_tables.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tpcc {

inline constexpr const char* kChRegionTable = "bmsql_region";
inline constexpr const char* kChNationTable = "bmsql_nation";
inline constexpr const char* kChSupplierTable = "bmsql_supplier";

// The three in the order prepare makes them (a nation names its region, a
// supplier its nation).
const std::vector<std::string>& ch_table_names();

// The kit's record: one row per table prepare made, written in the
// transaction that made and loaded it, with its row count. tpcc check
// reads it to know the tables are the kit's; tpcc cleanup drops what it
// names.
inline constexpr const char* kChRecord = "tpcc_ch_tables";
extern const char* const kCreateChRecordSql;
// select table_name, row_count from tpcc_ch_tables.
extern const char* const kSelectChTablesSql;
// The names of CH's three tables found in the current schema.
extern const char* const kListChTablesSql;

// SUPPLIER's 10,000 rows: su_suppkey 0..9999, the values the queries'
// mod(s_w_id * s_i_id, 10000) takes, so that every stock row has its
// supplier. (BenchBase numbers them 1..10000, which leaves key 0 without a
// supplier and 10000 without stock.)
inline constexpr int kChSuppliers = 10000;

struct ChRegion {
  int key;
  const char* name;
};

struct ChNation {
  int key;  // the ASCII code of a character of 0-9, A-Z, a-z
  const char* name;
  int region;
};

// CH-benCHmark's 5 regions and 62 nations, keys, names and regions as
// BenchBase's chbenchmark defines them (nation_gen.tbl, region_gen.tbl):
// a customer's nation is the ASCII code of the first character of c_state
// (4.3.2.2's a-string alphabet), so every customer has one.
const std::vector<ChRegion>& ch_regions();
const std::vector<ChNation>& ch_nations();

// The rows as COPY text, one line each, generated from the load's seed:
// the comments, and a supplier's address, nation, phone, balance and
// comment (as TPC-H 4.2.3 draws them for SUPPLIER; 5 in 10,000 comments
// hold "bad", which CH's Q16 excludes).
std::string ch_region_copy_rows(std::uint64_t seed);
std::string ch_nation_copy_rows(std::uint64_t seed);
std::string ch_supplier_copy_rows(std::uint64_t seed);

// "Supplier#000000042", as TPC-H names its suppliers.
std::string ch_supplier_name(int key);

}  // namespace tpcc
