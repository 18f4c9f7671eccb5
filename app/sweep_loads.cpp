#include "app/sweep_loads.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>

#include <pqxx/pqxx>

#include "app/commands.hpp"
#include "app/snapshot_command.hpp"
#include "config/command_line/options.hpp"
#include "config/conn/conninfo.hpp"
#include "config/elapsed.hpp"
#include "config/errors.hpp"
#include "config/settings/values.hpp"
#include "config/sweep_grid.hpp"
#include "db/connect.hpp"
#include "experiment/sweep_load_database.hpp"

namespace tpcc {
namespace {

std::string load_text(const std::vector<SweepValue>& load) {
  std::string out;
  for (const SweepValue& v : load) out += (out.empty() ? "" : ",") + v.name + "=" + v.value;
  return out;
}

std::string working_database(const Config& sweep) {
  const auto conn = connect(sweep.conninfo);
  return conn->dbname();
}

std::string load_conninfo(const Config& sweep, const SweepLoadState& load) {
  return set_conninfo_value(sweep.conninfo, "dbname", load.database);
}

// The first point of the grid on that load: its options are the load's.
const SweepPointState& first_point(const SweepState& state, const SweepLoadState& load) {
  for (const SweepPointState& p : state.points) {
    if (load_text(sweep_load_values(state.axes, p.values)) == load.load) return p;
  }
  throw std::logic_error("tpcc sweep: no point on the load " + load.load);
}

}  // namespace

std::vector<SweepLoadState> find_sweep_loads(const Config& sweep) {
  std::vector<SweepLoadState> loads;
  std::string source;
  for (const std::vector<std::string>& point : sweep_grid(sweep.sweep_axes)) {
    const std::vector<SweepValue> values = sweep_load_values(sweep.sweep_axes, point);
    if (values.empty()) return loads;
    const std::string text = load_text(values);
    if (std::any_of(loads.begin(), loads.end(),
                    [&](const SweepLoadState& l) { return l.load == text; })) {
      continue;
    }
    if (source.empty()) source = working_database(sweep);
    SweepLoadState load{text, sweep_load_database(source, values), false};
    require_load_database_name(load.database, text);
    if (load_database_state(sweep.conninfo, load.database) == LoadDatabaseState::NotKit) {
      throw UsageError("--vary " + text + ": its database " + load.database +
                       " exists and tpcc did not make it (no sweep load mark in its comment): "
                       "nothing was done; rename or drop it yourself, or sweep from a working "
                       "database of another name");
    }
    loads.push_back(load);
  }
  return loads;
}

void adopt_sweep_loads(std::vector<SweepLoadState>& loads,
                       const std::vector<SweepLoadState>& recorded, const Config& sweep) {
  for (SweepLoadState& load : loads) {
    const auto before = std::find_if(recorded.begin(), recorded.end(), [&](const auto& r) {
      return r.load == load.load && r.database == load.database;
    });
    load.ready = before != recorded.end() && before->ready &&
                 load_database_ready(sweep.conninfo, load.database);
  }
}

void prepare_sweep_loads(const Config& sweep, const SweepState& state,
                         std::vector<SweepLoadState>& loads, const std::function<void()>& save,
                         std::ostream& out) {
  for (std::size_t k = 0; k < loads.size(); ++k) {
    SweepLoadState& load = loads[k];
    const std::string header = "load " + std::to_string(k + 1) + " of " +
                               std::to_string(loads.size()) + " (" + load.load + ")";
    if (load.ready) {
      out << header << ": database " << load.database << " prepared before, reused\n";
      continue;
    }
    const auto start = std::chrono::steady_clock::now();
    out << "\n== " << header << ": preparing database " << load.database << " ==\n";
    if (load_database_state(sweep.conninfo, load.database) == LoadDatabaseState::Kit) {
      out << "  " << load.database << " is an unfinished load of tpcc's; dropped and made again\n";
      drop_load_database(sweep.conninfo, load.database);
    }
    create_load_database(sweep.conninfo, load.database, working_database(sweep), load.load);
    Config prepare =
        sweep_point_config(sweep, sweep_run_values(state.axes, first_point(state, load).values));
    prepare.conninfo = load_conninfo(sweep, load);
    prepare.verb = Verb::Prepare;
    prepare.restore = false;
    prepare.condition.clear();
    prepare.notes.clear();
    const int status = run_command(prepare);
    if (status != kExitOk) {
      throw std::runtime_error("--vary " + load.load + ": the prepare of database " +
                               load.database + " exited " + std::to_string(status));
    }
    out << header << ": taking the snapshot of " << load.database << "\n";
    Config snapshot = prepare;
    snapshot.verb = Verb::Snapshot;
    snapshot.snapshot_drop = false;
    snapshot_command(snapshot, out);
    load.ready = true;
    save();
    out << header << ": database " << load.database << " prepared in "
        << format_seconds(seconds_since(start)) << " s\n";
  }
}

const SweepLoadState* sweep_point_load(const SweepState& state,
                                       const std::vector<std::string>& values) {
  const std::string text = load_text(sweep_load_values(state.axes, values));
  for (const SweepLoadState& load : state.loads) {
    if (load.load == text) return &load;
  }
  return nullptr;
}

void run_on_load(Config& run, const SweepLoadState& load) {
  run.conninfo = set_conninfo_value(run.conninfo, "dbname", load.database);
  run.restore = true;
}

}  // namespace tpcc
