// The verdict of a call sequence, shared by the judge (cpp/judge.cpp, Bench) and the
// in-process protocol (cpp/inprocess.cpp, InProcessBench), and its Python dict. Python
// side only (harness._bench): the keepers and callers do not include it.
#pragma once

#include <pybind11/pybind11.h>

#include <string>

namespace harness {

// A verdict: status "ok", "incorrect", "rejected", "runtime_error" or "setup_error";
// exit_code (a process of a side that died: -signal or its exit code) when died (the
// judge's; the in-process protocol has no processes of its sides and never sets it).
struct Verdict {
  std::string status = "ok";
  std::string why;
  bool died = false;
  int exit_code = 0;
  bool ok() const { return status == "ok"; }
};

// {status, why[, exit_code]} of a verdict.
inline pybind11::dict verdict_dict(const Verdict& v) {
  pybind11::dict d;
  d["status"] = v.status;
  d["why"] = v.why;
  if (v.died) d["exit_code"] = v.exit_code;
  return d;
}

}  // namespace harness
