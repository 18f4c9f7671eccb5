// The options table, live metrics part: the Prometheus listener of a run
// (docs/live-metrics.md).
#include "config/settings/table_parts.hpp"
#include "config/settings/values.hpp"

namespace tpcc::settings_table {

void add_live(std::vector<Setting>& s) {
  add(
      s, "metrics-listen", "ADDR:PORT", {"metricsListen"}, kRun, kAllWorkloads, kRunSection,
      "Serve live metrics in Prometheus's text format at http://ADDR:PORT/metrics while the run "
      "lasts: transactions by type and outcome, latency histograms, tpmC, active terminals, "
      "downtime, replication lag, the phase; counters count the measured interval, fresh at "
      "each interval line. A loopback address (127.0.0.1, [::1], localhost; PORT alone means "
      "127.0.0.1) unless --metrics-listen-any.",
      [](const std::string& v, const Source&, ParseState& st) { st.cfg.metrics_listen = v; },
      [](const Config&) -> std::string { return "none"; })
      .json = json_field<&Config::metrics_listen>("run", "metrics_listen");
  add(
      s, "metrics-listen-any", nullptr, {"metricsListenAny"}, kRun, kAllWorkloads, kRunSection,
      "Allow --metrics-listen on an address that is not loopback (the metrics have no "
      "authentication).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.metrics_listen_any = parse_bool(v, src.where);
      },
      [](const Config& c) { return yes_no(c.metrics_listen_any); })
      .json = json_field<&Config::metrics_listen_any>("run", "metrics_listen_any");
  add(
      s, "metrics-linger", "SEC", {"metricsLinger"}, kRun, kAllWorkloads, kRunSection,
      "With --metrics-listen: keep serving the run's final figures (those of result.json) this "
      "long after it ends, for a last scrape (0..3600).",
      [](const std::string& v, const Source& src, ParseState& st) {
        st.cfg.metrics_linger_seconds = parse_int(v, 0, 3600, src.where);
      },
      [](const Config& c) { return std::to_string(c.metrics_linger_seconds); })
      .json = json_field<&Config::metrics_linger_seconds>("run", "metrics_linger_seconds");
}

}  // namespace tpcc::settings_table
