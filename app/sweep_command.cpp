#include "app/sweep_command.hpp"

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include <pqxx/except>

#include "app/repeat_command.hpp"
#include "app/report_command.hpp"
#include "app/run_once.hpp"
#include "app/sweep_loads.hpp"
#include "config/command_line/options.hpp"
#include "config/errors.hpp"
#include "config/sweep_grid.hpp"
#include "experiment/server_settings.hpp"
#include "experiment/sweep_state.hpp"
#include "report/console/sweep_table.hpp"
#include "report/html/html_report.hpp"
#include "report/html/sweep_page.hpp"
#include "report/results/sweep_json.hpp"

namespace tpcc {
namespace {

namespace fs = std::filesystem;

// Set by SIGINT, SIGTERM or SIGHUP outside a run (during a run the engine
// takes them and stops the run, which then reports 130).
volatile std::sig_atomic_t g_stop_requested = 0;

void on_stop_signal(int) { g_stop_requested = 1; }

// The engine's handlers go when a run ends (the signals' default action
// would then kill the sweep before it puts the settings back): installed
// again before and after each point.
void catch_stop_signals() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) ::sigaction(sig, &action, nullptr);
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "";
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_text(const fs::path& path, const std::string& text) {
  const fs::path partial = path.string() + ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    out << text;
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + partial.string());
  }
  fs::rename(partial, path);  // a kill never leaves half a file
}

// The point's exit status when it threw: what main() would have returned.
int status_of(std::exception_ptr error, std::string& detail) {
  try {
    std::rethrow_exception(error);
  } catch (const UsageError& e) {
    detail = e.what();
    return kExitUsage;
  } catch (const Interrupted& e) {
    detail = e.what();
    return kExitInterrupted;
  } catch (const ConnectError& e) {
    detail = e.what();
    return kExitConnect;
  } catch (const pqxx::broken_connection& e) {
    detail = std::string("lost the connection to the server: ") + e.what();
    return kExitConnect;
  } catch (const pqxx::sql_error& e) {
    detail = std::string("server error: ") + e.what();
    return kExitConnect;
  } catch (const std::exception& e) {
    detail = e.what();
    return kExitFailed;
  }
}

class Sweep {
 public:
  Sweep(const Config& config, std::ostream& out)
      : config_(config), out_(out), dir_(config.result_dir), state_path_(dir_ / kSweepStateFile) {}

  int run() {
    // The settings are looked up before anything is written or changed.
    std::vector<SettingOriginal> found = inspect();
    std::vector<SweepLoadState> loads = find_sweep_loads(config_);
    load_or_begin();
    adopt_settings(std::move(found));
    catch_stop_signals();
    int status = kExitOk;
    bool interrupted = false;
    try {
      prepare_loads(std::move(loads));
      status = run_points(interrupted);
    } catch (...) {
      finish_settings();
      throw;
    }
    finish_settings();
    return write_results(interrupted ? kExitInterrupted : status, interrupted);
  }

 private:
  // Each point not finished before, in grid order, until one is
  // interrupted or cannot reach the server.
  int run_points(bool& interrupted) {
    int status = kExitOk;
    const std::size_t total = state_.points.size();
    for (std::size_t k = 0; k < total; ++k) {
      if (g_stop_requested != 0) {
        interrupted = true;
        break;
      }
      SweepPointState& point = state_.points[k];
      const std::string header =
          "point " + std::to_string(k + 1) + " of " + std::to_string(total) + ": " + point.name;
      if (point_finished(read_text(dir_ / point.name / "result.json"), state_.repeat)) {
        out_ << header << ": finished before, skipped\n";
        continue;
      }
      out_ << "\n== " << header << " ==\n";
      const int point_status = run_point(point);
      catch_stop_signals();
      save();
      if (point_status == kExitInterrupted || g_stop_requested != 0) {
        interrupted = true;
        break;
      }
      if (point_status != kExitOk && status == kExitOk) status = point_status;
      // A point that could not connect, lost its server or was refused
      // (exit 2, 3): the next ones would be too.
      if (point.status == PointStatus::Failed && point.exit_status >= kExitUsage) break;
    }
    return status;
  }

  // A sweep over loads: each prepared once (a continued sweep reuses those
  // it prepared) before the first point.
  void prepare_loads(std::vector<SweepLoadState> loads) {
    if (loads.empty()) return;
    adopt_sweep_loads(loads, state_.loads, config_);
    state_.loads = std::move(loads);
    save();
    prepare_sweep_loads(
        config_, state_, state_.loads, [this] { save(); }, out_);
  }

  void load_or_begin() {
    std::error_code ec;
    const std::string dir_text = dir_.string();
    if (fs::exists(state_path_, ec)) {
      SweepState existing;
      try {
        existing = parse_sweep_state(read_text(state_path_));
      } catch (const std::runtime_error& e) {
        throw UsageError("--result-dir " + dir_text + ": " + state_path_.string() + " is " +
                         e.what());
      }
      const std::string difference = grid_difference(existing, config_.sweep_axes, config_.repeat);
      if (!difference.empty()) {
        throw UsageError("--result-dir " + dir_text + " holds a sweep of another grid (" +
                         difference +
                         "); give another directory, or the same axes and --repeat to continue "
                         "that sweep");
      }
      state_ = existing;
      std::size_t finished = 0;
      for (const SweepPointState& p : state_.points) {
        finished += point_finished(read_text(dir_ / p.name / "result.json"), state_.repeat);
      }
      out_ << "continuing the sweep in " << dir_text << ": " << finished << " of "
           << state_.points.size() << " points finished before\n";
      return;
    }
    if (fs::exists(dir_, ec) && !(fs::is_directory(dir_, ec) && fs::is_empty(dir_, ec))) {
      throw UsageError("--result-dir " + dir_text + ": exists and holds no sweep (" +
                       std::string(kSweepStateFile) +
                       "); give a new directory, or the one of the sweep to continue");
    }
    fs::create_directories(dir_, ec);
    if (ec) throw UsageError("--result-dir " + dir_text + ": cannot create: " + ec.message());
    state_ = new_sweep_state(config_.sweep_axes, config_.repeat);
    out_ << "sweep of " << state_.points.size() << " point"
         << (state_.points.size() == 1 ? "" : "s") << " into " << dir_text << "\n";
    save();
  }

  std::vector<SettingOriginal> inspect() const {
    std::vector<std::string> names;
    for (const SweepAxis& a : config_.sweep_axes) {
      if (a.server_setting()) names.push_back(a.name);
    }
    if (names.empty()) return {};
    return inspect_settings(config_.conninfo, names);
  }

  // A sweep killed before it put the settings back left sweep.json saying
  // so, and its record of them as they were is the one to restore, not
  // what the server holds now.
  void adopt_settings(std::vector<SettingOriginal> found) {
    if (found.empty()) return;
    if (state_.settings_changed && state_.settings.size() == found.size()) {
      out_ << "the sweep here stopped before it put the server settings back; they go back to "
              "what they were before it at the end\n";
      return;
    }
    state_.settings = std::move(found);
    for (const SettingOriginal& s : state_.settings) {
      out_ << "  " << s.name << " before the sweep: " << s.value << " (context " << s.context
           << (s.in_auto_conf ? ", in postgresql.auto.conf" : "") << ")\n";
    }
    save();
  }

  void set_settings(const std::vector<std::string>& values) {
    for (const SweepValue& v : sweep_setting_values(state_.axes, values)) {
      const auto applied = applied_.find(v.name);
      if (applied != applied_.end() && applied->second == v.value) continue;
      const auto original =
          std::find_if(state_.settings.begin(), state_.settings.end(),
                       [&](const SettingOriginal& s) { return s.name == v.name; });
      if (original == state_.settings.end()) continue;
      if (!state_.settings_changed) {
        state_.settings_changed = true;
        save();  // before the change: a kill from here on still has it put back
      }
      applied_.erase(v.name);
      set_server_setting(config_.conninfo, *original, v.value);
      applied_[v.name] = v.value;
      out_ << "  " << v.name << " = " << v.value << " (ALTER SYSTEM, reloaded)\n";
    }
  }

  int run_point(SweepPointState& point) {
    const fs::path point_dir = dir_ / point.name;
    std::error_code ec;
    if (fs::exists(point_dir, ec)) {
      out_ << "  " << point_dir.string() << " holds an unfinished try; it is run again\n";
      fs::remove_all(point_dir, ec);
    }
    point.detail.clear();
    int status = kExitOk;
    try {
      set_settings(point.values);
      Config run = sweep_point_config(config_, sweep_run_values(state_.axes, point.values));
      if (const SweepLoadState* load = sweep_point_load(state_, point.values)) {
        out_ << "  on the load's database " << load->database << ", restored first\n";
        run_on_load(run, *load);
      }
      run.result_dir = point_dir.string();
      run.label = config_.label.empty() ? point.name : config_.label + " " + point.name;
      status = run.repeat > 1 ? run_repeated(run, out_) : run_once(run, out_);
    } catch (...) {
      status = status_of(std::current_exception(), point.detail);
      out_ << "tpcc sweep: " << point.name << ": " << point.detail << "\n";
    }
    point.exit_status = status;
    point.status = status == kExitOk            ? PointStatus::Done
                   : status == kExitInterrupted ? PointStatus::Interrupted
                                                : PointStatus::Failed;
    return status;
  }

  void finish_settings() {
    if (!state_.settings_changed) return;
    out_ << "\nputting the server settings back:\n";
    state_.settings_changed = !restore_server_settings(config_.conninfo, state_.settings, out_);
    applied_.clear();
    save();
  }

  int write_results(int status, bool interrupted) {
    SweepView view;
    view.axes = state_.axes;
    for (const SweepPointState& p : state_.points) {
      const SweepLoadState* load = sweep_point_load(state_, p.values);
      view.points.push_back({p.name,
                             p.values,
                             point_status_name(p.status),
                             p.exit_status,
                             p.detail,
                             0,
                             {},
                             load != nullptr ? load->database : ""});
    }
    read_sweep_figures(view, dir_.string());
    view.exit_status = status;
    view.interrupted = interrupted;
    out_ << "\nsweep: " << state_.points.size() << " points"
         << (interrupted ? " (interrupted: the same command continues it)" : "") << "\n";
    print_sweep_table(out_, view);
    write_text(dir_ / "result.json", sweep_result_json(view));
    write_text(dir_ / kReportFile, html_sweep(view));
    out_ << "sweep results written to " << dir_.string() << "\n";
    return status;
  }

  void save() { write_text(state_path_, sweep_state_json(state_)); }

  const Config& config_;
  std::ostream& out_;
  fs::path dir_;
  fs::path state_path_;
  SweepState state_;
  std::map<std::string, std::string> applied_;  // the setting values set by this sweep
};

}  // namespace

int run_sweep(const Config& config, std::ostream& out) {
  Sweep sweep(config, out);
  return sweep.run();
}

int redraw_sweep(const Config& config, std::ostream& out) {
  const SweepView view = read_sweep_result(config.report_dir, "tpcc report");
  print_sweep_table(out, view);
  const std::string path = page_path(config.out_dir, config.report_dir, kReportFile);
  write_page(path, html_sweep(view));
  out << "report written to " << path << "\n";
  return kExitOk;
}

}  // namespace tpcc
