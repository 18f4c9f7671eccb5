#include "workloads/tpcc/report/tpcc_figures.hpp"

#include "report/results/json_number.hpp"
#include "spec/transactions.hpp"

namespace tpcc {
namespace {

using Json = nlohmann::json;

// A transaction's latencies as result.json's "transactions" holds them;
// none where nothing was timed (every percentile written as 0).
TypeLatency type_latency(const char* title, const Json& t) {
  TypeLatency type{title, t.at("completed").get<std::int64_t>(), {}, {}, {}, {}};
  const std::int64_t timed = t.at("count").get<std::int64_t>() +
                             t.at("rollbacks").get<std::int64_t>() +
                             t.at("unfinished").get<std::int64_t>();
  if (timed == 0) return type;
  const Json& latency = t.at("latency_ms");
  type.p50_ms = json_number(latency, "p50");
  type.p90_ms = json_number(latency, "p90");
  type.p99_ms = json_number(latency, "p99");
  type.max_ms = json_number(latency, "max");
  return type;
}

}  // namespace

WorkloadFigures tpcc_figures(const Json& result) {
  WorkloadFigures f;
  f.workload = result.value("workload", "tpcc");
  f.headline = {
      summarised(
          headline_figure("tpmC", "tpmC", json_number(result, "tpmC"), "tpm", Better::Higher, 1)),
      summarised(headline_figure("tpmTOTAL", "tpmTOTAL", json_number(result, "tpmTOTAL"), "tpm",
                                 Better::Higher, 1)),
      // null unless the run was paced by the spec's keying and think times.
      headline_figure("efficiency", "efficiency %", json_number(result, "efficiency"), "%",
                      Better::Higher, 2),
      headline_figure("errors", "errors", json_number(result, "errors"), "", Better::Lower, 0),
      headline_figure("retries", "retries", json_number(result, "retries"), "", Better::Lower, 0),
      headline_figure("measured_seconds", "measured seconds",
                      json_number(result, "measured_seconds"), "s", Better::Neither, 1)};
  // A repeated set of TPC-C runs summarises every headline figure; a sweep
  // shows the throughputs and each transaction's p90.
  for (WorkloadFigure& figure : f.headline) figure.of_set = true;
  const Json& transactions = result.at("transactions");
  for (const auto& type : kTransactions) {
    f.types.push_back(type_latency(type.title, transactions.at(std::string(txn_name(type.index)))));
  }
  return f;
}

}  // namespace tpcc
