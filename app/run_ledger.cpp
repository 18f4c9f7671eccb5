#include "app/run_ledger.hpp"

#include <algorithm>
#include <exception>
#include <fstream>

#include <pqxx/pqxx>

#include "db/connect.hpp"

namespace tpcc {
namespace {

// The acknowledged orders missing from ORDER: the ledger as three parallel
// arrays anti-joined with bmsql_oorder on its key, one index probe per
// order, so that the check is a few statements however long the run was.
// ORDER, not NEW-ORDER: Delivery deletes NEW-ORDER rows, nothing deletes
// an ORDER row.
constexpr const char* kMissingOrdersSql = R"sql(
select a.w_id, a.d_id, a.o_id
  from unnest($1::int[], $2::int[], $3::int[]) as a(w_id, d_id, o_id)
 where not exists (select 1
                     from bmsql_oorder o
                    where o.o_w_id = a.w_id and o.o_d_id = a.d_id and o.o_id = a.o_id)
 order by 1, 2, 3
)sql";

// Orders per statement: keeps each statement's parameters to a few MB.
constexpr std::size_t kOrdersPerStatement = 200000;

// The ledger as CSV; a file that cannot be written is said, not fatal: the
// check itself goes on.
void write_ledger(const std::string& path, const std::vector<OrderKey>& acknowledged,
                  std::ostream& out) {
  std::ofstream file(path);
  file << "w_id,d_id,o_id\n";
  for (const OrderKey& o : sorted_orders(acknowledged)) {
    file << o.w_id << ',' << o.d_id << ',' << o.o_id << '\n';
  }
  file.flush();
  if (!file) out << "note: cannot write " << path << "\n";
}

}  // namespace

LedgerFigures check_acknowledged_orders(const std::string& conninfo,
                                        const std::vector<OrderKey>& acknowledged) {
  const std::vector<OrderKey> orders = sorted_orders(acknowledged);
  LedgerFigures figures;
  figures.acknowledged = static_cast<std::int64_t>(orders.size());
  const std::unique_ptr<pqxx::connection> connection = connect(conninfo);
  const char* host = connection->hostname();
  const char* port = connection->port();
  figures.checked_on_host =
      std::string(host != nullptr ? host : "") + ":" + (port != nullptr ? port : "");
  pqxx::read_transaction tx(*connection);
  for (std::size_t begin = 0; begin < orders.size(); begin += kOrdersPerStatement) {
    const auto first = orders.begin() + static_cast<std::ptrdiff_t>(begin);
    const auto last = orders.begin() + static_cast<std::ptrdiff_t>(
                                           std::min(orders.size(), begin + kOrdersPerStatement));
    const LedgerArrays arrays = ledger_arrays(first, last);
    for (const auto& row :
         tx.exec_params(kMissingOrdersSql, arrays.w_ids, arrays.d_ids, arrays.o_ids)) {
      ++figures.lost;
      if (figures.lost_orders.size() < kLostOrdersListed) {
        figures.lost_orders.push_back(
            {row[0].as<std::int32_t>(), row[1].as<std::int32_t>(), row[2].as<std::int32_t>()});
      }
    }
  }
  return figures;
}

void check_ledger_after_run(const Config& config, const EngineResult& result, RunInfo& info,
                            const std::string& results_dir, std::ostream& out) {
  if (!config.failover) return;
  write_ledger(results_dir + "/" + kLedgerFile, result.acknowledged, out);
  LedgerFigures figures;
  try {
    figures = check_acknowledged_orders(config.conninfo, result.acknowledged);
  } catch (const std::exception& e) {
    figures.acknowledged = static_cast<std::int64_t>(sorted_orders(result.acknowledged).size());
    figures.error = e.what();
  }
  out << ledger_line(figures) << "\n";
  if (!figures.lost_orders.empty()) {
    out << "  lost (first " << figures.lost_orders.size()
        << "): " << orders_text(figures.lost_orders) << "\n";
  }
  info.ledger = figures;
}

}  // namespace tpcc
