// tpcc fleet k8s (docs/several-drivers.md, "On Kubernetes"): the manifest
// read back by kubectl's own decoder (offline: `kubectl label --local`,
// which needs no cluster), then the pods' commands run here as N local
// processes, each with the JOB_COMPLETION_INDEX and the Secret's $TPCC_CONN
// Kubernetes would give it, in one directory standing for the results
// volume; then the merge Job's command. The merged tpmC is the drivers' sum.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "pgserver/process.hpp"
#include "tests/pg/pg_fixture.hpp"
#include "tests/pg/result_files.hpp"

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

constexpr const char* kDatabase = "tpcc_fleet";
constexpr int kDrivers = 4;
constexpr int kWarehouses = 4;
constexpr const char* kRunId = "fleet-test";

using tpcc::test::loaded_database;
using tpcc::test::read_text;
using tpcc::test::scratch_dir;

// The objects of a manifest as kubectl decodes them (YAML to JSON, one
// object per document), with no cluster: KUBECONFIG an empty file.
std::vector<Json> kubectl_objects(const std::string& manifest) {
  const std::string config = scratch_dir("kubeconfig");
  std::ofstream(config).flush();
  tpcc::ProcessOptions options;
  options.env = {{"KUBECONFIG", config}};
  std::string output;
  const int status = tpcc::run_process(
      {"kubectl", "label", "--local", "-f", manifest, "tpcc-checked=yes", "-o", "json"}, options,
      &output);
  INFO(output);
  REQUIRE(status == 0);
  std::vector<Json> objects;
  std::istringstream in(output);
  while ((in >> std::ws).peek() != std::char_traits<char>::eof()) {
    Json object;
    in >> object;
    objects.push_back(object);
  }
  return objects;
}

const Json& only(const std::vector<Json>& objects, const std::string& kind) {
  const Json* found = nullptr;
  for (const Json& o : objects) {
    if (o.at("kind") == kind) {
      REQUIRE(found == nullptr);
      found = &o;
    }
  }
  REQUIRE(found != nullptr);
  return *found;
}

// `tpcc fleet k8s ARGS --output FILE` read back by kubectl.
std::vector<Json> manifest(const std::vector<std::string>& args, const std::string& name,
                           std::string* text) {
  const std::string file = scratch_dir(name) + ".yaml";
  std::vector<std::string> argv = {"fleet", "k8s", "--output", file};
  argv.insert(argv.end(), args.begin(), args.end());
  std::string output;
  const int status = tpcc::test::run_tpcc(argv, &output);
  INFO(output);
  REQUIRE(status == 0);
  *text = read_text(file);
  return kubectl_objects(file);
}

// The pod's command, run as Kubernetes would run pod `index`: sh -c, in the
// volume's directory, tpcc on the path, the Secret's conninfo in TPCC_CONN.
int run_pod(const Json& job, int index, const std::string& volume, const std::string& conninfo,
            const std::string& log) {
  const Json& container = job.at("spec").at("template").at("spec").at("containers").at(0);
  const std::vector<std::string> command = container.at("command");
  tpcc::ProcessOptions options;
  options.cwd = volume;
  options.output_file = log;
  const std::string bin = fs::path(TPCC_BINARY).parent_path().string();
  options.env = {{"JOB_COMPLETION_INDEX", std::to_string(index)},
                 {"TPCC_CONN", conninfo},
                 {"PATH", bin + ":" + std::getenv("PATH")}};
  return tpcc::run_process(command, options);
}

bool have_kubectl() {
  if (!tpcc::find_in_path("kubectl").empty()) return true;
  WARN("skipped: kubectl is missing (apt-get install kubernetes-client)");
  return false;
}

double tpmc(const std::string& dir) {
  return Json::parse(read_text(dir + "/result.json")).at("tpmC").get<double>();
}

}  // namespace

TEST_CASE("fleet k8s: the Indexed Job's pods run as 4 drivers and merge to their tpmC's sum",
          "[fleet]") {
  if (!have_kubectl()) return;
  const std::string conninfo = loaded_database(kDatabase, kWarehouses);
  std::string text;
  const std::vector<Json> run =
      manifest({"--drivers", std::to_string(kDrivers), "--run-id", kRunId, "--secret", "db-conn",
                "--terminals", "2", "--warmup", "1", "--duration", "6", "--report-interval", "3"},
               "run", &text);
  // The conninfo is never in the manifest: the pods read it from the Secret.
  CHECK(text.find(conninfo) == std::string::npos);
  const Json& claim = only(run, "PersistentVolumeClaim");
  const Json& job = only(run, "Job");
  CHECK(job.at("apiVersion") == "batch/v1");
  CHECK(job.at("spec").at("completionMode") == "Indexed");
  CHECK(job.at("spec").at("completions") == kDrivers);
  CHECK(job.at("spec").at("parallelism") == kDrivers);
  const Json& pod = job.at("spec").at("template").at("spec");
  CHECK(pod.at("volumes").at(0).at("persistentVolumeClaim").at("claimName") ==
        claim.at("metadata").at("name"));
  const Json& env = pod.at("containers").at(0).at("env").at(0);
  CHECK(env.at("name") == "TPCC_CONN");
  CHECK(env.at("valueFrom").at("secretKeyRef").at("name") == "db-conn");

  const std::string volume = scratch_dir("volume");
  fs::create_directories(volume);
  std::vector<int> status(kDrivers, -1);
  std::vector<std::thread> pods;
  for (int k = 0; k < kDrivers; ++k) {
    pods.emplace_back([&, k] {
      status[k] = run_pod(job, k, volume, conninfo, volume + "/pod-" + std::to_string(k) + ".log");
    });
  }
  for (std::thread& t : pods) t.join();
  double sum = 0;
  for (int k = 0; k < kDrivers; ++k) {
    const std::string dir = volume + "/" + kRunId + "/driver-" + std::to_string(k + 1);
    INFO(read_text(volume + "/pod-" + std::to_string(k) + ".log"));
    REQUIRE(status[k] == 0);
    const Json result = Json::parse(read_text(dir + "/result.json"));
    CHECK(result.at("driver").at("index") == k + 1);
    CHECK(result.at("driver").at("count") == kDrivers);
    sum += tpmc(dir);
  }

  const std::vector<Json> merge =
      manifest({"--drivers", std::to_string(kDrivers), "--run-id", kRunId, "--verb", "merge"},
               "merge", &text);
  const Json& merge_job = only(merge, "Job");
  const std::string log = volume + "/merge.log";
  INFO(read_text(log));
  REQUIRE(run_pod(merge_job, 0, volume, "", log) == 0);
  const std::string merged = volume + "/" + kRunId + "/merged";
  CHECK(tpmc(merged) == Approx(sum).margin(0.02));
  CHECK(tpmc(merged) > 0);
}

TEST_CASE("fleet k8s --verb prepare: each pod loads its slice and the last one completes the load",
          "[fleet]") {
  if (!have_kubectl()) return;
  const std::string conninfo = tpcc::test::create_database("tpcc_fleet_load");
  std::string text;
  const std::vector<Json> objects = manifest(
      {"--drivers", "2", "--verb", "prepare", "--warehouses", "2", "--no-check"}, "load", &text);
  CHECK(text.find("PersistentVolumeClaim") == std::string::npos);
  const Json& job = only(objects, "Job");
  const std::string dir = scratch_dir("load");
  fs::create_directories(dir);
  std::vector<int> status(2, -1);
  std::vector<std::thread> pods;
  for (int k = 0; k < 2; ++k) {
    pods.emplace_back([&, k] {
      status[k] = run_pod(job, k, dir, conninfo, dir + "/pod-" + std::to_string(k) + ".log");
    });
  }
  for (std::thread& t : pods) t.join();
  for (int k = 0; k < 2; ++k) {
    INFO(read_text(dir + "/pod-" + std::to_string(k) + ".log"));
    CHECK(status[k] == 0);
  }
  std::string output;
  CHECK(tpcc::test::run_tpcc({"check", "--conn", conninfo}, &output) == 0);
  CHECK(tpcc::test::scalar(conninfo, "select count(*) from bmsql_warehouse") == 2);
}
