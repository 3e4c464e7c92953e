// The judge's CPU-accounting rules (Bench, cpp/judge.cpp): their limits, the counters a
// rule is taken on (Mark) and the evidence of a broken rule. The judge reads the clocks and
// applies them; the figures here are the rules themselves.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>

namespace harness {

// CPU accounting (the cross-check of the timed windows). The judge reads each side's
// caller's process CPU clock (kernel-counted, all its threads, user and system) right
// before every window and command of the caller (it lets the caller run) and right after
// it (the caller stopped again). The caller runs only then, so all its CPU lies inside a
// window or a command; the harness's own work (input generation, resets, the const-input
// check, output copies) is its keeper's, in another process, and none of it is counted
// here. Three rules, each `rejected` with its figures:
//   the physical bound (below): a window's or command's CPU <= its wall x granted CPUs;
//   the outside rule: the candidate caller's CPU outside its windows (loads, counted
//     calls) <= M x 5 ms + 1.5 x the baseline caller's + (N - 1) x 1 ms x W (N: OpenMP
//     threads, both callers get GOMP_SPINCOUNT=10000: idle workers spin 0.1-0.3 ms after a
//     region; W: call windows; M: measurements), taken per block of two timed
//     measurements (one of each order for a lone candidate; drawn orders in a batch),
//     half of the blocks or more (at least 2) over it;
//   the idle rule (kIdleAbsNs): CPU outside windows and commands, which a stopped caller
//     cannot have.
// The two last ones predate the stopped caller, when the side's runner did the harness's
// work in the candidate's own process and their slack had to cover it; they now hold with
// room to spare and stay as a cross-check. In a batch every rule holds for each candidate
// against the one baseline. Loading has its own rule: the candidate's
// caller may use at most 50 ms + 1.5 x the baseline's CPU to start and load its object
// (and again for every switch of code layout), so its static constructors cannot
// precompute at length. Validation windows are bounded by their deadline only; they cannot
// precompute for the timed calls, whose inputs are unknown until their prepare
// (input_seed()).
constexpr int64_t kOutsideAbsNs = 5000000;
constexpr int64_t kLoadAbsNs = 50000000;
constexpr double kOutsideRel = 1.5;
constexpr int64_t kSpinPerWindowNs = 1000000;
// The idle rule's limits (S: the candidate's windows and commands in the span):
//   whole evaluation:      candidate idle <= 20 ms + 1.5 x baseline idle + (N - 1) x 0.25 ms x S;
//   each block of timed measurements: candidate idle <= M x 2 ms + 1.5 x baseline idle + (N - 1) x 0.25 ms x S
// The physical bound. A process confined to G CPUs cannot use more than G seconds of CPU
// per second of wall time, so each window and each command of a caller, read by the
// judge (its kernel CPU clock, from right before the doorbell to right after the stop),
// may use at most its wall time x G (the judge's own CPU set: the CPUs this evaluation
// was granted) + kPhysicalAbsNs + kPhysicalRel of it; more is `rejected` with the figures.
// Unlike the rules above it has no slack that grows with the harness's work, and it
// catches a side that widened its own CPU mask (a raw sched_setaffinity on one of its
// threads, which the seccomp filter allows for the caller's own threads) where no cpuset
// cgroup confines it: serial mode split over two CPUs uses about twice its wall time.
// The margins cover the reads themselves (a few microseconds) and the kernel's
// accounting granularity.
constexpr int64_t kPhysicalAbsNs = 500000;
constexpr double kPhysicalRel = 0.02;
constexpr int64_t kIdleAbsNs = 2000000;
constexpr int64_t kIdleTotalAbsNs = 20000000;
constexpr int64_t kIdleSpinPerStepNs = 250000;

// The accounting counters of one candidate against the baseline at one moment
// (Bench::mark()), or their growth over a span (Bench::since()): both sides' CPU outside
// their windows and idle CPU, the candidate's windows and steps (windows and commands).
struct Mark {
  int64_t base = 0, cand = 0, windows = 0, base_idle = 0, cand_idle = 0, steps = 0;
  Mark& operator+=(const Mark& o) {
    base += o.base, cand += o.cand, windows += o.windows;
    base_idle += o.base_idle, cand_idle += o.cand_idle, steps += o.steps;
    return *this;
  }
};

// The load rule's limit (see kLoadAbsNs) for a candidate's load, given the baseline's (lb, ns).
inline int64_t load_limit_ns(int64_t lb) { return kLoadAbsNs + int64_t(kOutsideRel * double(lb)); }

// The physical bound's limit (see kPhysicalAbsNs) on a caller's CPU over `wall` ns on
// `granted` CPUs.
inline int64_t physical_limit_ns(int64_t wall, int granted) {
  return int64_t(double(wall) * granted * (1.0 + kPhysicalRel)) + kPhysicalAbsNs;
}

// The idle rule's limit (see kIdleAbsNs) for the baseline's idle CPU and the candidate's
// windows and commands in the span (threads: N, the OpenMP threads).
inline int64_t idle_limit_ns(int threads, int64_t base_idle, int64_t steps, int64_t abs_ns) {
  return abs_ns + int64_t(kOutsideRel * double(std::max<int64_t>(base_idle, 0))) +
         int64_t(std::max(threads - 1, 0)) * kIdleSpinPerStepNs * steps;
}

// The outside rule's limit (see kOutsideAbsNs) for the baseline's CPU outside its windows
// and the candidate's windows in the span (threads: N, the OpenMP threads).
inline int64_t outside_limit_ns(int threads, int64_t base_outside, int64_t windows, int64_t abs_ns) {
  return abs_ns + int64_t(kOutsideRel * double(std::max<int64_t>(base_outside, 0))) +
         int64_t(std::max(threads - 1, 0)) * kSpinPerWindowNs * windows;
}

// The evidence of a broken accounting rule: `what` the candidate's CPU counts, `slack`
// the per-step allowance, `meaning` what such work is.
inline std::string over_why(const char* what, const char* slack, const char* meaning, int64_t oc, int64_t ob,
                            int64_t lim, const std::string& where, const char* abs) {
  char buf[768];
  std::snprintf(buf, sizeof buf,
                "the candidate's process used %.1f ms of CPU %s %s, the baseline's %.1f ms; limit "
                "%.1f ms (%s + 1.5 x the baseline's + %s and extra OpenMP thread): %s",
                double(oc) * 1e-6, what, where.c_str(), double(ob) * 1e-6, double(lim) * 1e-6, abs, slack, meaning);
  return buf;
}
inline std::string outside_why(int64_t oc, int64_t ob, int64_t lim, const std::string& where, const char* abs) {
  return over_why("outside its timed calls", "1 ms per timed window",
                  "work done outside the timed window (a thread finishing after the call returned, "
                  "work in constructors or between calls)",
                  oc, ob, lim, where, abs);
}
inline std::string idle_why(int64_t ic, int64_t ib, int64_t lim, const std::string& where, const char* abs) {
  return over_why("while it had no call and no harness command to run", "0.25 ms per window or command",
                  "work done after its calls returned (a signal handler or a thread finishing them later)", ic, ib, lim,
                  where, abs);
}

// The per-block rules (see kOutsideAbsNs, kIdleAbsNs) on the accounting `b` of the
// block of timed measurements `first`..`last` (0-based; threads: N): true when it is over
// a limit (its figures kept in *worst when they are the largest excess so far).
inline bool over_limit(const Mark& b, int first, int last, int threads, std::string* worst, int64_t* worst_excess) {
  const int64_t n = last - first + 1;
  const std::string where = first == last
                                ? "in timed measurement " + std::to_string(last + 1)
                                : "in timed measurements " + std::to_string(first + 1) + "-" + std::to_string(last + 1);
  const int64_t ob = b.base, oc = b.cand;
  const int64_t lim = outside_limit_ns(threads, ob, b.windows, n * kOutsideAbsNs);
  const int64_t ib = b.base_idle, ic = b.cand_idle;
  const int64_t ilim = idle_limit_ns(threads, ib, b.steps, n * kIdleAbsNs);
  if (oc <= lim && ic <= ilim) return false;
  if (oc - lim > *worst_excess) {
    *worst_excess = oc - lim;
    *worst = outside_why(oc, ob, lim, where, "5 ms per measurement");
  }
  if (ic - ilim > *worst_excess) {
    *worst_excess = ic - ilim;
    *worst = idle_why(ic, ib, ilim, where, "2 ms per measurement");
  }
  return true;
}

}  // namespace harness
