// Deadline notices on the protocol pipe (the orchestrator's watchdog, sandbox.run), shared
// by the judge (cpp/judge.cpp) and the in-process protocol (cpp/inprocess.cpp).
#pragma once

#include <unistd.h>

#include <cstdio>
#include <string>

namespace harness {

// The orchestrator's deadline for the harness's own work (s).
constexpr double kTrustedS = 120.0;

// Tells the orchestrator on `fd` (-1: nowhere) that the worker may run `seconds` more
// before it is killed; `nonce` tags the message, so the orchestrator can tell ours.
inline void send_deadline(int fd, double seconds, const std::string& nonce) {
  if (fd < 0) return;
  char buf[160];
  int n = std::snprintf(buf, sizeof buf, "{\"event\":\"deadline\",\"seconds\":%.3f,\"nonce\":\"%s\"}\n", seconds,
                        nonce.c_str());
  if (write(fd, buf, size_t(n)) < 0) { /* orchestrator gone: nothing to tell */
  }
}

}  // namespace harness
