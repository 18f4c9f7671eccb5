// How many connections TPC-C's paced terminals share when none are asked
// for. With keying and think times (5.2.5) a terminal offers one
// transaction per cycle of about 21 s at the spec's mix, so a connection
// per terminal leaves nearly all of them idle: the 100,000 terminals of
// 10,000 warehouses would open 100,000 connections (files, threads and
// server slots) to offer some 4,800 transactions a second.
#pragma once

#include "config/config.hpp"

namespace tpcc {

// Up to this many terminals each has its own connection, as without
// pacing; past it they share a pool.
inline constexpr int kOwnConnectionsUpTo = 1000;

// The pool: the offered rate times the time a connection is held for each
// transaction (Little's law), with a budget of 50 ms a transaction (a
// server whose mix takes longer is saturated anyway, and the wait for a
// free connection shows in the run's schedule lag) and twice that as room
// for bursts of the exponential think times.
inline constexpr double kConnectionSecondsPerTransaction = 0.05;
inline constexpr double kPoolHeadroom = 2.0;

// Transactions a second one terminal offers at the run's mix, keying and
// think times (their multipliers); 0 when it waits for neither.
double offered_per_terminal(const Config& config);

// The pool for the run's terminals: 0 (a connection each) unless they are
// paced by keying and think times, more than kOwnConnectionsUpTo, and no
// --connections was given; else at least kOwnConnectionsUpTo.
int paced_pool_connections(const Config& config);

}  // namespace tpcc
