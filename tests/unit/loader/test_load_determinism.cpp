// The rows of the load are a function of (seed, table, warehouse): the same
// seed gives the same rows whatever else was generated before, so a resumed
// or parallel load writes what an uninterrupted one would.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "loader/generate.hpp"

using namespace tpcc;

namespace {

// FNV-1a over fields, with a separator after each so that moving a value
// between fields changes the hash.
class Fnv {
 public:
  std::uint64_t value = 1469598103934665603ULL;

  template <typename Row>
  void row(const Row& r) {
    field(std::string(Row::kTable));
    std::apply([this](const auto&... f) { ((field(f), separator()), ...); }, r.fields());
  }

 private:
  void bytes(const void* data, std::size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < n; ++i) {
      value ^= p[i];
      value *= 1099511628211ULL;
    }
  }
  void separator() { bytes("\x1f", 1); }
  void field(int v) { bytes(&v, sizeof v); }
  void field(const std::string& s) { bytes(s.data(), s.size()); }
  void field(const Money& m) { bytes(&m.cents, sizeof m.cents); }
  void field(const Rate4& r) { field(r.ten_thousandths); }
  void field(const NullableInt& v) {
    field(v.null_value ? 0 : 1);
    if (!v.null_value) field(v.value);
  }
  void field(const NullableTimestamp& t) {
    // The text, not the pointer: two loads keep their time in different places.
    field(t.is_null() ? 0 : 1);
    if (!t.is_null()) field(*t.text);
  }
};

// The row without the keys that say where it belongs (warehouse, district,
// order line position), leaving what was drawn at random, so that rows of
// different warehouses or districts can be compared for content.
void clear_keys(ItemRow&) {}
void clear_keys(WarehouseRow& r) { r.w_id = 0; }
void clear_keys(DistrictRow& r) { r.d_w_id = r.d_id = 0; }
void clear_keys(StockRow& r) { r.s_w_id = 0; }
void clear_keys(CustomerRow& r) { r.c_w_id = r.c_d_id = 0; }
void clear_keys(HistoryRow& r) { r.hist_id = r.h_c_d_id = r.h_c_w_id = r.h_d_id = r.h_w_id = 0; }
void clear_keys(OrderRow& r) { r.o_w_id = r.o_d_id = 0; }
void clear_keys(NewOrderRow& r) { r.no_w_id = r.no_d_id = 0; }
void clear_keys(OrderLineRow& r) {
  r.ol_w_id = r.ol_d_id = r.ol_supply_w_id = r.ol_o_id = r.ol_number = 0;
}

// One hash over every field of every row in arrival order, and per table a
// hash of each row's content without its warehouse and district keys.
class HashingSink : public RowSink {
 public:
  Fnv all;
  long rows = 0;
  int min_hist_id = 1 << 30, max_hist_id = -1;
  std::map<std::string, std::vector<std::uint64_t>> content;
  std::map<int, std::size_t> order_lines_per_district;

  void write(const ItemRow& r) override { add(r); }
  void write(const WarehouseRow& r) override { add(r); }
  void write(const DistrictRow& r) override { add(r); }
  void write(const StockRow& r) override { add(r); }
  void write(const CustomerRow& r) override { add(r); }
  void write(const HistoryRow& r) override {
    min_hist_id = std::min(min_hist_id, r.hist_id);
    max_hist_id = std::max(max_hist_id, r.hist_id);
    add(r);
  }
  void write(const OrderRow& r) override { add(r); }
  void write(const NewOrderRow& r) override { add(r); }
  void write(const OrderLineRow& r) override {
    ++order_lines_per_district[r.ol_d_id];
    add(r);
  }

  std::uint64_t hash() const { return all.value; }

 private:
  template <typename Row>
  void add(const Row& row) {
    ++rows;
    all.row(row);
    Row keyless = row;
    clear_keys(keyless);
    Fnv h;
    h.row(keyless);
    content[Row::kTable].push_back(h.value);
  }
};

// Share of positions at which two lists of row hashes agree.
double share_equal(const std::vector<std::uint64_t>& a, std::size_t a_begin,
                   const std::vector<std::uint64_t>& b, std::size_t b_begin, std::size_t n) {
  std::size_t equal = 0;
  for (std::size_t i = 0; i < n; ++i) equal += a[a_begin + i] == b[b_begin + i] ? 1 : 0;
  return n == 0 ? 1.0 : static_cast<double>(equal) / static_cast<double>(n);
}

LoadParameters params(std::uint64_t seed) {
  LoadParameters p;
  p.seed = seed;
  p.c_load = load_constants_for_seed(seed);
  p.load_time = "2010-02-11 12:00:00";
  return p;
}

HashingSink hash_warehouse(const LoadParameters& p, int w_id) {
  HashingSink sink;
  generate_warehouse(p, w_id, sink);
  return sink;
}

constexpr std::uint64_t kSeed = 4242;

// Warehouse 2 of kSeed, generated once for the tests below.
const HashingSink& reference_warehouse_2() {
  static const HashingSink sink = hash_warehouse(params(kSeed), 2);
  return sink;
}

}  // namespace

TEST_CASE("the same seed gives identical rows for warehouse 2", "[load][determinism]") {
  const HashingSink again = hash_warehouse(params(kSeed), 2);
  CHECK(again.rows == reference_warehouse_2().rows);
  CHECK(again.hash() == reference_warehouse_2().hash());
}

TEST_CASE("warehouse 2 alone equals warehouse 2 generated after warehouse 1",
          "[load][determinism]") {
  const LoadParameters p = params(kSeed);
  HashingSink first;
  generate_warehouse(p, 1, first);
  HashingSink second;
  generate_warehouse(p, 2, second);
  CHECK(second.hash() == reference_warehouse_2().hash());
  // And the two warehouses differ from each other.
  CHECK(first.hash() != second.hash());
  // hist_id does not repeat across warehouses.
  CHECK(first.max_hist_id < second.min_hist_id);
}

TEST_CASE("a different seed gives different rows", "[load][determinism]") {
  const HashingSink other = hash_warehouse(params(kSeed + 1), 2);
  CHECK(other.hash() != reference_warehouse_2().hash());
}

TEST_CASE("the load time is written as given, not where it is stored", "[load][determinism]") {
  // Same text at another address: same rows; other text: other rows.
  LoadParameters p = params(kSeed);
  p.load_time = std::string("2010-02-11 ") + "12:00:00";
  CHECK(hash_warehouse(p, 2).hash() == reference_warehouse_2().hash());
  p.load_time = "2010-02-11 12:00:01";
  CHECK(hash_warehouse(p, 2).hash() != reference_warehouse_2().hash());
}

TEST_CASE("ITEM rows depend on the seed only", "[load][determinism]") {
  HashingSink a, b, c;
  generate_items(params(kSeed), a);
  generate_items(params(kSeed), b);
  generate_items(params(kSeed + 1), c);
  CHECK(a.rows == 100000);
  CHECK(a.hash() == b.hash());
  CHECK(a.hash() != c.hash());
}

TEST_CASE("2.1.6 load_constants_for_seed is a function of the seed", "[load][determinism]") {
  const auto a = load_constants_for_seed(kSeed);
  const auto b = load_constants_for_seed(kSeed);
  CHECK(std::tie(a.c_last, a.c_id, a.ol_i_id) == std::tie(b.c_last, b.c_id, b.ol_i_id));
  int differing = 0;
  for (std::uint64_t s = 1; s <= 100; ++s) {
    const auto c = load_constants_for_seed(s);
    CHECK(c.c_last >= 0);
    CHECK(c.c_last <= 255);
    CHECK(c.c_id >= 0);
    CHECK(c.c_id <= 1023);
    CHECK(c.ol_i_id >= 0);
    CHECK(c.ol_i_id <= 8191);
    if (c.c_last != a.c_last) ++differing;
  }
  CHECK(differing > 90);
}

TEST_CASE("rows of different warehouses are drawn independently", "[load][determinism]") {
  // A stream keyed without the warehouse would give every warehouse the
  // same stock, customers or orders, told apart only by W_ID.
  const LoadParameters p = params(kSeed);
  const HashingSink w1 = hash_warehouse(p, 1);
  const HashingSink& w2 = reference_warehouse_2();
  for (const auto& [table, rows1] : w1.content) {
    const auto& rows2 = w2.content.at(table);
    INFO(table);
    if (table == NewOrderRow::kTable) {
      // Fixed content: orders 2101..3000 of each district.
      CHECK(rows1 == rows2);
      continue;
    }
    const std::size_t n = std::min(rows1.size(), rows2.size());
    CHECK(share_equal(rows1, 0, rows2, 0, n) < 0.01);
  }
}

TEST_CASE("rows of different districts are drawn independently", "[load][determinism]") {
  const HashingSink& w = reference_warehouse_2();
  // Tables with a fixed number of rows per district: compare district 1 with
  // each other district, row by row.
  for (const char* table : {CustomerRow::kTable, HistoryRow::kTable, OrderRow::kTable}) {
    INFO(table);
    const auto& rows = w.content.at(table);
    REQUIRE(rows.size() == 30000);
    for (std::size_t d = 1; d < 10; ++d) {
      INFO("district " << d + 1);
      CHECK(share_equal(rows, 0, rows, d * 3000, 3000) < 0.01);
    }
  }
  // District rows differ from one another.
  const auto& districts = w.content.at(DistrictRow::kTable);
  CHECK(std::set<std::uint64_t>(districts.begin(), districts.end()).size() == 10);
  // Order lines: the first 25,000 lines of districts 1 and 2.
  const auto& lines = w.content.at(OrderLineRow::kTable);
  const std::size_t district_1_lines = w.order_lines_per_district.at(1);
  REQUIRE(district_1_lines > 25000);
  REQUIRE(w.order_lines_per_district.at(2) > 25000);
  CHECK(share_equal(lines, 0, lines, district_1_lines, 25000) < 0.01);
}
