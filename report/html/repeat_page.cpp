// The pages of repeated runs: one set's (DIR/report.html of tpcc run
// --repeat) and two sets side by side (tpcc report --compare SET_A SET_B).
#include <filesystem>

#include "report/html/html_report.hpp"
#include "report/html/parts.hpp"
#include "report/views/compare.hpp"
#include "report/views/format.hpp"

namespace tpcc {
namespace {

using html::cell;

// Each run with its first figure (tpmC; a workload's tps or rows/s).
std::string runs_table(const RepeatSetPage& page) {
  const RepeatedFigure* first = page.figures.empty() ? nullptr : &page.figures.front();
  std::string h = "<table>\n<tr>" + cell("run", "th") + cell("started", "th") +
                  cell("exit status", "th") + cell(first ? first->name : "-", "th") + "</tr>\n";
  for (std::size_t i = 0; i < page.runs.size(); ++i) {
    const std::string name = std::filesystem::path(page.runs[i].dir).filename().string();
    const std::optional<double> value =
        first && i < first->values.size() ? first->values[i] : std::nullopt;
    h += "<tr><td><a href=\"" + html_escape(name + "/" + kReportFile) + "\">" + html_escape(name) +
         "</a></td>" + cell(page.runs[i].info.started_at) +
         cell(i < page.exit_statuses.size() ? std::to_string(page.exit_statuses[i]) : "-") +
         cell(value ? fixed(*value, first->decimals) : "-") + "</tr>\n";
  }
  return h + "</table>\n";
}

std::string spread_table(const std::vector<RepeatedFigure>& figures) {
  std::string h = "<table class=\"compare\">\n<tr>" + cell("figure", "th") + cell("median", "th") +
                  cell("mean", "th") + cell("min", "th") + cell("max", "th") + cell("CV", "th") +
                  cell("95 % CI of the mean", "th") + "</tr>\n";
  for (const RepeatedFigure& f : figures) {
    if (!f.spread) continue;
    const Spread& s = *f.spread;
    h += std::string(f.noisy() ? "<tr class=\"diff\">" : "<tr>") + cell(f.name) +
         cell(fixed(s.median, f.decimals)) + cell(fixed(s.mean, f.decimals)) +
         cell(fixed(s.min, f.decimals)) + cell(fixed(s.max, f.decimals)) + cell(cv_text(s)) +
         cell(interval_text(s.ci_low, s.ci_high, f.decimals)) + "</tr>\n";
  }
  return h + "</table>\n";
}

}  // namespace

std::string html_repeat_set(const RepeatSetPage& page) {
  const std::string count = std::to_string(page.runs.size());
  return html::page_head("tpcc: " + count + " repeated runs") + "<h1>" + count +
         " repeated runs</h1>\n<h2>Runs</h2>\n" + runs_table(page) +
         "<h2>Figures over the runs</h2>\n<p class=\"note\">Each figure's median, mean and "
         "extremes over the runs, its coefficient of variation (the sample standard deviation "
         "over the mean; highlighted above " +
         fixed(kNoisyCoefficientOfVariation * 100, 0) +
         " %) and the 95 % confidence interval of its mean (Student's t with runs - 1 degrees "
         "of freedom).</p>\n" +
         spread_table(page.figures) + "</body>\n</html>\n";
}

std::string html_compare_sets(const std::string& dir_a, const std::vector<ResultDir>& runs_a,
                              const std::string& dir_b, const std::vector<ResultDir>& runs_b,
                              const std::vector<ComparedSetFigure>& figures) {
  std::string h = html::page_head("tpcc: two sets of runs compared") +
                  "<h1>Two sets of runs compared</h1>\n<table>\n<tr>" + cell("set", "th") +
                  cell("directory", "th") + cell("runs", "th") + "</tr>\n";
  h += "<tr>" + cell("A") + cell(dir_a) + cell(std::to_string(runs_a.size())) + "</tr>\n<tr>" +
       cell("B") + cell(dir_b) + cell(std::to_string(runs_b.size())) + "</tr>\n</table>\n";
  // Every run of both sets a column: A1 ... An, B1 ... Bm.
  std::vector<ResultDir> runs = runs_a;
  runs.insert(runs.end(), runs_b.begin(), runs_b.end());
  std::vector<std::string> columns;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const bool in_a = i < runs_a.size();
    columns.push_back((in_a ? "A" : "B") + std::to_string(in_a ? i + 1 : i - runs_a.size() + 1));
  }
  h += html::environment_html(runs, columns);
  h += "<h2>Figures</h2>\n<p class=\"note\">B's mean over A's, with the 95 % confidence "
       "interval of that ratio (Welch's t interval of the difference of the means, over A's "
       "mean). \"within noise\": the interval includes 1, so the runs do not tell the two "
       "apart.</p>\n<table class=\"compare\">\n<tr>" +
       cell("figure", "th") + cell("A mean", "th") + cell("B mean", "th") + cell("B / A", "th") +
       cell("95 % CI", "th") + cell("verdict", "th") + "</tr>\n";
  for (const ComparedSetFigure& f : figures) {
    if (!f.a && !f.b) continue;
    const bool beyond = f.ratio.low && !f.ratio.within_noise();
    h += std::string(beyond ? "<tr class=\"diff\">" : "<tr>") + cell(f.name) +
         cell(f.a ? fixed(f.a->mean, f.decimals) : "-") +
         cell(f.b ? fixed(f.b->mean, f.decimals) : "-") + cell(ratio_text(f.ratio.ratio)) +
         cell(interval_text(f.ratio.low, f.ratio.high, 3)) + cell(noise_verdict(f.ratio)) +
         "</tr>\n";
  }
  return h + "</table>\n</body>\n</html>\n";
}

}  // namespace tpcc
