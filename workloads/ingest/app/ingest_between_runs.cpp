#include "workloads/ingest/app/ingest_between_runs.hpp"

#include <chrono>
#include <string>
#include <vector>

#include <pqxx/nontransaction>

#include "config/elapsed.hpp"
#include "config/settings/values.hpp"
#include "db/connect.hpp"
#include "experiment/conditioning.hpp"
#include "workloads/ingest/ingest_empty.hpp"

namespace tpcc {
namespace {

void print_step(std::ostream& out, const std::string& step, double seconds,
                const std::string& detail) {
  out << "  between runs, " << step << ": " << format_seconds(seconds) << " s"
      << (detail.empty() ? "" : " (" + detail + ")") << "\n";
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

}  // namespace

void ingest_check_between_runs(const Config& config) {
  if (!config.ingest.checkpoint) return;
  require_checkpoint_privilege(config.conninfo, "--ingest-checkpoint",
                               "leave --ingest-checkpoint out");
}

void ingest_between_runs(const Config& config, std::ostream& out) {
  auto start = std::chrono::steady_clock::now();
  const std::vector<std::string> emptied = empty_recorded_ingest_tables(config);
  print_step(out, "truncate", seconds_since(start),
             (emptied.empty() ? std::string("no table recorded") : joined(emptied)) +
                 "; their recorded rows back to 0");
  if (!config.ingest.checkpoint) return;
  start = std::chrono::steady_clock::now();
  auto conn = connect(config.conninfo);
  pqxx::nontransaction tx(*conn);
  tx.exec("checkpoint");
  print_step(out, "checkpoint", seconds_since(start), "");
}

}  // namespace tpcc
