// Passwords given on the command line are readable by every user of the
// machine in ps and /proc/PID/cmdline for as long as tpcc runs. Once the
// arguments are parsed, they are overwritten in place, as the MySQL client
// does: the kernel shows argv's memory, so the characters themselves must
// change (same length; a copy would not do).
#pragma once

namespace tpcc {

// Replaces with 'x' the password characters of the values of --conn and
// --standby-conn (conninfo password=..., a URI's user:secret@, JDBC and URI
// ?password=..., as mask_password finds them) and the whole value of
// --pgsql-password, in "--flag VALUE" and "--flag=VALUE" form, and the
// password of any argument that is no flag (pgbench's database argument
// may be a connection string). argv[0] and
// every other argument are left as they are. Call after
// parse_command_line, which has copied what it needs.
void scrub_password_arguments(int argc, char* argv[]);

}  // namespace tpcc
