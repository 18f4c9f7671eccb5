// 3.5.3 Durability after a loss of memory: terminals commit New-Orders and
// log the key of each one whose COMMIT the server acknowledged; the server
// crashes with transactions in flight and comes back through crash
// recovery; every logged order must be there, and the 3.3.2 conditions
// hold. Only against a server the caller started and may crash.
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "acid/acid_context.hpp"

namespace tpcc {
namespace {

struct OrderKey {
  int w_id;
  int d_id;
  int o_id;
};

// Commits New-Orders until the connection goes (the crash) or `stop`.
void terminal_loop(const acid::AcidContext& context, std::uint64_t seed, int number,
                   const std::atomic<bool>& stop, std::mutex& log_mutex,
                   std::vector<OrderKey>& log) {
  try {
    const auto session = context.new_session();
    Random rng = Random::stream(seed, {static_cast<std::uint64_t>(number)});
    const int w_id = 1 + number % context.warehouses();
    const TerminalContext terminal = context.terminal(w_id);
    while (!stop) {
      NewOrderInput input = generate_new_order(rng, terminal);
      for (NewOrderLine& line : input.lines) line.supply_w_id = w_id;
      try {
        const NewOrderOutput out = context.new_order(*session, input);
        // The COMMIT was acknowledged: the order must survive.
        const std::lock_guard<std::mutex> lock(log_mutex);
        log.push_back({w_id, input.d_id, out.o_id});
      } catch (const RetryableError&) {
        // Rolled back; nothing to log.
      }
    }
  } catch (const std::exception&) {
    // The crash: the transaction in flight has no known outcome.
  }
}

}  // namespace

AcidResult durability_test(const AcidOptions& options, int terminals, double seconds,
                           const std::function<void()>& crash_and_restart) {
  std::vector<OrderKey> log;
  {
    const acid::AcidContext context(options);
    std::mutex log_mutex;
    std::atomic<bool> stop{false};
    std::vector<std::thread> threads;
    for (int t = 0; t < terminals; ++t) {
      threads.emplace_back([&, t] {
        terminal_loop(context, options.seed, t, stop, log_mutex, log);
      });
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    try {
      crash_and_restart();
    } catch (...) {
      stop = true;
      for (std::thread& thread : threads) thread.join();
      throw;
    }
    stop = true;
    for (std::thread& thread : threads) thread.join();
  }
  acid::AcidContext after(options);
  long long missing = 0;
  for (const OrderKey& k : log) {
    const long long found = after.number(
        "select count(*) from bmsql_oorder where o_w_id = " + std::to_string(k.w_id) +
        " and o_d_id = " + std::to_string(k.d_id) + " and o_id = " + std::to_string(k.o_id));
    if (found != 1) ++missing;
  }
  const AcidResult consistency = acid::consistency_test(after, "after recovery");
  AcidResult r{"3.5.3", "durability: loss of memory (server crash)", false, ""};
  r.passed = !log.empty() && missing == 0 && consistency.passed;
  r.observed = std::to_string(log.size()) + " New-Orders committed before the crash, " +
               std::to_string(missing) + " missing after recovery; " + consistency.observed +
               (log.empty() ? " (nothing was committed: nothing shown)" : "");
  return r;
}

}  // namespace tpcc
