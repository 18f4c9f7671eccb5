// A props file's entries applied to the options: its keys in file order,
// each as its setting's props key; unknown, repeated and ignored
// BenchmarkSQL keys warned about.
#pragma once

#include "config/config.hpp"
#include "config/props/props.hpp"
#include "config/settings/settings.hpp"

namespace tpcc {

// A file without a single known key is not a props file, or not the right
// one: UsageError, so that no verb goes on with defaults.
void refuse_without_known_keys(const Props& props, Verb verb);

// Applies the entries for settings in file order (of a key given twice the
// last counts); warns of unknown keys (remembering those that look meant as
// conn) and of ignored BenchmarkSQL keys.
void apply_props(const Props& props, ParseState& st);

}  // namespace tpcc
