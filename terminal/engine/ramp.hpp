// --ramp (props rampupTerminalMins): the terminals start evenly over the
// ramp rather than all at once, so the load rises gradually. Terminal i of
// N starts ramp x i / N seconds after the run's start: the first at once,
// the last one N-th of the ramp before its end, so all run by the ramp's
// end, which the warm-up covers (config/finish: a shorter warm-up is
// extended to it). Pure arithmetic, shared by the fast path (a worker waits
// for its terminal's start), the scheduler (the first due time counts from
// it) and the interval lines (the terminals active at a boundary).
#pragma once

namespace tpcc {

// Seconds after the run's start when terminal `index` (0-based) of
// `terminals` starts: ramp × index / terminals; 0 without a ramp.
double terminal_start_seconds(int index, int terminals, double ramp_seconds);

// How many of `terminals` have started `elapsed_seconds` after the run's
// start: those whose terminal_start_seconds is at or before it.
int started_terminals(double elapsed_seconds, int terminals, double ramp_seconds);

}  // namespace tpcc
