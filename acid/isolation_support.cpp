#include "acid/isolation_support.hpp"

namespace tpcc::acid {

std::string order_text(int o_id) {
  return o_id == 0 ? "no order" : "order " + std::to_string(o_id);
}

std::string customer_text(const CustomerKey& k) {
  return "customer " + std::to_string(k.c_id) + " of " + district_text(k.w_id, k.d_id);
}

std::string district_text(int w_id, int d_id) {
  return "warehouse " + std::to_string(w_id) + " district " + std::to_string(d_id);
}

const char* waited_text(Waited w) {
  switch (w) {
    case Waited::No: return "completed without waiting for T1";
    case Waited::ForLock: return "waited for T1's lock";
    case Waited::Timeout: return "neither completed nor waited for a lock within 10 s";
  }
  return "?";
}

int next_o_id(AcidContext& context, int w_id, int d_id) {
  return static_cast<int>(context.number(
      "select d_next_o_id from bmsql_district where d_w_id = " + std::to_string(w_id) +
      " and d_id = " + std::to_string(d_id)));
}

std::string read_again_name(AcidContext& context) {
  const Isolation level = context.options().isolation;
  return std::string("read again in the same transaction at ") +
         (level == Isolation::ReadCommitted    ? "read committed"
          : level == Isolation::RepeatableRead ? "repeatable read"
                                               : "serializable");
}

int read_again(Session& t1, const char* statement, const Params& params, Waited waited,
               int first_read) {
  if (waited == Waited::Timeout) return first_read;
  t1.queue(statement, params);
  return t1.flush().at(0).as_int(0, 0);
}

std::string retries_text(int retries) {
  return retries > 0 ? ", was retried " + std::to_string(retries) + " time(s)" : "";
}

}  // namespace tpcc::acid
