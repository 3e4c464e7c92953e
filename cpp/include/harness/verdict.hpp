// The verdict of a call sequence, shared by the judge (cpp/judge.cpp, Bench) and the
// in-process protocol (cpp/inprocess.cpp, InProcessBench), its Python dict and the other
// parts of an answer both build alike. Python side only (harness._bench): the keepers and
// callers do not include it.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "harness/process.hpp"

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

// Why a verdict is setup_error when the harness cannot allocate the instances of `size`.
inline std::string out_of_memory_why(uint64_t size) {
  return "the harness could not allocate the inputs and outputs of size " + std::to_string(size) +
         " (out of memory): choose a smaller size";
}

// d["counts"] = {event: count}, d["unavailable"] = {event: reason} of the counters of one
// call (kCounters, process.hpp): why(e) is "" for an event that was counted, count(e) its
// count (read only then).
template <class Why, class Count>
void put_counters(pybind11::dict& d, Why why, Count count) {
  pybind11::dict counts, unavailable;
  for (int e = 0; e < kNumCounters; ++e) {
    const std::string w = why(e);
    if (!w.empty())
      unavailable[kCounters[e].name] = w;
    else
      counts[kCounters[e].name] = count(e);
  }
  d["counts"] = counts;
  d["unavailable"] = unavailable;
}

}  // namespace harness
