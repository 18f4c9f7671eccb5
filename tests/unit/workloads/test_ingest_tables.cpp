// The ingest workload's pure parts (workloads/ingest/ingest_tables.hpp,
// workloads/ingest/metrics/ingest_figures.hpp): the row's payload sized from --ingest-row-bytes,
// which stream writes which table, the tablespaces round-robin, the
// statements of a batch, and the spread of the streams' rates.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "workloads/ingest/ingest_tables.hpp"
#include "workloads/ingest/metrics/ingest_figures.hpp"

using tpcc::IngestOptions;

TEST_CASE("ingest: a 360-byte row holds the write-up's 320-character text", "[ingest]") {
  CHECK(tpcc::ingest_payload_chars(360) == 320);
  CHECK(tpcc::ingest_payload_chars(41) == 1);
  const std::string payload = tpcc::ingest_payload(320);
  CHECK(payload.size() == 320);
  CHECK(payload.find_first_not_of("0123456789abcdef") == std::string::npos);
  // Not one digit repeated: a text that compresses as badly as a digest.
  std::map<char, int> digits;
  for (const char c : payload) ++digits[c];
  CHECK(digits.size() == 16);
  CHECK(tpcc::ingest_payload(7) == payload.substr(0, 7));
}

TEST_CASE("ingest: a table per stream, or streams sharing tables round-robin", "[ingest]") {
  IngestOptions own;
  CHECK(tpcc::ingest_table_count(own, 128) == 128);
  for (int stream = 0; stream < 5; ++stream) {
    CHECK(tpcc::ingest_table_of_stream(stream, 5) == stream + 1);
  }
  IngestOptions shared;
  shared.tables = 3;
  CHECK(tpcc::ingest_table_count(shared, 128) == 3);
  std::vector<int> tables;
  for (int stream = 0; stream < 7; ++stream) {
    tables.push_back(tpcc::ingest_table_of_stream(stream, 3));
  }
  CHECK(tables == std::vector<int>{1, 2, 3, 1, 2, 3, 1});
}

TEST_CASE("ingest: tables go to the tablespaces round-robin", "[ingest]") {
  const std::vector<std::string> spaces = {"a", "b", "c"};
  CHECK(tpcc::ingest_tablespace(1, spaces) == std::optional<std::string>("a"));
  CHECK(tpcc::ingest_tablespace(3, spaces) == std::optional<std::string>("c"));
  CHECK(tpcc::ingest_tablespace(4, spaces) == std::optional<std::string>("a"));
  CHECK_FALSE(tpcc::ingest_tablespace(1, {}).has_value());
}

TEST_CASE("ingest: a batch's INSERT, COPY and table DDL", "[ingest]") {
  CHECK(tpcc::ingest_insert_sql(2, 3) ==
        "insert into tpcc_ingest_2 (crt_time) values (now()),(now()),(now())");
  CHECK(tpcc::ingest_copy_sql(2) == "copy tpcc_ingest_2 (crt_time) from stdin");
  CHECK(tpcc::ingest_copy_rows(2, "2026-01-01 00:00:00") ==
        "2026-01-01 00:00:00\n2026-01-01 00:00:00\n");
  IngestOptions options;
  options.unlogged = true;
  options.row_bytes = 45;
  const std::vector<std::string> ddl =
      tpcc::create_ingest_table_statements(7, options, std::string("fast"));
  REQUIRE(ddl.size() == 2);
  CHECK(ddl[0] == "create unlogged table tpcc_ingest_7 (crt_time timestamp, info text default '" +
                      tpcc::ingest_payload(5) + "') tablespace \"fast\"");
  CHECK(ddl[1] == "alter table tpcc_ingest_7 alter column info set storage plain");
  options.unlogged = false;
  CHECK(tpcc::create_ingest_table_statements(7, options, std::nullopt)[0].rfind(
            "create table tpcc_ingest_7 (", 0) == 0);
}

TEST_CASE("ingest: the streams' spread and the run's rates", "[ingest]") {
  const tpcc::StreamSpread spread = tpcc::stream_spread({100, 300, 200}, 10);
  CHECK(spread.min == Approx(10));
  CHECK(spread.avg == Approx(20));
  CHECK(spread.max == Approx(30));
  CHECK(tpcc::stream_spread({}, 10).max == 0);
  CHECK(tpcc::stream_spread({5}, 0).max == 0);

  tpcc::IngestFigures f;
  f.rows = 1000000;
  f.seconds = 10;
  f.payload_bytes = 320;
  f.wal_bytes = 50e6;
  f.wal_seconds = 12.5;
  tpcc::derive_ingest_rates(f);
  CHECK(f.rows_per_second == Approx(100000));
  CHECK(f.payload_mb_per_second == Approx(32));
  REQUIRE(f.wal_mb_per_second.has_value());
  CHECK(*f.wal_mb_per_second == Approx(4));
  f.wal_bytes.reset();
  tpcc::derive_ingest_rates(f);
  CHECK_FALSE(f.wal_mb_per_second.has_value());
}
