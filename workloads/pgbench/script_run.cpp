#include "workloads/pgbench/script_run.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>

#include "workloads/pgbench/script_eval.hpp"

namespace tpcc::pgbench {

void Variables::set_text(const std::string& name, const std::string& text) {
  Entry& e = vars_[name];
  e.defined = true;
  e.has_text = true;
  e.text = text;
  e.has_value = false;
}

void Variables::set(const std::string& name, const Value& value) { set(vars_[name], value); }

void Variables::set(Entry& e, const Value& value) {
  e.defined = true;
  if (e.has_text) {
    e.has_text = false;
    e.text.clear();
  }
  e.has_value = true;
  e.value = value;
}

bool Variables::has(const std::string& name) const {
  const auto it = vars_.find(name);
  return it != vars_.end() && it->second.defined;
}

namespace {

[[noreturn]] void undefined(const std::string& name) {
  throw EvalError("undefined variable \"" + name + "\"");
}

}  // namespace

Value Variables::value(const std::string& name) {
  const auto it = vars_.find(name);
  if (it == vars_.end()) undefined(name);
  return value(it->second, name);
}

Value Variables::value(Entry& e, const std::string& name) {
  if (!e.defined) undefined(name);
  if (!e.has_value) {
    e.value = from_text(name, e.text);
    e.has_value = true;
  }
  return e.value;
}

std::string Variables::text(const std::string& name) const {
  const auto it = vars_.find(name);
  if (it == vars_.end()) undefined(name);
  std::string out;
  text(it->second, name, out);
  return out;
}

void Variables::text(const Entry& e, const std::string& name, std::string& out) {
  if (!e.defined) undefined(name);
  if (e.has_text) {
    out = e.text;
  } else {
    out = to_text(e.value);
  }
}

std::vector<Variables::Entry*> Variables::bind(const Script& script) {
  std::vector<Entry*> slots(script.variables.size());
  // unordered_map keeps its entries where they are as it grows.
  for (std::size_t i = 0; i < slots.size(); ++i) slots[i] = &vars_[script.variables.name(i)];
  return slots;
}

Variables client_variables(const ClientSetup& setup) {
  Variables v;
  for (const auto& d : setup.defines) v.set_text(d.name, d.value);
  if (!v.has("scale")) v.set("scale", Value::of_int(setup.scale));
  v.set("client_id", Value::of_int(setup.client_id));
  if (!v.has("default_seed")) v.set("default_seed", Value::of_int(setup.default_seed));
  if (!v.has("random_seed")) {
    v.set("random_seed", Value::of_int(static_cast<std::int64_t>(setup.random_seed)));
  }
  return v;
}

ScriptRunError::ScriptRunError(const std::string& file, int line, const std::string& message,
                               std::size_t command_index)
    : std::runtime_error(file + ":" + std::to_string(line) + ": " + message),
      line_(line),
      message_(message),
      command_index_(command_index) {}

std::string client_aborted_text(int client, std::size_t script, const Script& commands,
                                std::size_t command_index) {
  std::string name = "SQL";
  std::string why = "SQL command send failed";
  if (command_index < commands.commands.size()) {
    const Command::Kind kind = commands.commands[command_index].kind;
    if (kind == Command::Kind::Sleep) {
      name = "sleep";
      why = "execution of meta-command failed";
    } else if (kind != Command::Kind::Sql) {
      // \set, \if and \elif are the meta-commands that evaluate.
      name = kind == Command::Kind::Set ? "set" : kind == Command::Kind::If ? "if" : "elif";
      why = "evaluation of meta-command failed";
    }
  }
  return "client " + std::to_string(client) + " aborted in command " +
         std::to_string(command_index) + " (" + name + ") of script " + std::to_string(script) +
         "; " + why;
}

ScriptRun::ScriptRun(const Script& script, Variables& variables, Random& rng, bool each_command)
    : script_(script),
      own_slots_(variables.bind(script)),
      slots_(&own_slots_),
      rng_(rng),
      each_command_(each_command) {}

ScriptRun::ScriptRun(const Script& script, const std::vector<Variables::Entry*>& bound, Random& rng,
                     bool each_command)
    : script_(script), slots_(&bound), rng_(rng), each_command_(each_command) {}

namespace {

// `step` as a step of `kind` at `command`, with no values (their room kept).
void reset(Step& step, Step::Kind kind, const Command* command) {
  step.kind = kind;
  step.command = command;
  step.values.clear();
  step.nulls.clear();
  step.sleep_us = 0;
}

}  // namespace

Step ScriptRun::next() {
  Step s;
  next(s);
  return s;
}

void ScriptRun::next(Step& step) {
  const auto& cmds = script_.commands;
  while (pc_ < cmds.size()) {
    const Command& c = cmds[pc_];
    switch (c.kind) {
      case Command::Kind::Sql: ++pc_; return sql_step(c, step);
      case Command::Kind::Sleep: ++pc_; return sleep_step(c, step);
      case Command::Kind::Set:
        Variables::set(entry(c.variable_slot), eval(c));
        ++pc_;
        break;
      case Command::Kind::If: pc_ = truth(eval(c)) ? pc_ + 1 : enter_branch(c.next_branch); break;
      case Command::Kind::Elif:
      case Command::Kind::Else:
        // Reached by running on: the branch before it ran, so skip the rest.
        pc_ = endif_of(pc_) + 1;
        break;
      case Command::Kind::Endif: ++pc_; break;
    }
    if (each_command_) return reset(step, Step::Kind::Meta, &c);
  }
  reset(step, Step::Kind::End, nullptr);
}

Value ScriptRun::eval(const Command& c) {
  try {
    return evaluate(
        *c.expr, [this](const Expr& v) { return Variables::value(entry(v.slot), v.variable); },
        rng_);
  } catch (const EvalError& e) {
    fail(c, e.what());
  }
}

void ScriptRun::fail(const Command& c, const std::string& message) const {
  throw ScriptRunError(script_.name, c.line, message,
                       static_cast<std::size_t>(&c - script_.commands.data()));
}

// Where to go on from the branch marker at `marker` after the branches
// before it were not taken: into an \elif that holds, an \else, or past
// the \endif.
std::size_t ScriptRun::enter_branch(std::size_t marker) {
  const auto& cmds = script_.commands;
  for (;;) {
    const Command& c = cmds[marker];
    if (c.kind != Command::Kind::Elif) return marker + 1;  // \else or \endif
    if (truth(eval(c))) return marker + 1;
    marker = c.next_branch;
  }
}

std::size_t ScriptRun::endif_of(std::size_t marker) const {
  const auto& cmds = script_.commands;
  while (cmds[marker].kind != Command::Kind::Endif) marker = cmds[marker].next_branch;
  return marker;
}

void ScriptRun::sql_step(const Command& c, Step& s) {
  reset(s, Step::Kind::Sql, &c);
  s.values.resize(c.parameters.size());
  s.nulls.resize(c.parameters.size());
  try {
    for (std::size_t i = 0; i < c.parameters.size(); ++i) {
      const std::string& name = c.parameters[i];
      Variables::Entry& e = entry(c.parameter_slots[i]);
      Variables::text(e, name, s.values[i]);
      s.nulls[i] = s.values[i] == "NULL" && Variables::value(e, name).is_null();
    }
  } catch (const EvalError& e) {
    fail(c, e.what());
  }
}

// pgbench reads a :variable's sleep time as C's atoi does: the leading
// integer of its text.
void ScriptRun::sleep_step(const Command& c, Step& s) {
  std::int64_t amount = c.sleep_amount;
  if (!c.sleep_variable.empty()) {
    try {
      std::string text;
      Variables::text(entry(c.sleep_slot), c.sleep_variable, text);
      amount = std::strtoll(text.c_str(), nullptr, 10);
    } catch (const EvalError& e) {
      fail(c, e.what());
    }
  }
  std::int64_t us = 0;
  if (amount > 0 && __builtin_mul_overflow(amount, c.sleep_unit_us, &us)) {
    fail(c, "sleep time out of range");
  }
  reset(s, Step::Kind::Sleep, &c);
  s.sleep_us = us;
}

}  // namespace tpcc::pgbench
