// `tpcc acid --durability` (3.5.3): with --server-datadir DIR (3.5.3.2)
// makes sure DIR is the server of the connection before anything is
// crashed, and kills and restarts it around durability_test; with
// --crash-command CMD (3.5.3.3) runs the user's command there and waits for
// the server to come back. Either way it says first what the server's
// settings let the test show.
#include "app/durability_command.hpp"

#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <thread>

#include <nlohmann/json.hpp>
#include <pqxx/pqxx>

#include "acid/durability.hpp"
#include "acid/durability_settings.hpp"
#include "config/errors.hpp"
#include "config/json_text.hpp"
#include "config/names.hpp"
#include "config/settings/values.hpp"
#include "db/connect.hpp"
#include "experiment/owned_server.hpp"

namespace tpcc {
namespace {

// SIGKILLed processes are gone within milliseconds; a process stuck in
// the kernel (uninterruptible I/O) gets this long.
constexpr double kCrashTimeoutSeconds = 30;
constexpr const char* kRestartLog = "server-restart.log";
// A server coming back after --crash-command is asked this often.
constexpr int kRestartPollMillis = 500;
// Its start time: a new one once it was crashed and came back.
constexpr const char* kStartTimeSql = "select pg_postmaster_start_time()::text";

DurabilitySettings read_settings(const std::string& conninfo) {
  const auto conn = connect(conninfo);
  pqxx::nontransaction tx(*conn);
  const pqxx::row row = tx.exec1(kDurabilitySettingsSql);
  return {row[0].as<std::string>(), row[1].as<std::string>(), row[2].as<std::string>()};
}

// What the settings allow the result to mean, said before the run.
void say_settings(const DurabilitySettings& s, std::ostream& out) {
  out << "server settings: " << settings_text(s) << "\n";
  for (const std::string& hazard : power_loss_hazards(s)) {
    out << "the test will FAIL: " << hazard << "\n";
  }
}

// The printed lines, the summary and acid.json, once the test ran.
int report_durability(const AcidOptions& options, const DurabilityPlan& plan,
                      const DurabilityReport& report, nlohmann::json server,
                      const std::string& result_dir, std::ostream& out) {
  out << format_acid_line(report.result) << "\n" << format_acid_summary({report.result}) << "\n";
  nlohmann::json j = nlohmann::json::parse(acid_json(options, {report.result}));
  j["durability"] = nlohmann::json::parse(durability_json(report));
  server["fsync"] = report.settings.fsync;
  server["synchronous_commit"] = report.settings.synchronous_commit;
  server["full_page_writes"] = report.settings.full_page_writes;
  j["durability"]["server"] = std::move(server);
  j["durability"]["load"] = {{"terminals", plan.terminals},
                             {"mix", plan.mix},
                             {"rollback_percent", plan.rollback_percent},
                             {"seconds_before_crash", plan.seconds_before_crash}};
  const std::filesystem::path file = std::filesystem::path(result_dir) / "acid.json";
  std::ofstream json(file);
  json << json_text(j, 2) << "\n";
  if (!json) throw std::runtime_error("cannot write " + file.string());
  out << "results: " << file.string() << "\n";
  return report.result.passed ? kExitOk : kExitFailed;
}

// The run's load at the crash: its terminals, mix and rollbacks.
DurabilityPlan plan_of(const Config& config, Interruption interruption) {
  DurabilityPlan plan;
  plan.interruption = interruption;
  plan.terminals = config.terminals;
  plan.mix = config.mix;
  plan.rollback_percent = config.rollback_percent;
  return plan;
}

void say_plan(const DurabilityPlan& plan, std::ostream& out) {
  out << plan.terminals << " terminals run the mix " << format_mix(plan.mix)
      << " (NO,P,OS,D,SL) with no keying or think time for " << plan.seconds_before_crash
      << " s before the crash, each logging the New-Order, Payment and Delivery COMMITs the "
         "server acknowledged"
      << std::endl;
}

// 3.5.3.2: SIGKILL of every server process of --server-datadir, and a
// start by tpcc.
int kill_and_restart(const Config& config, const AcidOptions& options,
                     const std::string& result_dir, std::ostream& out) {
  const std::string& dir = config.server_datadir;
  const DataDirServer server = open_connected_server(dir, options.conninfo);
  const DurabilitySettings settings = read_settings(options.conninfo);

  out << "ACID test of TPC-C Clause 3.5.3.2, durability after an instantaneous interruption: "
         "every server process killed (isolation "
      << isolation_name(options.isolation) << ", mode " << mode_name(options.mode) << ")\n"
      << "server: data directory " << dir << ", postmaster " << server.postmaster().pid << ", port "
      << server.postmaster().port << " (the server of the connection)\n"
      << "a process kill leaves the kernel's page cache: 3.5.3.3's loss of memory needs "
         "--crash-command\n";
  say_settings(settings, out);
  const DurabilityPlan plan = plan_of(config, Interruption::ProcessKill);
  say_plan(plan, out);
  const std::string restart_log = (std::filesystem::path(result_dir) / kRestartLog).string();
  const DurabilityReport report = durability_test(options, plan, [&] {
    const int killed = server.crash(kCrashTimeoutSeconds);
    out << "crash: SIGKILL to the postmaster and its " << killed - 1 << " other processes"
        << std::endl;
    try {
      server.start(restart_log);
    } catch (const std::runtime_error& e) {
      throw ConnectError(e.what());  // the server is lost: exit 3
    }
    out << "restart: pg_ctl start -D " << dir << " as " << server.owner()
        << "; crash recovery done (server output: " << restart_log << ")" << std::endl;
  });
  return report_durability(options, plan, report, {{"data_directory", dir}}, result_dir, out);
}

// The server's start time, or nothing while it does not accept queries.
std::optional<std::string> start_time(const std::string& conninfo) {
  try {
    const auto conn = connect(conninfo);
    pqxx::nontransaction tx(*conn);
    return tx.exec1(kStartTimeSql)[0].as<std::string>();
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// After --crash-command: waits until the server accepts queries with a
// start time other than `before` (crash recovery done), polling; throws
// ConnectError (exit 3) after `timeout_seconds`.
void wait_for_restart(const std::string& conninfo, const std::string& before, int timeout_seconds,
                      std::ostream& out) {
  const auto start = std::chrono::steady_clock::now();
  const auto deadline = start + std::chrono::seconds(timeout_seconds);
  bool still_up = false;
  while (std::chrono::steady_clock::now() < deadline) {
    const std::optional<std::string> now = start_time(conninfo);
    if (now && *now != before) {
      const double waited =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      out << "restart: the server accepts connections again, started at " << *now << " ("
          << std::fixed << std::setprecision(1) << waited << " s after the command)"
          << std::defaultfloat << std::endl;
      return;
    }
    still_up = now.has_value();
    std::this_thread::sleep_for(std::chrono::milliseconds(kRestartPollMillis));
  }
  throw ConnectError(still_up
                         ? "--crash-command: the server was not crashed: after --restart-timeout " +
                               std::to_string(timeout_seconds) + " s it still runs since " + before
                         : "--crash-command: the server did not accept connections again within "
                           "--restart-timeout " +
                               std::to_string(timeout_seconds) + " s");
}

// 3.5.3.3: the user's --crash-command, then a wait for the server.
int crash_command_test(const Config& config, const AcidOptions& options,
                       const std::string& result_dir, std::ostream& out) {
  const std::string& command = config.crash_command;
  const DurabilitySettings settings = read_settings(options.conninfo);
  const std::optional<std::string> before = start_time(options.conninfo);
  if (!before) throw ConnectError("cannot read pg_postmaster_start_time() before the crash");
  out << "ACID test of TPC-C Clause 3.5.3.3, durability after a loss of memory by --crash-command "
         "(isolation "
      << isolation_name(options.isolation) << ", mode " << mode_name(options.mode) << ")\n"
      << "crash command: " << command << "\n"
      << "tpcc cannot see what the command does: this is a loss of memory only when it cuts the "
         "server's power or crashes its OS\n"
      << "server: started at " << *before << "\n";
  say_settings(settings, out);
  const DurabilityPlan plan = plan_of(config, Interruption::CrashCommand);
  say_plan(plan, out);
  const DurabilityReport report = durability_test(options, plan, [&] {
    out << "crash: sh -c " << command << std::endl;
    const int status = std::system(command.c_str());
    const int code = status == -1 ? -1 : WIFEXITED(status) ? WEXITSTATUS(status) : 128;
    out << "crash: the command exited " << code << "; waiting up to "
        << config.restart_timeout_seconds << " s for the server" << std::endl;
    wait_for_restart(options.conninfo, *before, config.restart_timeout_seconds, out);
  });
  return report_durability(options, plan, report, {{"crash_command", command}}, result_dir, out);
}

}  // namespace

int durability_command(const Config& config, const AcidOptions& options,
                       const std::string& result_dir, std::ostream& out) {
  return config.crash_command.empty() ? kill_and_restart(config, options, result_dir, out)
                                      : crash_command_test(config, options, result_dir, out);
}

}  // namespace tpcc
