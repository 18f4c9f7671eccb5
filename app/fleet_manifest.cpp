#include "app/fleet_manifest.hpp"

#include "config/names.hpp"
#include "pgserver/process.hpp"

namespace tpcc {
namespace {

using nlohmann::ordered_json;

// The image's tpcc on its path; /results the volume the drivers write to.
constexpr const char* kResultsMount = "/results";
// The Secret's key that holds the conninfo.
constexpr const char* kConnKey = "conn";
// Driver K+1 of the pod with JOB_COMPLETION_INDEX K (POSIX sh arithmetic).
constexpr const char* kDriverNumber = "$((JOB_COMPLETION_INDEX + 1))";

std::string verb_word(const Config& c) {
  return c.fleet.merge ? "merge" : std::string(verb_name(c.fleet.verb));
}

std::string job_name(const Config& c) { return "tpcc-" + c.run_id + "-" + verb_word(c); }
std::string claim_name(const Config& c) { return "tpcc-" + c.run_id + "-results"; }

ordered_json labels(const Config& c) {
  return {{"app.kubernetes.io/name", "tpcc"},
          {"app.kubernetes.io/instance", c.run_id},
          {"app.kubernetes.io/component", verb_word(c)}};
}

ordered_json metadata(const Config& c, const std::string& name) {
  return {{"name", name}, {"labels", labels(c)}};
}

bool writes_results(const Config& c) { return c.fleet.merge || c.fleet.verb == Verb::Run; }

ordered_json container(const Config& c, const std::string& command) {
  ordered_json out = {{"name", "tpcc"},
                      {"image", c.fleet.image},
                      {"command", ordered_json::array({"/bin/sh", "-c", command})}};
  if (!c.fleet.merge) {
    out["env"] = ordered_json::array(
        {{{"name", "TPCC_CONN"},
          {"valueFrom", {{"secretKeyRef", {{"name", c.fleet.secret}, {"key", kConnKey}}}}}}});
  }
  if (writes_results(c)) {
    out["workingDir"] = kResultsMount;
    out["volumeMounts"] =
        ordered_json::array({{{"name", "results"}, {"mountPath", kResultsMount}}});
  }
  return out;
}

ordered_json job(const Config& c, const std::string& command, int pods) {
  ordered_json pod = {{"restartPolicy", "Never"},
                      {"containers", ordered_json::array({container(c, command)})}};
  if (writes_results(c)) {
    pod["volumes"] = ordered_json::array(
        {{{"name", "results"}, {"persistentVolumeClaim", {{"claimName", claim_name(c)}}}}});
  }
  ordered_json spec;
  if (!c.fleet.merge) spec["completionMode"] = "Indexed";
  spec["completions"] = pods;
  spec["parallelism"] = pods;
  // A driver of a run cannot join its barrier again once the others have
  // started: no retry. A load's slice resumes where it stopped: one retry
  // per driver.
  spec["backoffLimit"] = c.fleet.verb == Verb::Prepare ? pods : 0;
  spec["template"] = {{"metadata", {{"labels", labels(c)}}}, {"spec", pod}};
  return {{"apiVersion", "batch/v1"},
          {"kind", "Job"},
          {"metadata", metadata(c, job_name(c))},
          {"spec", spec}};
}

ordered_json results_claim(const Config& c) {
  return {{"apiVersion", "v1"},
          {"kind", "PersistentVolumeClaim"},
          {"metadata", metadata(c, claim_name(c))},
          {"spec",
           {{"accessModes", ordered_json::array({"ReadWriteMany"})},
            {"resources", {{"requests", {{"storage", c.fleet.results_size}}}}}}}};
}

}  // namespace

std::string fleet_driver_command(const Config& c) {
  const std::string n = std::to_string(c.fleet.drivers);
  std::string out = "exec tpcc " + std::string(verb_name(c.fleet.verb)) + " --driver " +
                    kDriverNumber + "/" + n + " --conn \"$TPCC_CONN\"";
  if (c.fleet.verb == Verb::Run) {
    out += " --run-id " + c.run_id + " --result-dir " + c.run_id + "/driver-" + kDriverNumber;
  }
  for (const std::string& arg : c.fleet.args) out += " " + shell_quote(arg);
  return out;
}

std::string fleet_merge_command(const Config& c) {
  std::string out = "exec tpcc report --merge";
  for (int k = 1; k <= c.fleet.drivers; ++k) {
    out += " " + c.run_id + "/driver-" + std::to_string(k);
  }
  return out + " --out " + c.run_id + "/merged";
}

std::vector<ordered_json> fleet_objects(const Config& c) {
  if (c.fleet.merge) return {job(c, fleet_merge_command(c), 1)};
  if (c.fleet.verb == Verb::Prepare) return {job(c, fleet_driver_command(c), c.fleet.drivers)};
  return {results_claim(c), job(c, fleet_driver_command(c), c.fleet.drivers)};
}

std::string fleet_manifest_head(const Config& c) {
  const std::string n = std::to_string(c.fleet.drivers);
  if (c.fleet.merge) {
    return "# tpcc fleet k8s --verb merge: one pod merging the results of the " + n +
           " drivers of run '" + c.run_id + "' into " + c.run_id + "/merged on the volume " +
           claim_name(c) + ". Apply it once job/tpcc-" + c.run_id +
           "-run is complete; the merged summary is in\n#   kubectl logs job/" + job_name(c) + "\n";
  }
  std::string out = "# tpcc fleet k8s: " + n + " drivers of tpcc " + verb_word(c) + " (run id '" +
                    c.run_id + "'), pod K running driver K+1 of " + n + ".\n" +
                    "# The conninfo is read from the Secret " + c.fleet.secret +
                    " (key conn):\n#   kubectl create secret generic " + c.fleet.secret +
                    " --from-literal=conn='host=... dbname=... user=... password=...'\n";
  if (c.fleet.verb == Verb::Run) {
    out += "# Each driver writes " + c.run_id + "/driver-K on the volume " + claim_name(c) +
           "; once\n#   kubectl wait --for=condition=complete job/" + job_name(c) +
           "\n# says so, the same command with --verb merge writes the Job that merges them.\n";
  }
  return out;
}

}  // namespace tpcc
