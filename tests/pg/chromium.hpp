// What the tests that read a page as a browser lays it out share: whether
// chromium is on the machine, and headless chromium's DOM of a page.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

namespace tpcc::test {

inline bool have_chromium() { return std::system("command -v chromium >/dev/null 2>&1") == 0; }

// The DOM after layout of the page at the absolute path `page`; empty when
// chromium could not be started.
inline std::string chromium_dom(const std::string& page) {
  const std::string command =
      "timeout 120 chromium --headless=new --no-sandbox --disable-gpu --dump-dom 'file://" + page +
      "' 2>/dev/null";
  std::string dom;
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return dom;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) dom.append(buffer, n);
  ::pclose(pipe);
  return dom;
}

}  // namespace tpcc::test
