// What main() adds to a server error that ended a verb: the SQLSTATE with
// its name, and for the errors a user's setting causes, the setting and
// the kit's option that deals with it.
#pragma once

#include <string>

namespace tpcc {

// "57014 query_canceled"; the SQLSTATE alone when it has no name here.
std::string sqlstate_text(const std::string& sqlstate);

// One line to print after the error ("hint: ..."); empty when there is
// nothing to add.
std::string server_error_hint(const std::string& sqlstate);

}  // namespace tpcc
