// config/yaml_text: the manifests' YAML, pinned whole; a string YAML would
// read as another value (a number, a boolean, a key) is quoted.
#include <catch2/catch.hpp>

#include "config/yaml_text.hpp"

using nlohmann::ordered_json;
using tpcc::yaml_scalar;
using tpcc::yaml_text;

TEST_CASE("yaml: maps, sequences of maps and scalars in block style", "[yaml]") {
  const ordered_json j = {
      {"kind", "Job"},
      {"spec",
       {{"completions", 4},
        {"containers",
         ordered_json::array({{{"name", "tpcc"}, {"command", {"/bin/sh", "-c", "exec tpcc"}}}})},
        {"empty", ordered_json::object()}}}};
  CHECK(yaml_text(j) ==
        "kind: Job\n"
        "spec:\n"
        "  completions: 4\n"
        "  containers:\n"
        "    - name: tpcc\n"
        "      command:\n"
        "        - /bin/sh\n"
        "        - \"-c\"\n"
        "        - \"exec tpcc\"\n"
        "  empty: {}\n");
}

TEST_CASE("yaml: strings that YAML reads as something else are quoted", "[yaml]") {
  CHECK(yaml_scalar("ReadWriteMany") == "ReadWriteMany");
  CHECK(yaml_scalar("app.kubernetes.io/name") == "app.kubernetes.io/name");
  for (const char* other : {"yes", "No", "on", "OFF", "true", "null", "~", "1", "1Gi", "-c", "",
                            "a: b", "#x", "localhost/tpcc:0.1"}) {
    INFO(other);
    CHECK(yaml_scalar(other).front() == '"');
  }
  CHECK(yaml_scalar("say \"hi\"\n") == "\"say \\\"hi\\\"\\n\"");
}

TEST_CASE("yaml: a sequence of sequences and a bare scalar", "[yaml]") {
  CHECK(yaml_text(ordered_json::array({ordered_json::array({1, 2}), true})) ==
        "- - 1\n"
        "  - 2\n"
        "- true\n");
  CHECK(yaml_text(ordered_json(3)) == "3\n");
}
