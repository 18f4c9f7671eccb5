// tpcc run that measured nothing: the result directory, written before
// connecting, keeps a result.json that says why (docs/faults.md, "Results
// from the first second").
#pragma once

#include <ctime>
#include <exception>
#include <ostream>

#include "report/result_sink.hpp"

namespace tpcc {

// Writes result.json for `error`, the exception that ended the run before
// it measured: stop_reason "not_connected" for a server that could not be
// reached, "not_started" for anything else, the message, and the exit
// status main() gives it. Says on `out` where it went. Never throws: the
// error the caller rethrows is what the user must read.
void record_not_started(ResultSink& results, const std::exception_ptr& error, std::time_t started,
                        std::ostream& out);

}  // namespace tpcc
