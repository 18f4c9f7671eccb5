// The run's interval lines on the console: tpcc's own, sysbench's shape,
// and a standby's line under the primary's.
#pragma once

#include <string>
#include <vector>

#include "config/config.hpp"

#include "metrics/lag.hpp"
#include "metrics/run.hpp"

namespace tpcc {

// "[ 10s ] tpmC: 1234 tpmTOTAL: 2740 p90: 12.3ms p99: 40.1ms err/s: 0 retries: 0",
// rates over the interval's length, percentiles over all five transactions;
// warm-up lines end in "(warm-up)", preceded during a --ramp by the
// terminals started so far ("terminals: 12/40").
std::string format_interval_line(const IntervalSample& sample);

// Which of sysbench 1.0's reporters a line imitates: its database drivers'
// (the oltp tests': "err/s: 0.00") or its Lua sysbench.report_default
// (sysbench-tpcc's tpcc.lua: "err/s 0.00", no colon).
enum class SysbenchReporter { Driver, Lua };

// The same interval in sysbench's shape (--report-format sysbench):
// "[ 1s ] thds: 64 tps: 1234.56 qps: 34567.89 (r/w/o: 15000.00/16000.00/
// 3567.89) lat (ms,95%): 12.34 err/s: 0.00 reconn/s: 0.00" (percentile:
// sysbench's --percentile, 95 by default). threads is the
// terminals; tps the completed transactions of all five types per second;
// qps and r/w/o the statements by command tag (RunStats::statements); lat the
// 95th percentile over the interval (0.00 without transactions, as sysbench
// prints it); then the tpcc line's downtime, stall and warm-up marks.
std::string format_sysbench_interval_line(const IntervalSample& sample, int threads,
                                          int percentile = 95,
                                          SysbenchReporter reporter = SysbenchReporter::Driver);

// An ingest run's line: "[ 10s ] rows/s: 123400 batches/s: 1234.0 p90:
// 2.10ms p99: 4.00ms err/s: 0 retries: 0", each completed batch counting
// rows_per_statement rows; then the tpcc line's trouble and warm-up marks.
std::string format_ingest_interval_line(const IntervalSample& sample, int rows_per_statement);

// A run of CH-benCHmark's query streams: "[ 10s ] queries/s: 2.8 QphH:
// 10080 p90: 1139ms p99: 1679ms err/s: 0 retries: 0", QphH the queries of
// the interval per hour; then the tpcc line's trouble and warm-up marks.
// label: the streams' beside another run's ("[ 10s ] ch: queries/s: ...").
std::string format_ch_interval_line(const IntervalSample& sample, const std::string& label = {});

// A standby's line under the primary's of an oltp run, in sysbench's shape:
// "[ 1s ] standby 1: thds: 2 tps: ... reconn/s: 0.00 lag: replay 2.10ms, ...".
// threads: the standby's terminals; lag: its reading (nullptr: none).
std::string format_sysbench_standby_line(int number, const IntervalSample& sample, int threads,
                                         int percentile, const LagReading* lag);

// A standby's interval line, under the primary's: "[ 10s ] standby 1:
// tpmTOTAL: 1800 p90: 3.10ms p99: 5.00ms err/s: 0 retries: 0 lag: replay
// 2.10ms, 16.0 kB behind, last replay 15.0ms ago". number counts from 1;
// lag is the standby's reading (nullptr: none).
std::string format_standby_interval_line(int number, const IntervalSample& sample,
                                         const LagReading* lag);

// One interval's console lines: the primary's (samples.front(), in the
// run's --report-format, or the ingest line) and each standby's under it
// with its lag.
std::vector<std::string> interval_lines(const std::vector<IntervalSample>& samples,
                                        const Config& config);

}  // namespace tpcc
