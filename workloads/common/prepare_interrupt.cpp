#include "workloads/common/prepare_interrupt.hpp"

#include <unistd.h>

#include <csignal>

#include "config/errors.hpp"

namespace tpcc {
namespace {

extern "C" void on_prepare_interrupt(int) {
  static const char kMessage[] =
      "\ninterrupted: what was loaded and committed is kept; run the same tpcc prepare again to "
      "resume\n";
  const ssize_t written = write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  (void)written;
  _exit(kExitInterrupted);
}

}  // namespace

void stop_prepare_on_interrupt() {
  std::signal(SIGINT, on_prepare_interrupt);
  std::signal(SIGTERM, on_prepare_interrupt);
}

}  // namespace tpcc
