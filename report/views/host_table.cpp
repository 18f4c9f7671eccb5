#include "report/views/host_table.hpp"

#include "report/views/format.hpp"
#include "report/workload_report.hpp"

namespace tpcc {
namespace {

std::vector<std::string> host_row(const Config& config, const std::string& host, int connections,
                                  const RunStats& stats, double seconds) {
  std::vector<std::string> row = {host, std::to_string(connections)};
  if (workload_report(config.workload).tpmc) row.push_back(fixed(tpmc(stats, seconds), 1));
  const LatencyHistogram latency = latency_all(stats);
  row.push_back(fixed(tpm_total(stats, seconds), 1));
  row.push_back(fixed(per_second(completed_total(stats), seconds), 1));
  row.push_back(std::to_string(errors_total(stats)));
  row.push_back(latency.count() > 0 ? fixed(latency.percentile(90) / 1000.0, 2) : "-");
  return row;
}

}  // namespace

TableRows host_rows(const Config& config, const RunInfo& info, const RunStats& total) {
  TableRows table;
  table.header = {"host", "connections"};
  if (workload_report(config.workload).tpmc) table.header.push_back("tpmC");
  for (const char* name : {"tpmTOTAL", "tps", "errors", "p90 ms"}) table.header.push_back(name);
  if (info.hosts.empty()) return table;
  const double seconds = info.measured_seconds;
  int connections = 0;
  for (const HostRun& host : info.hosts) {
    table.rows.push_back(host_row(config, host.host, host.connections, host.stats, seconds));
    connections += host.connections;
  }
  table.rows.push_back(host_row(config, "all hosts", connections, total, seconds));
  return table;
}

}  // namespace tpcc
