// The JSON text of every file tpcc writes: a byte from outside the kit that
// is not UTF-8 (a script's text, a server's message) becomes U+FFFD and the
// rest of the file is kept, where a plain dump would throw and lose it.
#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "config/json_text.hpp"

TEST_CASE("json text: a byte that is not UTF-8 is written as U+FFFD, the rest kept",
          "[config][utf8]") {
  nlohmann::json j;
  j["command"] = "select 'caf\xe9';";
  j["tps"] = 12.5;
  CHECK_THROWS(j.dump());  // what the files were written with before
  const std::string text = tpcc::json_text(j);
  CHECK(text == "{\"command\":\"select 'caf\xEF\xBF\xBD';\",\"tps\":12.5}");
  const nlohmann::json back = nlohmann::json::parse(text);
  CHECK(back.at("tps") == 12.5);
}

TEST_CASE("json text: UTF-8 text and the indent are as dump writes them", "[config][utf8]") {
  const nlohmann::json j = {{"label", "caf\xc3\xa9"}, {"n", 1}};
  CHECK(tpcc::json_text(j) == j.dump());
  CHECK(tpcc::json_text(j, 2) == j.dump(2));
}

TEST_CASE("json text: an ordered_json keeps the order its keys were set in", "[config][utf8]") {
  nlohmann::ordered_json j;
  j["zeta"] = 1;
  j["alpha"] = "caf\xe9";
  CHECK(tpcc::json_text(j) == "{\"zeta\":1,\"alpha\":\"caf\xEF\xBF\xBD\"}");
}
