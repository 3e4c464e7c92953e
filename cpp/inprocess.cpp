// harness._bench.InProcessBench: the protocol before the judge (cpp/judge.cpp), driver,
// baseline and candidate in one process.
//
// InProcessBench is the protocol before the judge: driver, baseline and candidate in
// one process. It is kept only so that benchmarks/eval_overhead.py can compare the two
// protocols and tests can read a driver's inputs and a side's outputs (inputs/outputs).
// Around every candidate call it snapshots the process state (floating-point
// environment, OpenMP settings, CPU affinity, thread count); a change is `rejected`.
//
// The calibration of calls per measurement, the seeds of the calls inside one and the
// verdicts are the judge's too (calibration.hpp, seeds.hpp, verdict.hpp).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <complex>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings.hpp"
#include "harness/calibration.hpp"
#include "harness/deadline.hpp"
#include "harness/driver.hpp"
#include "harness/process.hpp"
#include "harness/seeds.hpp"
#include "harness/verdict.hpp"
#include "probes.hpp"

namespace py = pybind11;
using clk = std::chrono::steady_clock;

namespace {

using harness::CallFn;
using harness::clock_resolution_ns;
using harness::CounterSet;
using harness::Driver;
using harness::Instance;
using harness::iteration_seed;
using harness::iterations_for;
using harness::kCalibrationSeeds;
using harness::Library;
using harness::median_of;
using harness::now_ns;
using harness::ProcState;
using harness::Verdict;
using harness::verdict_dict;

// Waits (at most 50 ms) until no other thread of this process is runnable. After a
// parallel region libgomp's worker threads spin for a while before they sleep (the
// default wait policy); a call timed while they spin shares its core (an SMT sibling)
// and the memory system with them. Our own parallel work (input generation, the checks)
// and the other side's parallel regions run just before some calls and not others, so
// without this wait one side is penalised: an A/A of a serial kernel measured 1.75x in
// omp mode on a loaded machine. Every timed call starts from a quiet process instead.
void quiesce() {
  const int self = int(syscall(SYS_gettid));
  const auto until = clk::now() + std::chrono::milliseconds(50);
  while (harness::thread_running(0, self) && clk::now() < until) usleep(200);
}

py::array output_array(const harness::OutputView& v) {
  switch (v.dtype) {
    case harness::F64: return py::array_t<double>(v.count, static_cast<const double*>(v.data));
    case harness::F32: return py::array_t<float>(v.count, static_cast<const float*>(v.data));
    case harness::I32: return py::array_t<int32_t>(v.count, static_cast<const int32_t*>(v.data));
    case harness::I64: return py::array_t<int64_t>(v.count, static_cast<const int64_t*>(v.data));
    case harness::U64: return py::array_t<uint64_t>(v.count, static_cast<const uint64_t*>(v.data));
    case harness::BOOL: return py::array_t<bool>(v.count, static_cast<const bool*>(v.data));
    case harness::U8: return py::array_t<uint8_t>(v.count, static_cast<const uint8_t*>(v.data));
    case harness::C128:
      return py::array_t<std::complex<double>>(v.count, static_cast<const std::complex<double>*>(v.data));
  }
  throw std::runtime_error("unknown output dtype");
}

// The protocol before the judge (see the file comment); one process holds everything.
class InProcessBench {
 public:
  // driver/baseline/candidate: paths of the three shared objects.
  // protocol_fd: where deadline notices go before candidate calls (-1: nowhere).
  InProcessBench(const std::string& driver, const std::string& baseline, const std::string& candidate, int protocol_fd,
                 double rtol, double atol, double timeout_factor, double timeout_min_s, bool sandboxed,
                 const std::string& nonce)
      : drv_(driver),
        fd_(protocol_fd),
        rtol_(rtol),
        atol_(atol),
        tfactor_(timeout_factor),
        tmin_(timeout_min_s),
        sandboxed_(sandboxed),
        nonce_(nonce) {
    // Start the OpenMP pool before any candidate runs, so that a candidate's first
    // parallel region does not look like "threads left running".
#pragma omp parallel
    {
      volatile int x = omp_get_thread_num();
      (void)x;
    }
    base_lib_.reset(new Library(baseline));
    cand_lib_.reset(new Library(candidate));
    base_call_ = reinterpret_cast<CallFn>(base_lib_->sym("harness_call"));
    cand_call_ = reinterpret_cast<CallFn>(cand_lib_->sym("harness_call"));
  }

  // One validation case: same seed to both sides, outputs poisoned, compared.
  // Returns {status, why, baseline_ns, candidate_ns}.
  py::dict validate(uint64_t size, uint64_t seed) {
    notify_trusted();
    Instance *bp, *cp;
    if (!setup(size, &bp, &cp)) return setup_error(size);
    Instance &b = *bp, &c = *cp;
    generate(b, seed);
    give_inputs(c, b, seed);
    drv_.reset(b.p, 1);
    drv_.reset(c.p, 1);
    quiesce();
    int64_t t0 = now_ns();
    try {
      base_call_(drv_.args(b.p));
    } catch (const std::exception& e) {
      Verdict v{"setup_error", std::string("the baseline failed at size ") + std::to_string(size) + ": " + e.what()};
      return verdict_dict(v);
    }
    int64_t tb = now_ns() - t0;
    int64_t tc = 0;
    Verdict v = checked_candidate_call(c, &tc, double(tb) * 1e-9);
    if (v.status == "ok") v = compare(b, c);
    py::dict d = verdict_dict(v);
    d["baseline_ns"] = tb;
    d["candidate_ns"] = tc;
    return d;
  }

  // Interleaved timing at `size` (see the file comment). Pair p uses seed seed0 + 1 + p
  // for both sides; even pairs run baseline first, odd pairs candidate first (ABBA...).
  // Stops after max_pairs, or once min_pairs are done and budget_s of timed work is spent
  // at the end of a block of 4 pairs.
  // Returns per-call times in ns (numpy float64, one entry per pair and side), the
  // iteration counts, the clock resolution and, on failure, the verdict.
  py::dict measure(uint64_t size, uint64_t seed0, int min_pairs, int max_pairs, double budget_s, double min_measure_ns,
                   bool check_outputs) {
    notify_trusted();
    Instance *xp, *yp;
    if (!setup(size, &xp, &yp)) return setup_error(size);
    Instance &b0 = *xp, &c0 = *yp;
    const double res = clock_resolution_ns();
    const double target = std::max(min_measure_ns, 1000.0 * res);
    Verdict v;
    // Warm-up (discarded) and calibration: one call per side on each of a few seeds.
    // Iterations per measurement come from each side's median call, so one call slowed
    // by a preemption (or the cold first call) cannot cut them to 1 on a loaded machine.
    // The work may depend on the seed (a search ends where its answer is), so deadlines
    // use the slowest baseline call and the slowest input generation seen.
    std::vector<int64_t> tbs, tcs;
    int64_t slowest_gen = 0, slowest_tb = 0;
    for (uint64_t k = 0; k < kCalibrationSeeds && v.status == "ok"; ++k) {
      const uint64_t seed = seed0 + 1000003ULL * (k + 1);
      slowest_gen = std::max(slowest_gen, generate(b0, seed));
      give_inputs(c0, b0, seed);
      tbs.push_back(timed_call(b0, base_call_, seed, 1, true));
      slowest_tb = std::max(slowest_tb, tbs.back());
      int64_t t = 0;
      v = checked_candidate_call(c0, &t, double(slowest_tb) * 1e-9);
      tcs.push_back(t);
      if (v.status == "ok" && check_outputs) v = compare(b0, c0);
    }
    const int64_t ib = iterations_for(target, median_of(tbs));
    const int64_t ic = iterations_for(target, median_of(tcs));
    if ((ib > 1 || ic > 1) && v.status == "ok" && !make_check(size)) return setup_error(size);
    double slowest_base_call_s = double(slowest_tb) * 1e-9;
    // What the harness itself does inside one candidate measurement: for each of its
    // first ic - 1 calls, generating that call's inputs and checking its outputs (inputs
    // generated again and a baseline call, see check_call); the last call's inputs come
    // with the pair and its outputs are compared after it.
    const double harness_work_s = (2.0 * double(slowest_gen) * 1e-9 + slowest_base_call_s) * double(ic - 1);
    std::vector<double> bs, cs;
    int64_t spent = 0;
    for (int p = 0; v.status == "ok" && p < max_pairs; ++p) {
      // Stop only after whole blocks of 4 pairs: each block runs both orders (ABBA) on
      // both instance placements (the swap below), so neither side keeps an advantage of
      // order or memory placement (10 pairs split the placements 6:4 and an A/A of a
      // memory-bound stencil measured 1.039).
      if (p >= min_pairs && p % 4 == 0 && double(spent) * 1e-9 >= budget_s) break;
      const uint64_t seed = seed0 + 1 + uint64_t(p);
      notify_trusted();
      // Even pairs run baseline first, odd pairs candidate first. The inputs are generated
      // once, for the side that runs second, and then given (copied) to the side that
      // runs first, so whichever side runs first finds its inputs the most recently
      // written (warmest in cache) in both kinds of pair: no side is favoured.
      const bool base_first = (p % 2 == 0);
      // The two instances swap sides every other pair, so a difference in where their
      // buffers landed (page alignment, huge pages) is shared by both sides too.
      const bool swap = (p / 2) % 2 == 1;
      Instance& b = swap ? c0 : b0;
      Instance& c = swap ? b0 : c0;
      Instance& runs_second = base_first ? c : b;
      Instance& runs_first = base_first ? b : c;
      generate(runs_second, seed);
      give_inputs(runs_first, runs_second, seed);
      int64_t tb = 0, tc = 0;
      for (int k = 0; k < 2 && v.status == "ok"; ++k) {
        const bool base_turn = (k == 0) == base_first;
        // The same pipe write before and after each side's measurement: the candidate's
        // deadline (its calls plus the harness's own input generation inside it), then
        // the trusted one; for the baseline the trusted one twice.
        if (base_turn) {
          notify_trusted();
          tb = timed_call(b, base_call_, seed, ib, false);
          notify_trusted();
          slowest_base_call_s = std::max(slowest_base_call_s, double(tb) * 1e-9 / double(ib));
        } else {
          notify_deadline(slowest_base_call_s * double(ic) + harness_work_s);
          v = timed_candidate(c, seed, ic, &tc);
          notify_trusted();
        }
      }
      if (v.status != "ok") break;
      if (!baseline_broke_.empty()) v = Verdict{"setup_error", baseline_broke_ + " (a broken problem)"};
      if (v.status == "ok" && check_outputs) v = compare(b, c);
      if (v.status != "ok") break;
      spent += tb + tc;
      bs.push_back(double(tb) / double(ib));
      cs.push_back(double(tc) / double(ic));
    }
    py::dict d = verdict_dict(v);
    d["baseline_ns"] = py::array_t<double>(bs.size(), bs.data());
    d["candidate_ns"] = py::array_t<double>(cs.size(), cs.data());
    d["baseline_iters"] = ib;
    d["candidate_iters"] = ic;
    d["clock_resolution_ns"] = res;
    return d;
  }

  // Hardware and software counters (see CounterSet) of one candidate call on
  // (size, seed). Returns {status, why, counts: {event: count}, unavailable: {event:
  // reason}}; a state change or input write is `rejected`.
  py::dict counters(uint64_t size, uint64_t seed) {
    notify_trusted();
    Instance *bp, *cp;
    if (!setup(size, &bp, &cp)) return setup_error(size);
    generate(*cp, seed);
    drv_.reset(cp->p, 0);
    CounterSet cs;
    cs.reset();
    notify_deadline(60.0 / tfactor_);
    cs.enable(true);
    int64_t t = 0;
    Verdict v = one_candidate_call(*cp, &t);
    cs.enable(false);
    notify_trusted();
    py::dict d = verdict_dict(v);
    harness::put_counters(d, [&cs](int e) { return cs.why[e]; }, [&cs](int e) { return cs.read(size_t(e)); });
    return d;
  }

  // Thread scaling evidence: the candidate's median time (ns) over `reps` calls with
  // OpenMP limited to `threads`, on (size, seed); the thread count is restored after.
  // Returns {status, why, median_ns}; a state change or input write is `rejected`.
  py::dict time_at_threads(uint64_t size, uint64_t seed, int threads, int reps) {
    notify_trusted();
    Instance *bp, *cp;
    if (!setup(size, &bp, &cp)) return setup_error(size);
    generate(*cp, seed);
    const int saved = omp_get_max_threads();
    omp_set_num_threads(threads);
    std::vector<double> ts;
    Verdict v;
    for (int r = 0; r < reps && v.status == "ok"; ++r) {
      drv_.reset(cp->p, 0);
      int64_t t = 0;
      notify_deadline(60.0 / tfactor_);
      v = one_candidate_call(*cp, &t);
      notify_trusted();
      ts.push_back(double(t));
    }
    omp_set_num_threads(saved);
    std::sort(ts.begin(), ts.end());
    py::dict d = verdict_dict(v);
    d["median_ns"] = ts.empty() ? 0.0 : ts[ts.size() / 2];
    return d;
  }

  // Runs one side ("baseline" or "candidate") once on (size, seed) without checks and
  // returns its outputs as {name: numpy array}. For tests and diagnostics.
  py::dict outputs(const std::string& side, uint64_t size, uint64_t seed) {
    Instance inst(&drv_, size);
    drv_.generate(inst.p, seed);
    drv_.reset(inst.p, 1);
    (side == "baseline" ? base_call_ : cand_call_)(drv_.args(inst.p));
    return views_dict(drv_.outputs, inst.p);
  }

  // The inputs of (size, seed) as {name: numpy array}, for drivers that expose them
  // (HARNESS_INPUTS); an empty dict otherwise.
  py::dict inputs(uint64_t size, uint64_t seed) {
    if (!drv_.inputs) return py::dict();
    Instance inst(&drv_, size);
    drv_.generate(inst.p, seed);
    return views_dict(drv_.inputs, inst.p);
  }

  static py::dict views_dict(int (*fn)(void*, harness::OutputView*, int), void* p) {
    harness::OutputView views[32];
    int n = fn(p, views, 32);
    py::dict d;
    for (int i = 0; i < n && i < 32; ++i) d[py::str(views[i].name)] = output_array(views[i]);
    return d;
  }

  // Nanoseconds spent generating inputs so far (both sides, all calls).
  int64_t generation_ns() const { return gen_ns_; }

 private:
  Driver drv_;
  std::unique_ptr<Library> base_lib_, cand_lib_;
  CallFn base_call_ = nullptr, cand_call_ = nullptr;
  int fd_;
  double rtol_, atol_, tfactor_, tmin_;
  bool sandboxed_;     // in a pid namespace: every visible process counts
  std::string nonce_;  // tags every protocol message, so the orchestrator can tell ours
  int64_t gen_ns_ = 0;
  std::string baseline_broke_;  // why the problem is broken: its baseline changed the process
                                // state or wrote a const input during timing
  // The instances of the most recent size, kept so that validation at the timed size and
  // timing share buffers that were allocated and first-touched once.
  uint64_t pair_size_ = UINT64_MAX;
  std::unique_ptr<Instance> pair_b_, pair_c_;
  // A third instance of the pair size for the expected outputs of the calls inside a
  // batched measurement (check_call); allocated only when a measurement batches calls.
  std::unique_ptr<Instance> check_;

  // The two instances of `size` (allocated once per size); false if memory ran out.
  bool setup(uint64_t size, Instance** b, Instance** c) {
    if (size != pair_size_) {
      pair_b_.reset();
      pair_c_.reset();
      check_.reset();
      pair_size_ = UINT64_MAX;
      try {
        pair_b_.reset(new Instance(&drv_, size));
        pair_c_.reset(new Instance(&drv_, size));
      } catch (const std::bad_alloc&) {
        pair_b_.reset();
        pair_c_.reset();
        return false;
      } catch (const std::length_error&) {
        return false;
      }
      pair_size_ = size;
    }
    *b = pair_b_.get();
    *c = pair_c_.get();
    return true;
  }

  // Allocates the check instance of `size` (the current pair size); false if memory ran out.
  bool make_check(uint64_t size) {
    if (check_) return true;
    try {
      check_.reset(new Instance(&drv_, size));
    } catch (const std::bad_alloc&) {
      return false;
    } catch (const std::length_error&) {
      return false;
    }
    return true;
  }

  // Untimed, after every call but the last of a batched measurement, on either side (the
  // same work after each side's calls, so the timing stays symmetric): the baseline
  // computes the outputs of the same inputs (`seed`) on the check instance, and `got`'s
  // outputs are compared with them. The last call's outputs are compared after the pair,
  // so every timed output is checked. Returns the comparison's verdict.
  Verdict check_call(Instance& got, uint64_t seed) {
    Instance& e = *check_;
    generate(e, seed);
    drv_.reset(e.p, 1);
    try {
      base_call_(drv_.args(e.p));
    } catch (const std::exception& ex) {
      return Verdict{"setup_error", std::string("the baseline failed: ") + ex.what()};
    }
    return compare(e, got);
  }

  static py::dict setup_error(uint64_t size) {
    return verdict_dict(Verdict{"setup_error", harness::out_of_memory_why(size)});
  }

  // Generates the inputs of `seed` into `inst`; returns the ns it took.
  int64_t generate(Instance& inst, uint64_t seed) {
    int64_t t0 = now_ns();
    drv_.generate(inst.p, seed);
    const int64_t t = now_ns() - t0;
    gen_ns_ += t;
    return t;
  }

  // dst <- the inputs src holds for `seed` (a copy where the driver can, see driver.hpp).
  void give_inputs(Instance& dst, const Instance& src, uint64_t seed) {
    int64_t t0 = now_ns();
    drv_.same_inputs(dst.p, src.p, seed);
    gen_ns_ += now_ns() - t0;
  }

  // Tells the orchestrator how long the next candidate call (or measurement) may take
  // before it is killed: max(timeout_min_s, timeout_factor x the baseline's time for the
  // same work). Sent right before the candidate runs; right after it, notify_trusted()
  // gives the watchdog back to the harness's own work (input generation and copies,
  // checks, comparisons), so that work never runs out a candidate's deadline.
  void notify_deadline(double baseline_s) { send_deadline(std::max(tmin_, tfactor_ * baseline_s)); }

  // Our own work (input generation, baseline calls) gets a generous fixed deadline.
  void notify_trusted() { send_deadline(harness::kTrustedS); }

  void send_deadline(double seconds) { harness::send_deadline(fd_, seconds, nonce_); }

  // One measurement of the baseline: `iters` calls, inputs reset outside the timed region.
  int64_t timed_call(Instance& inst, CallFn fn, uint64_t seed, int64_t iters, bool poison) {
    int64_t total = 0;
    for (int64_t i = 0; i < iters; ++i) {
      if (iters > 1) generate(inst, iteration_seed(seed, i, iters));
      drv_.reset(inst.p, (poison || iters > 1) ? 1 : 0);
      void* a = drv_.args(inst.p);
      quiesce();
      // The same work around the call as a candidate call (one_candidate_call): a process
      // state snapshot (it reads /proc) right before the clock starts, another after the
      // call, then the const-input check. Each side's call then follows the same harness
      // work, whichever side ran first (a parallel check before only one side's call was
      // seen to slow that side by up to 1.5x on a loaded machine).
      const ProcState before = ProcState::take(sandboxed_);
      int64_t t0 = now_ns();
      fn(a);
      total += now_ns() - t0;
      const std::string changed = before.diff(ProcState::take(sandboxed_));
      if (baseline_broke_.empty() && !changed.empty()) baseline_broke_ = "the baseline " + changed;
      if (!drv_.inputs_intact(inst.p, nullptr, 0) && baseline_broke_.empty())
        baseline_broke_ = "the baseline modified its const inputs";
      if (i < iters - 1) {
        const Verdict v = check_call(inst, iteration_seed(seed, i, iters));
        if (v.status != "ok" && baseline_broke_.empty())
          baseline_broke_ = "the baseline gave different outputs for the same inputs: " + v.why;
      }
    }
    return total;
  }

  // One unbatched candidate call on poisoned outputs under its own deadline (baseline_s:
  // the baseline's time for the same call); the harness's work after it is trusted.
  Verdict checked_candidate_call(Instance& c, int64_t* ns, double baseline_s) {
    drv_.reset(c.p, 1);
    notify_deadline(baseline_s);
    Verdict v = one_candidate_call(c, ns);
    notify_trusted();
    return v;
  }

  // One measurement of the candidate (as timed_call): every call checked for state
  // changes and const inputs, and every call's outputs but the last compared here with
  // the baseline's for the same inputs (the last one's after the pair).
  Verdict timed_candidate(Instance& c, uint64_t seed, int64_t iters, int64_t* ns) {
    int64_t total = 0;
    for (int64_t i = 0; i < iters; ++i) {
      if (iters > 1) generate(c, iteration_seed(seed, i, iters));
      drv_.reset(c.p, iters > 1 ? 1 : 0);
      int64_t t = 0;
      Verdict v = one_candidate_call(c, &t);
      if (v.status != "ok") return v;
      total += t;
      if (i < iters - 1) {
        v = check_call(c, iteration_seed(seed, i, iters));
        if (v.status == "incorrect")
          v.why =
              "call " + std::to_string(i + 1) + " of " + std::to_string(iters) + " in one timed measurement: " + v.why;
        if (v.status != "ok") return v;
      }
    }
    *ns = total;
    return Verdict{};
  }

  Verdict one_candidate_call(Instance& c, int64_t* ns) {
    void* a = drv_.args(c.p);
    quiesce();
    ProcState before = ProcState::take(sandboxed_);
    int64_t t0 = now_ns();
    try {
      cand_call_(a);
    } catch (const std::exception& e) {
      return Verdict{"runtime_error", std::string("the candidate threw a C++ exception: ") + e.what()};
    } catch (...) {
      return Verdict{"runtime_error", "the candidate threw a C++ exception of unknown type"};
    }
    *ns = now_ns() - t0;
    ProcState after = ProcState::take(sandboxed_);
    Verdict v;
    std::string why = before.diff(after);
    if (!why.empty()) return Verdict{"rejected", "the candidate " + why};
    char buf[512] = {0};
    if (!drv_.inputs_intact(c.p, buf, sizeof buf)) return Verdict{"rejected", buf};
    return v;
  }

  Verdict compare(Instance& b, Instance& c) {
    char buf[1024] = {0};
    if (drv_.matches(b.p, c.p, rtol_, atol_, buf, sizeof buf)) return Verdict{};
    return Verdict{"incorrect", buf};
  }
};

}  // namespace

void harness::bind_inprocess(py::module_& m) {
  py::class_<InProcessBench>(m, "InProcessBench")
      .def(py::init<const std::string&, const std::string&, const std::string&, int, double, double, double, double,
                    bool, const std::string&>(),
           py::arg("driver"), py::arg("baseline"), py::arg("candidate"), py::arg("protocol_fd") = -1,
           py::arg("rtol") = 0.0, py::arg("atol") = 0.0, py::arg("timeout_factor") = 10.0,
           py::arg("timeout_min_s") = 2.0, py::arg("sandboxed") = true, py::arg("nonce") = "")
      .def("validate", &InProcessBench::validate, py::arg("size"), py::arg("seed"))
      .def("measure", &InProcessBench::measure, py::arg("size"), py::arg("seed0"), py::arg("min_pairs") = 10,
           py::arg("max_pairs") = 40, py::arg("budget_s") = 3.0, py::arg("min_measure_ns") = 0.0,
           py::arg("check_outputs") = true)
      .def("outputs", &InProcessBench::outputs, py::arg("side"), py::arg("size"), py::arg("seed"))
      .def("inputs", &InProcessBench::inputs, py::arg("size"), py::arg("seed"))
      .def("generation_ns", &InProcessBench::generation_ns)
      .def("time_at_threads", &InProcessBench::time_at_threads, py::arg("size"), py::arg("seed"), py::arg("threads"),
           py::arg("reps") = 3)
      .def("counters", &InProcessBench::counters, py::arg("size"), py::arg("seed"));
}
