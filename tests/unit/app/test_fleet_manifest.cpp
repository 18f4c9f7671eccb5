// tpcc fleet k8s: its options (config/settings/fleet.cpp, fleet_args.cpp)
// and the objects of its manifest (app/fleet_manifest.cpp). The drivers'
// options are parsed again as their verb's, so that a manifest never
// starts pods bound to refuse them; the conninfo never enters it.
#include <catch2/catch.hpp>

#include <string>

#include "app/fleet_manifest.hpp"
#include "tests/unit/config_test_support.hpp"

using nlohmann::ordered_json;
using tpcc::Config;
using tpcc::test::parse;
using tpcc::test::usage_error;

namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::string dump(const std::vector<ordered_json>& objects) {
  std::string out;
  for (const ordered_json& o : objects) out += o.dump() + "\n";
  return out;
}

}  // namespace

TEST_CASE("fleet: the drivers' options are passed on, fleet's own taken out", "[fleet]") {
  const Config c = parse({"fleet", "k8s", "--drivers", "4", "--run-id", "night-1", "--terminals",
                          "8", "--image=registry/tpcc:1", "--duration", "60", "--label", "a b"});
  CHECK(c.verb == tpcc::Verb::Fleet);
  CHECK(c.fleet.target == "k8s");
  CHECK(c.fleet.drivers == 4);
  CHECK(c.fleet.image == "registry/tpcc:1");
  CHECK(c.run_id == "night-1");
  CHECK(c.fleet.args ==
        std::vector<std::string>{"--terminals", "8", "--duration", "60", "--label", "a b"});
  const std::string command = tpcc::fleet_driver_command(c);
  CHECK(command ==
        "exec tpcc run --driver $((JOB_COMPLETION_INDEX + 1))/4 --conn \"$TPCC_CONN\" --run-id "
        "night-1 --result-dir night-1/driver-$((JOB_COMPLETION_INDEX + 1)) --terminals 8 "
        "--duration 60 --label 'a b'");
}

TEST_CASE("fleet: a run's claim and Indexed Job, the conninfo from the Secret", "[fleet]") {
  const Config c = parse({"fleet", "k8s", "--drivers", "3", "--secret", "db-conn"});
  const std::vector<ordered_json> objects = tpcc::fleet_objects(c);
  REQUIRE(objects.size() == 2);
  CHECK(objects[0]["kind"] == "PersistentVolumeClaim");
  const ordered_json& job = objects[1];
  CHECK(job["kind"] == "Job");
  CHECK(job["metadata"]["name"] == "tpcc-default-run");
  CHECK(job["spec"]["completionMode"] == "Indexed");
  CHECK(job["spec"]["completions"] == 3);
  CHECK(job["spec"]["parallelism"] == 3);
  const ordered_json& pod = job["spec"]["template"]["spec"];
  CHECK(pod["volumes"][0]["persistentVolumeClaim"]["claimName"] == objects[0]["metadata"]["name"]);
  const ordered_json& env = pod["containers"][0]["env"][0];
  CHECK(env["name"] == "TPCC_CONN");
  CHECK(env["valueFrom"]["secretKeyRef"]["name"] == "db-conn");
  CHECK(env["valueFrom"]["secretKeyRef"]["key"] == "conn");
}

TEST_CASE("fleet: --verb prepare loads slices, --verb merge merges the run's", "[fleet]") {
  const Config load = parse({"fleet", "k8s", "--drivers", "2", "--verb", "prepare", "--warehouses",
                             "10", "--load-workers", "2"});
  const std::vector<ordered_json> loads = tpcc::fleet_objects(load);
  REQUIRE(loads.size() == 1);
  const std::string command = loads[0]["spec"]["template"]["spec"]["containers"][0]["command"][2];
  CHECK(has(command, "exec tpcc prepare --driver $((JOB_COMPLETION_INDEX + 1))/2 "));
  CHECK(has(command, "--warehouses 10 --load-workers 2"));
  CHECK_FALSE(has(command, "--result-dir"));

  const Config merge =
      parse({"fleet", "k8s", "--drivers", "3", "--run-id", "r1", "--verb", "merge"});
  const std::vector<ordered_json> merges = tpcc::fleet_objects(merge);
  REQUIRE(merges.size() == 1);
  CHECK(merges[0]["spec"]["completions"] == 1);
  CHECK(tpcc::fleet_merge_command(merge) ==
        "exec tpcc report --merge r1/driver-1 r1/driver-2 r1/driver-3 --out r1/merged");
}

TEST_CASE("fleet: the conninfo and a password never enter the manifest", "[fleet]") {
  const std::string conninfo = "host=db password=hunter2";
  const std::string message = usage_error({"fleet", "k8s", "--drivers", "2", "--conn", conninfo});
  CHECK(has(message, "--conn"));
  CHECK(has(usage_error({"fleet", "k8s", "--drivers", "2", "--pgsql-password", "x"}),
            "--pgsql-password"));
  CHECK(has(usage_error({"fleet", "k8s", "--drivers", "2", "--standby-conn", "host=s"}),
            "--standby-conn"));
  // Without --conn, the environment's conninfo is no part of the manifest either.
  const Config c = parse({"fleet", "k8s", "--drivers", "2"});
  CHECK_FALSE(has(dump(tpcc::fleet_objects(c)), "password"));
}

TEST_CASE("fleet: bad input exits 2 naming the flag", "[fleet]") {
  CHECK(has(usage_error({"fleet", "k8s"}), "--drivers"));
  CHECK(has(usage_error({"fleet"}), "k8s"));
  CHECK(has(usage_error({"fleet", "swarm", "--drivers", "2"}), "swarm"));
  CHECK(has(usage_error({"fleet", "k8s", "--drivers", "0"}), "--drivers"));
  CHECK(has(usage_error({"fleet", "k8s", "--drivers", "2", "--run-id", "Night_1"}), "--run-id"));
  CHECK(has(usage_error({"fleet", "k8s", "--drivers", "2", "--secret", "A"}), "--secret"));
  CHECK(has(usage_error({"fleet", "k8s", "--drivers", "2", "--results-size", "lots"}),
            "--results-size"));
  CHECK(has(usage_error({"fleet", "k8s", "--drivers", "1", "--verb", "merge"}), "--verb"));
  CHECK(has(usage_error({"fleet", "k8s", "--drivers", "2", "--driver", "1/2"}), "--driver"));
  CHECK(has(usage_error({"fleet", "k8s", "--drivers", "2", "--result-dir", "r"}), "--result-dir"));
  // The drivers' own refusals, as their tpcc run or prepare gives them.
  CHECK(has(usage_error({"fleet", "k8s", "--drivers", "2", "--terminals", "x"}), "--terminals"));
  CHECK(
      has(usage_error({"fleet", "k8s", "--drivers", "2", "--verb", "prepare", "--duration", "60"}),
          "--duration"));
  CHECK(has(usage_error({"fleet", "k8s", "--drivers", "2", "--warehouses", "10"}), "--warehouses"));
}
