#include "workloads/sysbench/oltp_event.hpp"

#include "db/session.hpp"

namespace tpcc {
namespace {

// oltp_insert without --auto_inc: sysbench.rand.unique() - 2147483648, a
// 32-bit value moved into INTEGER's range. sysbench's values are unique
// over the run; these are drawn, and a collision is a unique violation,
// which restarts the event with another.
std::int64_t unique_insert_id(Random& rng) {
  return static_cast<std::int64_t>(rng.next() & 0xffffffffu) - 2147483648LL;
}

class Planner {
 public:
  Planner(const OltpOptions& options, const SysbenchDistribution& ids, Random& rng)
      : options_(options), ids_(ids), rng_(rng) {}

  OltpEvent plan() {
    switch (options_.test) {
      case OltpTest::ReadWrite:
        in_transaction([&] {
          reads(options_.point_selects);
          writes();
        });
        break;
      case OltpTest::ReadOnly: in_transaction([&] { reads(options_.point_selects); }); break;
      case OltpTest::WriteOnly: in_transaction([&] { writes(); }); break;
      // oltp_point_select.lua sets point_selects to 1.
      case OltpTest::PointSelect: point_selects(1); break;
      case OltpTest::UpdateIndex: index_updates(); break;
      case OltpTest::UpdateNonIndex: non_index_updates(); break;
      case OltpTest::Insert: insert(); break;
      case OltpTest::Delete: {
        // oltp_delete.lua: one delete, its table uniform, its id by --rand-type.
        OltpStep step = at(OltpStatement::Delete, table());
        step.id = id();
        event_.steps.push_back(step);
        break;
      }
    }
    return std::move(event_);
  }

 private:
  template <typename Body>
  void in_transaction(Body body) {
    event_.transaction = !options_.skip_trx;
    if (event_.transaction) event_.steps.push_back(at(OltpStatement::Begin, 0));
    body();
    if (event_.transaction) event_.steps.push_back(at(OltpStatement::Commit, 0));
  }

  void reads(int points) {
    point_selects(points);
    if (!options_.range_selects) return;
    ranges(OltpStatement::SimpleRange, options_.simple_ranges);
    ranges(OltpStatement::SumRange, options_.sum_ranges);
    ranges(OltpStatement::OrderRange, options_.order_ranges);
    ranges(OltpStatement::DistinctRange, options_.distinct_ranges);
  }

  void writes() {
    index_updates();
    non_index_updates();
    delete_inserts();
  }

  void point_selects(int count) {
    const int t = table();
    for (int i = 0; i < count; ++i) {
      OltpStep step = at(OltpStatement::PointSelect, t);
      step.id = id();
      event_.steps.push_back(step);
    }
  }

  void ranges(OltpStatement kind, int count) {
    const int t = table();
    for (int i = 0; i < count; ++i) {
      OltpStep step = at(kind, t);
      step.id = id();
      step.id_end = step.id + options_.range_size - 1;
      event_.steps.push_back(step);
    }
  }

  void index_updates() {
    const int t = table();
    for (int i = 0; i < options_.index_updates; ++i) {
      OltpStep step = at(OltpStatement::IndexUpdate, t);
      step.id = id();
      event_.steps.push_back(step);
    }
  }

  void non_index_updates() {
    const int t = table();
    for (int i = 0; i < options_.non_index_updates; ++i) {
      OltpStep step = at(OltpStatement::NonIndexUpdate, t);
      fill_sysbench_rand_str(step.c, kSysbenchCTemplate, rng_);
      step.id = id();
      event_.steps.push_back(step);
    }
  }

  // The row deleted is inserted again, with a new k, c and pad.
  void delete_inserts() {
    const int t = table();
    for (int i = 0; i < options_.delete_inserts; ++i) {
      OltpStep remove = at(OltpStatement::Delete, t);
      OltpStep insert = at(OltpStatement::Insert, t);
      remove.id = insert.id = id();
      insert.k = id();
      fill_sysbench_rand_str(insert.c, kSysbenchCTemplate, rng_);
      fill_sysbench_rand_str(insert.pad, kSysbenchPadTemplate, rng_);
      event_.steps.push_back(remove);
      event_.steps.push_back(insert);
    }
  }

  // oltp_insert.lua: a uniform table, k by --rand-type, then c and pad.
  void insert() {
    OltpStep step =
        at(options_.auto_inc ? OltpStatement::InsertAutoInc : OltpStatement::Insert, table());
    step.k = id();
    fill_sysbench_rand_str(step.c, kSysbenchCTemplate, rng_);
    fill_sysbench_rand_str(step.pad, kSysbenchPadTemplate, rng_);
    if (!options_.auto_inc) step.id = unique_insert_id(rng_);
    event_.steps.push_back(step);
  }

  static OltpStep at(OltpStatement kind, int t) {
    OltpStep step;
    step.statement = kind;
    step.table = t;
    return step;
  }

  // get_table_num(): sysbench.rand.uniform(1, tables).
  int table() { return static_cast<int>(sysbench_uniform(rng_, 1, options_.tables)); }
  // get_id(): sysbench.rand.default(1, table_size).
  std::int64_t id() { return ids_.draw(rng_, 1, options_.table_size); }

  const OltpOptions& options_;
  const SysbenchDistribution& ids_;
  Random& rng_;
  OltpEvent event_;
};

void queue_step(const OltpStep& step, Session& session) {
  switch (step.statement) {
    case OltpStatement::Begin: session.queue_command("BEGIN"); return;
    case OltpStatement::Commit: session.queue_command("commit"); return;
    default: break;
  }
  Params params;
  switch (step.statement) {
    case OltpStatement::SimpleRange:
    case OltpStatement::SumRange:
    case OltpStatement::OrderRange:
    case OltpStatement::DistinctRange:
      params.add(static_cast<long long>(step.id)).add(static_cast<long long>(step.id_end));
      break;
    case OltpStatement::NonIndexUpdate:
      params.add(step.c).add(static_cast<long long>(step.id));
      break;
    case OltpStatement::Insert:
      params.add(static_cast<long long>(step.id))
          .add(static_cast<long long>(step.k))
          .add(step.c)
          .add(step.pad);
      break;
    case OltpStatement::InsertAutoInc:
      params.add(static_cast<long long>(step.k)).add(step.c).add(step.pad);
      break;
    default: params.add(static_cast<long long>(step.id)); break;
  }
  session.queue(oltp_statement_name(step.statement, step.table), params);
}

}  // namespace

bool oltp_error_restarts_event(const std::string& sqlstate) {
  return sqlstate == kDeadlockDetected || sqlstate == kSerializationFailure ||
         sqlstate == kUniqueViolation;
}

OltpEvent plan_event(const OltpOptions& options, const SysbenchDistribution& ids, Random& rng) {
  return Planner(options, ids, rng).plan();
}

OltpEvent plan_event(const OltpOptions& options, Random& rng) {
  const SysbenchDistribution ids(options);
  return plan_event(options, ids, rng);
}

void send_event(const OltpEvent& event, Session& session, OltpRowChanges* changes) {
  const auto acknowledge = [changes](const OltpStep& step, const QueryResult& result) {
    if (changes != nullptr)
      changes->acknowledge(step.statement, step.table, result.affected_rows());
  };
  // What was sent and not answered may or may not have committed.
  const auto doubt = [changes](auto first, auto last) {
    if (changes == nullptr) return;
    for (auto step = first; step != last; ++step) changes->doubt(step->statement, step->table);
  };
  if (event.transaction) {
    for (const OltpStep& step : event.steps) queue_step(step, session);
    std::vector<QueryResult> results;
    try {
      results = session.flush();
    } catch (const ConnectionLost&) {
      doubt(event.steps.begin(), event.steps.end());
      throw;
    }
    for (std::size_t i = 0; i < results.size() && i < event.steps.size(); ++i) {
      acknowledge(event.steps[i], results[i]);
    }
    return;
  }
  for (auto step = event.steps.begin(); step != event.steps.end(); ++step) {
    queue_step(*step, session);
    try {
      acknowledge(*step, session.flush().at(0));
    } catch (const ConnectionLost&) {
      doubt(step, step + 1);
      throw;
    }
  }
}

TxnResult execute_event(const OltpOptions& options, const SysbenchDistribution& ids,
                        Session& session, Random& rng, OltpRowChanges* changes) {
  TxnResult result;
  for (;;) {
    std::string state;
    std::string message;
    try {
      send_event(plan_event(options, ids, rng), session, changes);
      return result;
    } catch (const RetryableError& e) {
      state = e.sqlstate;
      message = e.what();
    } catch (const SqlError& e) {
      state = e.sqlstate;
      message = e.what();
    }
    if (!oltp_error_restarts_event(state)) {
      result.outcome = Outcome::Error;
      result.error = message;
      result.sqlstate = state;
      return result;
    }
    ++result.retries;
  }
}

}  // namespace tpcc
