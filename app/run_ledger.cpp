#include "app/run_ledger.hpp"

#include <algorithm>
#include <exception>
#include <fstream>

#include <pqxx/pqxx>

#include "db/connect.hpp"
#include "workloads/tpcc/acknowledged_order.hpp"

namespace tpcc {
namespace {

// The acknowledged orders missing from the database: the ledger as
// parallel arrays anti-joined with bmsql_oorder on its key and what the
// order wrote (customer, line count) and with its first bmsql_order_line
// (the item), one index probe each per order, so that the check is a few
// statements however long the run was. An order whose key a later order
// took after a failover is missing too. ORDER, not NEW-ORDER: Delivery
// deletes NEW-ORDER rows, nothing deletes an ORDER or ORDER-LINE row.
constexpr const char* kMissingOrdersSql = R"sql(
select a.w_id, a.d_id, a.o_id, a.c_id
  from unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[])
       as a(w_id, d_id, o_id, c_id, ol_cnt, first_i_id)
 where not exists (select 1
                     from bmsql_oorder o
                     join bmsql_order_line l
                       on l.ol_w_id = o.o_w_id and l.ol_d_id = o.o_d_id and l.ol_o_id = o.o_id
                      and l.ol_number = 1
                    where o.o_w_id = a.w_id and o.o_d_id = a.d_id and o.o_id = a.o_id
                      and o.o_c_id = a.c_id and o.o_ol_cnt = a.ol_cnt
                      and l.ol_i_id = a.first_i_id)
 order by 1, 2, 3, 4
)sql";

// Orders per statement: keeps each statement's parameters to a few MB.
constexpr std::size_t kOrdersPerStatement = 200000;

// The ledger as CSV; a file that cannot be written is said, not fatal: the
// check itself goes on.
void write_ledger(const std::string& path, const std::vector<AcknowledgedOrder>& acknowledged,
                  std::ostream& out) {
  std::ofstream file(path);
  file << "w_id,d_id,o_id,c_id,ol_cnt,first_i_id,measured\n";
  for (const AcknowledgedOrder& o : sorted_orders(acknowledged)) {
    file << o.w_id << ',' << o.d_id << ',' << o.o_id << ',' << o.c_id << ',' << o.ol_cnt << ','
         << o.first_i_id << ',' << (o.measured ? 1 : 0) << '\n';
  }
  file.flush();
  if (!file) out << "note: cannot write " << path << "\n";
}

}  // namespace

LedgerFigures check_acknowledged_orders(const std::string& conninfo,
                                        const std::vector<AcknowledgedOrder>& acknowledged) {
  const std::vector<AcknowledgedOrder> orders = sorted_orders(acknowledged);
  LedgerFigures figures = ledger_counts(orders);
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
         tx.exec_params(kMissingOrdersSql, arrays.w_ids, arrays.d_ids, arrays.o_ids, arrays.c_ids,
                        arrays.ol_cnts, arrays.first_i_ids)) {
      ++figures.lost;
      if (figures.lost_orders.size() < kLostOrdersListed) {
        AcknowledgedOrder lost;
        lost.w_id = row[0].as<std::int32_t>();
        lost.d_id = row[1].as<std::int32_t>();
        lost.o_id = row[2].as<std::int32_t>();
        lost.c_id = row[3].as<std::int32_t>();
        figures.lost_orders.push_back(lost);
      }
    }
  }
  return figures;
}

void check_ledger_after_run(const Config& config, const EngineResult& result, RunInfo& info,
                            const std::string& results_dir, std::ostream& out) {
  if (!config.failover) return;
  const std::vector<AcknowledgedOrder> acknowledged = acknowledged_orders(result.acknowledged);
  write_ledger(results_dir + "/" + kLedgerFile, acknowledged, out);
  LedgerFigures figures;
  try {
    figures = check_acknowledged_orders(config.conninfo, acknowledged);
  } catch (const std::exception& e) {
    figures = ledger_counts(acknowledged);
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
