// harness._bench.Bench: the judge. (The old in-process bench, InProcessBench, is cpp/inprocess.cpp.)
//
// Bench is the trusted side of an evaluation. It never loads a candidate's object: for
// the baseline and for each candidate of the batch (K >= 1 candidates of one problem) it
// spawns (fork + exec) a keeper (cpp/side.cpp: the driver, the instances in the side's
// arena) and a caller (cpp/caller.cpp: the side's object, stopped by the judge outside
// its windows, in namespaces of its own: isolate.hpp), each with its own shared-memory
// block (side_protocol.hpp), and one generator for all sides (cpp/side.cpp: each turn's
// instances made once, which every keeper copies; see image()), and holds everything a
// verdict rests on: the clock, the seeds and the secret key the timed
// inputs are drawn under (input_seed(), seeds.hpp), the per-call times, the
// expected outputs, the comparison and the protocol pipe. It validates each candidate
// against the baseline and times the sides interleaved (ABBA... for one candidate; see
// measure() for several), following nanobench's
// method (M. Ankerl): calls per measurement calibrated so one measurement lasts far
// longer than the clock's resolution and the doorbell round trip, a discarded warm-up,
// several epochs (here: seed pairs), per-call times in nanoseconds. No Python code runs
// while a timed window is open. Around every window it reads the caller's kernel CPU
// clock, so work a side does outside its timed windows is seen (see Bench's accounting).
//
// Code layout. Where a build puts the code in its pages moves the time of identical code
// by 4-37 % here (benchmarks/code_placement.py), so one build per side would be a fixed
// error of every speedup, outside its interval. Each side's caller is given its object's
// code linked at other offsets (harness/measure/toolchain.py layout_variants) and, before
// every timed pair, makes the next one current (load_layouts): each pair times a fresh
// placement of both sides' code, so placement is part of the pairs' spread and of the
// interval, as in Stabilizer (Curtsinger and Berger, ASPLOS 2013). Validation and
// calibration use the objects as built; a caller holds one layout at a time.
//
// Its rules live beside it: the CPU accounting in accounting.hpp, the adaptive stopping
// rule in stopping.hpp, the input seeds in seeds.hpp, calls per measurement in
// calibration.hpp; the Python bindings are cpp/bindings.cpp.
#include <fcntl.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "harness/accounting.hpp"
#include "harness/calibration.hpp"
#include "harness/deadline.hpp"
#include "harness/driver.hpp"
#include "harness/isolate.hpp"
#include "harness/process.hpp"
#include "harness/seeds.hpp"
#include "harness/side_protocol.hpp"
#include "harness/stopping.hpp"
#include "harness/verdict.hpp"
#include "probes.hpp"

namespace py = pybind11;
using clk = std::chrono::steady_clock;

namespace {

using harness::clock_resolution_ns;
using harness::Driver;
using harness::idle_limit_ns;
using harness::idle_why;
using harness::Instance;
using harness::iteration_seed;
using harness::iterations_for;
using harness::kCalibrationSeeds;
using harness::kIdleTotalAbsNs;
using harness::kTrustedS;
using harness::Mark;
using harness::median_of;
using harness::now_ns;
using harness::ProcState;
using harness::settled;
using harness::thread_count;
using harness::Verdict;
using harness::verdict_dict;

// ------------------------------------------------------------------ the judge
// (The CPU-accounting rules and their limits: accounting.hpp.)
// A measurement lasts at least this many doorbell round trips, so the round trip (inside
// every timed window) costs at most 1 % of the per-call time.
constexpr double kDoorbellFactor = 100.0;
// Memory the K batched instances of one side may take (bytes).
constexpr uint64_t kBatchBytes = 256ULL << 20;
// Deadlines the judge keeps itself (wait_done()): a candidate's load (its static
// constructors, a code layout) and its doorbell windows; its profile's calls (thread
// scaling, counters); and how much later the orchestrator's deadline ends the whole
// worker if the judge did not end a hung candidate itself.
constexpr int64_t kLoadDeadlineNs = 60000000000LL;
constexpr int64_t kProfileDeadlineNs = 60000000000LL;
constexpr double kBackstopS = 10.0;
// The seed of the inputs the comparison's instances keep where matches reads only the
// outputs (compare_reported): any fixed public one; no timed call runs on them.
constexpr uint64_t kComparisonSeed = 0x5eed0c0ffee5ULL;

std::string signal_text(int sig) {
  const char* a = sigabbrev_np(sig);
  return a ? std::string("SIG") + a : "signal " + std::to_string(sig);
}

// One process of a side (its keeper or its caller) as the judge sees it. Everything read
// from `ctl` is copied and bounded before use.
struct Proc {
  std::string name;        // "keeper" or "caller" (messages)
  bool candidate = false;  // a candidate's (else the baseline's)
  int64_t started_ns = 0;  // when its current window or command began (now_ns(); deadlines)
  pid_t pid = -1;
  int fd = -1;  // its control block (memfd)
  harness::side::Control* ctl = nullptr;
  clockid_t clock{};
  int64_t last_cpu = 0;
  uint32_t seq = 1;
  bool dead = false;
  bool frozen = false;  // stopped by the judge (SIGSTOP, the stop seen by waitpid)
  Verdict death;
  int32_t status = 0;  // private copy of the last reply
  std::string why;
  std::vector<std::pair<int, cpu_set_t>> masks;  // (thread id, CPU mask) of its threads once loaded
};

// One side as the judge sees it: its keeper (trusted, the driver and the instances), its
// caller (the side's object; stopped outside its windows) and their arena; for a
// candidate, also where it stands in the batch and its timing so far.
struct Runner {
  std::string role;                  // "baseline" or "candidate"
  int index = -1;                    // a candidate's place in the batch (0-based); -1 for the baseline
  std::string so;                    // its side's shared object
  std::vector<std::string> layouts;  // the same object code linked at other offsets (code layouts 1..)
  Proc keeper, caller;
  int arena_fd = -1;
  int image_fd = -1;  // the generator's: its arena reopened read-only, the keepers' fd 5
  uintptr_t arena_addr = 0;
  size_t arena_bytes = 0;
  char* data = nullptr;  // the keeper's data area (outputs of a report)
  size_t data_bytes = 0;
  int64_t in_window_ns = 0;   // the caller's CPU inside timed windows
  int64_t in_command_ns = 0;  // the caller's CPU inside its other commands (loads, counters, doorbells)
  int64_t commands = 0;       // those commands
  int64_t windows = 0;        // timed windows of calls (kCall)
  std::vector<harness::side::ViewHeader> views;  // private copy of the last report's headers
  // a candidate in the batch: `left` once it has its verdict (`out`; its processes ended)
  bool left = false;
  Verdict out;
  // its timing (Bench::measure): per-call times of its pairs (ns), why it stopped being
  // timed ("" while it is), timed work so far (ns, its pairs' baseline and its own), and
  // the per-block accounting (see kOutsideAbsNs); `order`: per pair of `ns`, which of its
  // windows came first, 'B' (the baseline's) or 'C' (this candidate's)
  std::vector<double> ns;
  std::string order;
  std::string stopped;
  int64_t spent = 0;
  int over = 0, blocks = 0;
  Mark block, block_start;
  std::string worst;
  int64_t worst_excess = 0;
  bool candidate() const { return role == "candidate"; }
  bool timed() const { return !left && stopped.empty(); }
  bool dead() const { return keeper.dead || caller.dead; }
  const Verdict& death() const { return caller.dead ? caller.death : keeper.death; }
};

class Bench {
 public:
  // driver/baseline: the trusted shared objects; candidates: the batch's candidates'
  // objects (K >= 1; each timed against the same baseline, see measure()); runner: the
  // harness_side (keeper) executable; protocol_fd: where deadline notices go (-1:
  // nowhere); input_key: the secret key of the timed inputs (32 hex digits, see
  // input_seed(); the orchestrator draws one per evaluation; "": drawn here from the
  // kernel's random source); baseline_layouts / candidate_layouts: each side's code
  // layouts (candidate_layouts: one list per candidate, or none at all). Makes this process
  // non-dumpable (no ptrace or /proc/<pid>/mem of it by the runners, same uid). The
  // keepers and callers start in start().
  // Raises ValueError for an input_key that is not 32 hex digits, no candidate, or layouts
  // for some sides only; RuntimeError when no random key can be drawn.
  Bench(const std::string& driver, const std::string& baseline, const std::vector<std::string>& candidates,
        const std::string& runner, int protocol_fd, double rtol, double atol, double timeout_factor,
        double timeout_min_s, bool sandboxed, const std::string& nonce, const std::string& input_key,
        const std::vector<std::string>& baseline_layouts,
        const std::vector<std::vector<std::string>>& candidate_layouts)
      : drv_path_(driver),
        drv_(driver),
        runner_(runner),
        caller_(runner.substr(0, runner.rfind('/') + 1) + "harness_caller"),
        fd_(protocol_fd),
        rtol_(rtol),
        atol_(atol),
        tfactor_(timeout_factor),
        tmin_(timeout_min_s),
        sandboxed_(sandboxed),
        nonce_(nonce),
        threads_(omp_get_max_threads()),
        granted_(granted_cpus()) {
    prctl(PR_SET_DUMPABLE, 0);
    if (input_key.empty()) {
      uint64_t k[2];
      if (getrandom(k, sizeof k, 0) != ssize_t(sizeof k)) throw std::runtime_error("getrandom failed");
      key_[0] = k[0];
      key_[1] = k[1];
    } else {
      if (input_key.size() != 32 || input_key.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos)
        throw py::value_error("input_key: 32 hex digits expected, got '" + input_key + "'");
      key_[0] = std::stoull(input_key.substr(0, 16), nullptr, 16);
      key_[1] = std::stoull(input_key.substr(16), nullptr, 16);
    }
    if (candidates.empty()) throw py::value_error("a batch needs at least one candidate");
    if (!candidate_layouts.empty() && candidate_layouts.size() != candidates.size())
      throw py::value_error("code layouts: one list per candidate");
    for (const auto& l : candidate_layouts)
      if (l.empty() != baseline_layouts.empty()) throw py::value_error("code layouts: every side or none");
    if (candidate_layouts.empty() && !baseline_layouts.empty())
      throw py::value_error("code layouts: every side or none");
    gen_.role = "generator";
    base_.role = "baseline";
    base_.so = baseline;
    base_.layouts = baseline_layouts;
    for (size_t i = 0; i < candidates.size(); ++i) {
      auto r = std::make_unique<Runner>();
      r->role = "candidate";
      r->index = int(i);
      r->so = candidates[i];
      r->keeper.candidate = r->caller.candidate = true;
      if (!candidate_layouts.empty()) r->layouts = candidate_layouts[i];
      cands_.push_back(std::move(r));
    }
    void* page = mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED) throw std::runtime_error(std::string("mmap: ") + std::strerror(errno));
    iso_err_ = static_cast<volatile int*>(page);
    isolate_ = harness::isolation::available();
    if (isolate_) plan_ = harness::isolation::plan();
  }

  ~Bench() {
    end_processes(gen_);
    end_processes(base_);
    for (auto& c : cands_) end_processes(*c);
    munmap(const_cast<int*>(iso_err_), 4096);
  }
  Bench(const Bench&) = delete;
  Bench& operator=(const Bench&) = delete;

  // Spawns every side's keeper, then each side's caller in turn (the baseline's first),
  // waiting until it has loaded its object and stopping it before the next one starts: a
  // caller's static constructors run while no other caller can run, and each load is
  // followed by the check of every earlier caller's CPU masks, so a constructor that moved
  // another side's threads is seen and known. Returns {status, why, candidates}: status
  // "ok"; "setup_error" (the baseline or the harness failed: nothing was measured);
  // "split" (the baseline's caller died while loading, see base_failed()); "no_batch"
  // (K > 1 but callers cannot have namespaces of their own here, isolate.hpp: judge the
  // candidates one at a time). candidates: one {index, status, why[, exit_code]} per
  // candidate: "ok"; "link_error" (its object does not load); "runtime_error" (a process
  // of it died while loading: a crashing static constructor, with exit_code); "timeout"
  // (its loading outlasted kLoadDeadlineNs); "rejected" (its caller had other threads
  // than the baseline's once loaded, its load used too much CPU, or it moved another
  // side's threads). A candidate that is not "ok" has left the batch.
  py::dict start() {
    notify_trusted();
    if (!drv_.adopt)
      return batch_dict({"setup_error", drv_path_ + ": no harness_adopt (a driver built before it joined driver.hpp)"});
    if (cands_.size() > 1 && !isolate_)
      return batch_dict({"no_batch",
                         "the kernel gives this sandbox no user namespaces of its own for the callers "
                         "(isolate.hpp): candidates are judged one at a time"});
    std::string err;
    if (!spawn_keeper(gen_, &err)) return batch_dict({"setup_error", err});
    for (Runner* r : runners())
      if (!spawn_keeper(*r, &err)) return batch_dict({"setup_error", err});
    if (!wait_done(gen_.keeper)) return batch_dict(base_failed(gen_.keeper.death));
    read_reply(gen_.keeper);
    if (gen_.keeper.status != harness::side::kOk)
      return batch_dict({"setup_error", "the judge's generator could not load the driver: " + gen_.keeper.why});
    for (Runner* r : runners()) {
      if (!wait_done(r->keeper)) {
        if (!r->candidate()) return batch_dict(base_failed(r->keeper.death));
        if (!leave(*r, r->keeper.death)) return batch_dict(batch_);
        continue;
      }
      read_reply(r->keeper);
      if (r->keeper.status != harness::side::kOk)
        return batch_dict({"setup_error", "the " + r->role + "'s keeper could not load the driver: " + r->keeper.why});
      if (r->keeper.ctl->code_at != gen_.keeper.ctl->code_at)
        return batch_dict({"setup_error", "the " + r->role +
                                              "'s keeper loaded the driver at another address than the generator (its "
                                              "image's pointers into the driver would not hold there)"});
    }
    for (Runner* r : runners()) {
      if (r->left) continue;
      snapshot_trusted();
      backstop(double(kLoadDeadlineNs) * 1e-9 + kBackstopS);
      if (!spawn_proc(r->caller, caller_argv(*r), r->arena_fd, -1, &err)) return batch_dict({"setup_error", err});
      Proc& p = r->caller;
      p.started_ns = now_ns();
      const bool alive = wait_done(p, r->candidate() ? p.started_ns + kLoadDeadlineNs : 0) && freeze(*r);
      r->in_command_ns = cpu_ns(p);  // loading (static constructors included) is a command
      ++r->commands;
      if (!alive) {
        if (!r->candidate()) return batch_dict(base_failed(r->death()));
        if (!leave(*r, r->death())) return batch_dict(batch_);
        continue;
      }
      read_reply(p);
      record_masks(p);
      if (p.status == harness::side::kLoadFailed && p.why.rfind("mapping the arena", 0) == 0)
        return batch_dict({"setup_error", "the " + r->role + "'s caller: " + p.why});
      if (!r->candidate()) {
        if (p.status != harness::side::kOk)
          return batch_dict({"setup_error", "the baseline's caller could not load: " + p.why});
        continue;
      }
      Verdict v;
      if (p.status == harness::side::kLoadFailed)
        v = {"link_error", p.why};
      else if (p.status != harness::side::kOk)
        v = {"rejected", "the candidate's process answered its start with an invalid status"};
      if (v.ok()) v = masks_after(*r);
      if (v.ok()) v = load_checks(*r, base_.in_command_ns, r->in_command_ns, "while loading");
      if (!v.ok() && !leave(*r, v)) return batch_dict(batch_);
    }
    return batch_dict(first_layouts());
  }

  // The checks of candidate c's load (the start, or a switch of code layout): its process
  // has as many threads as the baseline's (its constructors started none), and the load
  // rule (see kLoadAbsNs) on the two loads' CPU (lb, lc: ns).
  Verdict load_checks(Runner& c, int64_t lb, int64_t lc, const char* when) {
    const int tb = thread_count(base_.caller.pid), tc = thread_count(c.caller.pid);
    if (tb != tc)
      return {"rejected", "the candidate's process had " + std::to_string(tc) + " threads " + when +
                              ", the baseline's " + std::to_string(tb) + ": its constructors started threads"};
    const int64_t lim = harness::load_limit_ns(lb);
    if (lc > lim) {
      char buf[400];
      std::snprintf(buf, sizeof buf,
                    "the candidate's process used %.1f ms of CPU %s, the baseline's %.1f ms; "
                    "limit %.1f ms (50 ms + 1.5 x the baseline's): work in its static constructors or destructors",
                    double(lc) * 1e-6, when, double(lb) * 1e-6, double(lim) * 1e-6);
      return {"rejected", buf};
    }
    return {};
  }

  // Code layout (see the file comment): before timed pair p, each caller timed in it makes
  // its side's code layout 1 + p mod L current (kLoad; L: its layouts), so every pair draws
  // a fresh placement of every side's code while there are layouts left. The switch is
  // outside the pair's measurement and is checked as a load. A candidate whose switch
  // fails leaves the batch; the answer is the batch's (ok, setup_error or split).
  Verdict load_layouts(int p, int max_pairs) {
    // More layouts when pair p has none yet (see measure() for who goes first after them).
    if (p >= layouts_ready_ && layouts_ready_ < max_pairs) {
      const Verdict v = more_layouts(p);
      if (!v.ok()) return v;
      relinked_ = p;
    }
    int64_t lb = 0;
    for (Runner* r : runners()) {
      if (r->candidate() && !r->timed()) continue;
      r->caller.ctl->variant = uint32_t(1 + size_t(p) % r->layouts.size());
      r->caller.ctl->layout = harness::mix64(0x9e3779b97f4a7c15ULL * uint64_t(p + 1) ^
                                             (r->candidate() ? 0xc2b2ae3d27d4eb4fULL * uint64_t(r->index + 1) : 0));
      const int64_t before = r->in_command_ns;
      Verdict v = caller_command(*r, harness::side::kLoad, kLoadDeadlineNs);
      const int64_t cpu = r->in_command_ns - before;
      if (v.ok() && r->caller.status == harness::side::kLoadFailed)
        v = side_failed(*r, "runtime_error",
                        "its object linked at another code offset (code layout " +
                            std::to_string(r->caller.ctl->variant) + ") did not load: " + r->caller.why);
      else if (v.ok() && r->caller.status != harness::side::kOk)
        v = side_failed(*r, "rejected",
                        "the " + r->role + "'s process answered a change of code layout with an invalid status");
      if (!r->candidate()) {
        if (!v.ok()) return base_failed(v);
        lb = cpu;
        continue;
      }
      if (v.ok()) v = load_checks(*r, lb, cpu, "switching code layouts");
      if (!v.ok() && !leave(*r, v)) return v;
    }
    return {};
  }

  // Code layouts linked on demand (set_layouts): the worker's `more` function is asked,
  // before the first pair p whose layouts are not all there (load_layouts), for those of
  // pairs p .. (for pair 0 at the end of start(), first_layouts(), where the first ones
  // are linked beside the judge's start: set_layouts(0, ...)); it returns
  // (ready, {candidate index: why}): every side has the layouts of pairs below `ready`,
  // and the candidates named did not link again (link_error: they leave the batch).
  // Between pairs, every caller stopped: nothing is timed while they are linked.
  void set_layouts(int ready, py::object more) {
    layouts_ready_ = ready;
    more_layouts_ = std::move(more);
  }

  // The first layouts, linked beside the judge's start (harness/measure/evaluate.py
  // _FirstLinks: its sandbox, processes and the sides' loads): asked for at the end of
  // start() and waited for, every caller stopped. So no link runs beside any call of a
  // side: validation calls have deadlines, and a hostile copy that walked the folders
  // being linked into outlasted its 2 s there once (tests/test_batch.py, write-life
  // hints). A candidate whose first layouts did not link leaves as at its load.
  Verdict first_layouts() {
    if (layouts_ready_ != 0 || base_.layouts.empty() || timed().empty()) return {};
    return more_layouts(0);
  }

  Verdict more_layouts(int p) {
    py::list want;
    for (Runner* c : timed()) want.append(c->index);
    int ready = 0;
    std::vector<std::pair<int, std::string>> failed;
    try {  // no answer, or a malformed one, is the harness's trouble, never a candidate's
      const py::tuple t = more_layouts_(p, want);
      ready = t[0].cast<int>();
      for (auto item : t[1].cast<py::dict>())
        failed.emplace_back(item.first.cast<int>(), item.second.cast<std::string>());
    } catch (const std::exception& e) {
      return {"setup_error", std::string("the orchestrator's answer to a request for code layouts: ") + e.what()};
    }
    for (const auto& [i, why] : failed) {
      if (i < 0 || size_t(i) >= cands_.size())
        return {"setup_error", "code layouts: no candidate " + std::to_string(i) + " in the batch"};
      leave(*cands_[size_t(i)], {"link_error", why});
    }
    if (ready <= p) return {"setup_error", "the code layouts of pair " + std::to_string(p) + " were not linked"};
    layouts_ready_ = ready;
    notify_trusted();  // the orchestrator's watchdog restarted on the request
    return {};
  }

  // One validation case: the same seed to every side, outputs poisoned, each candidate's
  // compared with the baseline's. Returns {status, why, baseline_ns, candidates}: status
  // "ok", "setup_error" or "split" (see base_failed()); candidates: one {index, status,
  // why, candidate_ns[, exit_code]} per candidate in the batch before the case; one that
  // is not "ok" has left the batch.
  py::dict validate(uint64_t size, uint64_t seed) {
    notify_trusted();
    const std::vector<Runner*> in = present();
    int64_t tb = 0;
    std::vector<int64_t> tc(cands_.size(), 0);
    const std::vector<uint64_t> seeds{seed};
    Verdict v = batch_.ok() ? ensure(size, 1) : batch_;
    if (v.ok()) v = image(seeds, true);
    if (v.ok()) v = base_failed(turn(base_, 0.0, &tb));
    for (Runner* c : in)
      if (v.ok() && !c->left) {
        const Verdict w = turn(*c, double(tb) * 1e-9, &tc[size_t(c->index)]);
        if (!w.ok() && !leave(*c, w)) v = w;
      }
    if (v.ok()) v = compare_reported(seeds, "", in);
    if (v.ok())
      for (Runner* c : present()) accounting_total(*c);
    py::dict d = batch_dict(v);
    d["baseline_ns"] = tb;
    py::list cs;
    for (Runner* c : in) {
      py::dict e = standing(*c);
      e["candidate_ns"] = tc[size_t(c->index)];
      cs.append(e);
    }
    d["candidates"] = cs;
    return d;
  }

  // Interleaved timing at `size` (see the file comment) of every candidate in the batch
  // against the one baseline. Pair p uses seed seed0 + 1 + p for every side; the baseline
  // is timed once per pair, and each candidate's speedup comes from its pairs with the
  // same pair's baseline time. A lone candidate's pairs alternate their order (ABBA...);
  // with several, every side's place in the pair is drawn (see below). Each side's
  // measurement is one timed window of K calls on K instances prepared with fresh inputs
  // (K >= 1: the same for every side, enough that a window lasts the nanobench target and
  // 100 doorbell round trips); every call's outputs are compared. A candidate stops being
  // timed after max_pairs, or once min_pairs are done, at the end of a block of 4 pairs,
  // when budget_s of its timed work (its windows and the baseline's of its pairs) is spent
  // or (adaptive) its speedup is settled (see settled()); timing ends when no candidate is
  // timed any more. A candidate that fails (incorrect outputs, a dead process, a broken
  // rule, a window past its deadline) leaves the batch then and keeps the pairs it had.
  // Returns {status ("ok", "setup_error", "split"), why, baseline_ns (per pair, numpy
  // float64), iters (calls per window), clock_resolution_ns, doorbell_ns (the round trip),
  // relinked (one (pair, swapped) per on-demand link of layouts: the pair it came before,
  // and whether that pair's block of two swapped its orders), candidates}: one {index,
  // status, why[, exit_code], candidate_ns (per pair it took part in: pairs 0..n-1, numpy
  // float64), order (per such pair, 'B' when the baseline's window came before the
  // candidate's, else 'C'), stopped ("settled", "budget", "max_pairs", or "" when not ok),
  // cpu_accounting} per candidate in the batch before the call.
  py::dict measure(uint64_t size, uint64_t seed0, int min_pairs, int max_pairs, double budget_s, double min_measure_ns,
                   bool check_outputs, bool adaptive) {
    notify_trusted();
    relinked_ = -1;
    const std::vector<Runner*> in = present();
    std::vector<std::pair<int, bool>> relinks;  // pairs after an on-demand link, block swapped
    for (Runner* c : in) {
      c->ns.clear();
      c->order.clear();
      c->stopped.clear();
      c->spent = 0;
      c->over = c->blocks = 0;
      c->block = Mark{};
      c->worst.clear();
      c->worst_excess = 0;
    }
    std::vector<double> bs;
    const double res = clock_resolution_ns();
    double doorbell = 0.0;
    int64_t k = 1;
    Verdict v = batch_.ok() ? ensure(size, 1) : batch_;
    if (v.ok()) v = doorbell_ns(21, &doorbell);
    const double target = std::max({min_measure_ns, 1000.0 * res, kDoorbellFactor * doorbell});
    // Warm-up (discarded) and calibration: one call per side on each of a few seeds.
    // Calls per window come from each side's median call, so one call slowed by a
    // preemption (or the cold first call) cannot cut them to 1 on a loaded machine.
    // Deadlines use the slowest baseline call seen (the work may depend on the seed).
    std::vector<int64_t> tbs;
    std::vector<std::vector<int64_t>> tcs(cands_.size());
    int64_t slowest_tb = 0;
    for (uint64_t c = 0; c < kCalibrationSeeds && v.ok() && !present().empty(); ++c) {
      const std::vector<uint64_t> seeds{input_seed(seed0 + 1000003ULL * (c + 1))};
      int64_t tb = 0;
      v = image(seeds, true);
      if (v.ok()) v = base_failed(turn(base_, 0.0, &tb));
      slowest_tb = std::max(slowest_tb, tb);
      tbs.push_back(tb);
      const std::vector<Runner*> ran = present();
      for (Runner* r : ran) {
        if (!v.ok()) break;
        int64_t tc = 0;
        const Verdict w = turn(*r, double(slowest_tb) * 1e-9, &tc);
        if (!w.ok() && !leave(*r, w)) v = w;
        if (w.ok()) tcs[size_t(r->index)].push_back(tc);
      }
      if (v.ok() && check_outputs) v = compare_reported(seeds, "", ran);
    }
    if (v.ok() && !present().empty()) {
      k = iterations_for(target, median_of(tbs));
      for (Runner* r : present()) k = std::max(k, iterations_for(target, median_of(tcs[size_t(r->index)])));
      const uint64_t per = std::max<uint64_t>(1, drv_.bytes(e_->p));
      k = std::min<int64_t>({k, int64_t(harness::side::kMaxK), std::max<int64_t>(1, int64_t(kBatchBytes / per))});
      if (k > 1) v = ensure(size, uint32_t(k));
    }
    double slowest_base_call_s = double(slowest_tb) * 1e-9;
    for (int p = 0; v.ok() && p < max_pairs; ++p) {
      // Stop only after whole blocks of 4 pairs: each block runs both orders (ABBA).
      if (p >= min_pairs && p % 4 == 0)
        for (Runner* c : timed()) {
          const std::vector<double> mine(bs.begin(), bs.begin() + long(c->ns.size()));
          if (double(c->spent) * 1e-9 >= budget_s)
            c->stopped = "budget";
          else if (adaptive && settled(mine, c->ns))
            c->stopped = "settled";
        }
      if (timed().empty()) break;
      if (!base_.layouts.empty()) v = load_layouts(p, max_pairs);
      std::vector<Runner*> now = timed();
      if (!v.ok() || now.empty()) break;
      const uint64_t seed = seed0 + 1 + uint64_t(p);
      std::vector<uint64_t> seeds(static_cast<size_t>(k));
      for (int64_t i = 0; i < k; ++i) seeds[size_t(i)] = input_seed(iteration_seed(seed, i, k));
      // The order of the pair's windows. One candidate: the baseline first in even pairs,
      // last in odd ones (ABBA...). Several: every side's place, the baseline's included,
      // drawn per pair (a Fisher-Yates shuffle from the pair's keyed seed: reproducible with
      // the evaluation's key, unknown to every side), so a place that is slower or faster
      // than others (first after the layouts' loads, last after every other side's work)
      // falls on the baseline as often as on any candidate. With the baseline always first
      // or last and the candidates between, A/As in batches of three measured 1.16x
      // (median of 9; their single evaluations beside them 0.96x; 03_dense_la_axpy, load 5).
      // A block (an even pair and the next) right after layouts were linked on demand
      // swaps its two orders when its keyed draw says so: whatever the links leave on the
      // machine (caches, clock speed) falls on the baseline's window or the candidate's
      // with equal chance, and no side can know which.
      bool base_first = p % 2 == 0;
      const bool swapped = relinked_ >= 0 && relinked_ % 2 == 0 && p - p % 2 == relinked_ &&
                           (input_seed((seed0 + 1 + uint64_t(relinked_)) ^ 0xbb67ae8584caa73bULL) & 1);
      if (swapped) base_first = !base_first;
      if (p == relinked_) relinks.emplace_back(p, swapped);
      std::vector<Runner*> order(now);
      order.insert(base_first ? order.begin() : order.end(), &base_);
      if (order.size() > 2) {
        uint64_t draw = input_seed(seed ^ 0x6a09e667f3bcc909ULL);
        for (size_t i = order.size(); i > 1; --i) {
          draw = harness::mix64(draw + i);
          std::swap(order[i - 1], order[size_t(draw % i)]);
        }
      }
      for (Runner* c : now) c->block_start = mark(*c);
      int64_t tb = 0;
      std::vector<int64_t> tc(cands_.size(), 0);
      // The pair's inputs are made once (image()); each side's keeper copies them right
      // before its window, so every side finds them equally warm; the same pipe writes
      // around every window.
      v = image(seeds, k > 1);
      for (Runner* r : order) {
        if (!v.ok()) break;
        if (!r->candidate()) {
          v = base_failed(turn(base_, 0.0, &tb));
          slowest_base_call_s = std::max(slowest_base_call_s, double(tb) * 1e-9 / double(k));
        } else if (!r->left) {
          const Verdict w = turn(*r, slowest_base_call_s * double(k), &tc[size_t(r->index)]);
          if (!w.ok() && !leave(*r, w)) v = w;
        }
      }
      if (v.ok() && check_outputs) v = compare_reported(seeds, "in one timed measurement", now);
      if (!v.ok()) break;
      bs.push_back(double(tb) / double(k));
      for (Runner* c : now) {
        if (c->left) continue;
        c->block += since(*c, c->block_start);
        // A block is two measurements, one with each order (see kOutsideAbsNs); the last
        // measurement of an odd number is a block alone.
        if (p % 2 == 1 || p + 1 == max_pairs) {
          ++c->blocks;
          if (harness::over_limit(c->block, p - (p % 2), p, threads_, &c->worst, &c->worst_excess)) ++c->over;
          c->block = Mark{};
        }
        accounting_total(*c);
        if (c->left) continue;
        c->spent += tb + tc[size_t(c->index)];
        c->ns.push_back(double(tc[size_t(c->index)]) / double(k));
        const auto at = [&](const Runner* r) { return std::find(order.begin(), order.end(), r) - order.begin(); };
        c->order += at(&base_) < at(c) ? 'B' : 'C';
      }
    }
    for (Runner* c : in) {
      if (c->left || !v.ok()) continue;
      if (c->stopped.empty()) c->stopped = "max_pairs";
      if (c->over >= 2 && 2 * c->over >= c->blocks)
        leave(*c, Verdict{"rejected", c->worst + "; " + std::to_string(c->over) + " of " + std::to_string(c->blocks) +
                                          " blocks of timed measurements were over their limit"});
    }
    py::dict d = batch_dict(v);
    d["baseline_ns"] = py::array_t<double>(bs.size(), bs.data());
    d["iters"] = k;
    d["clock_resolution_ns"] = res;
    d["doorbell_ns"] = doorbell;
    py::list rl;
    for (const auto& [pair, swap] : relinks) rl.append(py::make_tuple(pair, swap));
    d["relinked"] = rl;
    py::list cs;
    for (Runner* c : in) {
      py::dict e = standing(*c);
      e["candidate_ns"] = py::array_t<double>(c->ns.size(), c->ns.data());
      e["order"] = c->order;
      e["stopped"] = c->left ? std::string() : c->stopped;
      e["cpu_accounting"] = accounting_figures(*c);
      cs.append(e);
    }
    d["candidates"] = cs;
    return d;
  }

  // Thread scaling evidence: candidate `index`'s median time (ns, judge-timed) over `reps`
  // calls with OpenMP limited to `threads` in its caller, call r on (size, seed + r): each
  // on inputs of its own, so an answer kept from an earlier call is no use.
  // Returns {status, why, median_ns}; raises IndexError for a candidate not in the batch.
  py::dict time_at_threads(uint64_t size, uint64_t seed, int threads, int reps, int index) {
    notify_trusted();
    Runner& c = present_candidate(index);
    Verdict v = size == size_ ? Verdict{} : ensure(size, 1);
    std::vector<double> ts;
    for (int r = 0; r < reps && v.ok() && !c.left; ++r) {
      v = image({input_seed(seed + uint64_t(r))}, false);
      if (v.ok()) v = prepare(c);
      int64_t t = 0;
      if (v.ok()) v = window(c, harness::side::kCall, 1, threads, &t, kProfileDeadlineNs);
      ts.push_back(double(t));
    }
    std::sort(ts.begin(), ts.end());
    py::dict d = verdict_dict(v);
    d["median_ns"] = ts.empty() ? 0.0 : ts[ts.size() / 2];
    return d;
  }

  // Hardware and software counters of one call of candidate `index` on (size, seed),
  // counted in its caller (evidence, not a verdict). Returns {status, why, counts,
  // unavailable}; raises IndexError for a candidate not in the batch.
  py::dict counters(uint64_t size, uint64_t seed, int index) {
    notify_trusted();
    Runner& r = present_candidate(index);
    Verdict v = size == size_ ? Verdict{} : ensure(size, 1);
    if (v.ok()) v = image({input_seed(seed)}, false);
    if (v.ok()) v = prepare(r);
    if (v.ok()) {  // its threads, which its covered /proc cannot tell it (isolate.hpp)
      const std::vector<int> tids = harness::thread_ids(r.caller.pid);
      const size_t n = std::min<size_t>(tids.size(), harness::side::kMaxK);
      std::copy(tids.begin(), tids.begin() + long(n), r.caller.ctl->seeds);
      r.caller.ctl->k = uint32_t(n);
      v = caller_command(r, harness::side::kCounters, kProfileDeadlineNs);
    }
    Proc& c = r.caller;
    if (v.ok() && c.status != harness::side::kOk) v = Verdict{"rejected", c.why};
    py::dict d = verdict_dict(v);
    if (v.ok()) {  // the reply copied once into private memory and bounded
      auto why = [&c](int e) {
        char w[sizeof c.ctl->counter_why[0]];
        std::memcpy(w, c.ctl->counter_why[e], sizeof w);
        w[sizeof w - 1] = 0;
        return std::string(w);
      };
      harness::put_counters(d, why, [&c](int e) { return uint64_t(c.ctl->counts[e]); });
    } else {
      d["counts"] = py::dict();
      d["unavailable"] = py::dict();
    }
    return d;
  }

  // The round trip of an empty command through the baseline's caller (median of `reps`,
  // ns; the caller let run and stopped again): the per-window overhead. Every caller goes
  // through it. Raises RuntimeError when the batch fails it.
  double doorbell(int reps) {
    double d = 0.0;
    const Verdict v = doorbell_ns(reps, &d);
    if (!v.ok()) throw std::runtime_error(v.why);
    return d;
  }

  // Nanoseconds spent making inputs so far (the generator's prepare commands, the
  // keepers' copies, the judge's comparison instances).
  int64_t generation_ns() const { return gen_ns_; }

  // Threads of candidate `index`'s caller now (from /proc/<pid>/status; -1 once it left).
  // Raises IndexError for an index outside the batch.
  int candidate_threads(int index) const {
    if (index < 0 || size_t(index) >= cands_.size()) throw py::index_error("no candidate " + std::to_string(index));
    const Runner& c = *cands_[size_t(index)];
    return c.left ? -1 : thread_count(c.caller.pid);
  }

  // The key of this evaluation's timed inputs (32 hex digits): with it, Bench(...,
  // input_key) gives every timed call the same inputs again. The key never reaches the
  // keepers or callers.
  std::string input_key() const {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%016llx%016llx", (unsigned long long)key_[0], (unsigned long long)key_[1]);
    return buf;
  }

  // The seed the inputs of a timed call with seed `nominal` are generated from (the
  // calibration calls, the pairs, the profile's calls): SipHash-2-4 of it under the
  // evaluation's secret key (why: seeds.hpp input_seed).
  uint64_t input_seed(uint64_t nominal) const { return harness::input_seed(key_[0], key_[1], nominal); }

 private:
  std::string drv_path_;
  Driver drv_;          // ours, trusted: the comparison instances' inputs, adopt, comparison
  std::string runner_;  // the keeper executable (harness_side)
  std::string caller_;  // the caller executable beside it (harness_caller)
  int fd_;
  double rtol_, atol_, tfactor_, tmin_;
  bool sandboxed_;
  std::string nonce_;
  int threads_;
  cpu_set_t granted_set_;  // the CPUs this evaluation may use (granted_cpus())
  int granted_;            // how many (the physical bound)
  Runner gen_;             // the generator: a keeper of no side, no caller (the turns' images, image())
  Runner base_;
  std::vector<std::unique_ptr<Runner>> cands_;  // the batch, in the order given
  uintptr_t arena_addr_ = 0;                    // where every arena lies (spawn_keeper())
  int64_t gen_ns_ = 0;
  // pairs whose code layouts every side has (set_layouts; all of them unless set) and the
  // worker's function that links more
  int layouts_ready_ = std::numeric_limits<int>::max();
  py::object more_layouts_ = py::none();
  int relinked_ = -1;         // the pair before which layouts were last linked on demand
  uint64_t key_[2] = {0, 0};  // the inputs' secret key (input_seed())
  uint64_t images_ = 0;       // images the generator made (the placement draws)
  uint64_t size_ = UINT64_MAX;
  uint32_t k_ = 0;
  uint32_t image_k_ = 0;             // instances in the generator's current image (image())
  std::unique_ptr<Instance> e_, g_;  // expected (baseline's outputs) and got (a candidate's)
  Verdict batch_;                    // the batch's own failure (setup_error, split), once it has one
  bool isolate_ = false;             // callers start in namespaces of their own (isolate.hpp)
  harness::isolation::Plan plan_;    // the mounts they make read-only
  volatile int* iso_err_ = nullptr;  // a shared page: why a caller's child could not isolate
  std::vector<std::pair<int, cpu_set_t>> trusted_masks_;  // snapshot_trusted()
  int64_t orch_deadline_ = 0;                             // the orchestrator's deadline as last set (now_ns() clock)

  // ---------------------------------------------------------------- the batch
  // The baseline, then the candidates (those that left included).
  std::vector<Runner*> runners() {
    std::vector<Runner*> v{&base_};
    for (auto& c : cands_) v.push_back(c.get());
    return v;
  }
  // The candidates still in the batch, and those of them still timed (measure()).
  std::vector<Runner*> present() {
    std::vector<Runner*> v;
    for (auto& c : cands_)
      if (!c->left) v.push_back(c.get());
    return v;
  }
  std::vector<Runner*> timed() {
    std::vector<Runner*> v;
    for (auto& c : cands_)
      if (c->timed()) v.push_back(c.get());
    return v;
  }
  Runner& present_candidate(int index) {
    if (index < 0 || size_t(index) >= cands_.size() || cands_[size_t(index)]->left)
      throw py::index_error("no candidate " + std::to_string(index) + " in the batch");
    return *cands_[size_t(index)];
  }

  // Candidate c leaves the batch with verdict v (not ok): its processes are ended and its
  // memory freed, and nothing of it is read again. False (nothing done, v kept as the
  // batch's failure) when v is not c's but the batch's (setup_error: the harness or the
  // problem failed).
  bool leave(Runner& c, const Verdict& v) {
    if (v.status == "setup_error" || v.status == "split") {
      batch_ = v;
      return false;
    }
    if (c.left) return true;
    c.left = true;
    c.out = v;
    end_processes(c);
    return true;
  }

  // What a verdict of the baseline's turn or command means for the batch (v unchanged
  // when ok or setup_error). A death of the baseline's processes is charged to the
  // candidate when one is left in the batch (every baseline passed validation and timing
  // on its own, in tests, and all processes share the evaluation's memory limit, so the
  // usual cause is the candidate's memory: the OOM killer may pick any process; a harness
  // error here would let a candidate stop a run), and the batch ends ("split"); with
  // several, which one is unknown: the batch ends "split" and the orchestrator judges the
  // candidates without a verdict again one at a time.
  Verdict base_failed(const Verdict& v) {
    if (v.ok() || v.status == "setup_error" || v.status == "split") return v;
    const std::vector<Runner*> in = present();
    if (in.size() == 1) {
      leave(*in[0], v);
      batch_ = {"split",
                "a process of the baseline (or the judge's generator) died with one candidate in the batch, "
                "charged to it: " +
                    v.why};
      return batch_;
    }
    batch_ = {"split", "a process of the baseline (or the judge's generator) died with " + std::to_string(in.size()) +
                           " candidates in the batch (" + v.why + "): they are to be judged again one at a time"};
    return batch_;
  }

  // The batch-level part of an answer (status, why; the batch's own failure first) and
  // every candidate's standing ({index, status, why[, exit_code]}).
  py::dict batch_dict(const Verdict& v) {
    if (batch_.ok() && !v.ok()) batch_ = v;
    const Verdict& b = batch_.ok() ? v : batch_;
    py::dict d;
    d["status"] = b.status;
    d["why"] = b.why;
    py::list cs;
    for (auto& c : cands_) cs.append(standing(*c));
    d["candidates"] = cs;
    return d;
  }

  // Candidate c's standing: {index, status, why[, exit_code]} (ok while it is in the batch).
  static py::dict standing(const Runner& c) {
    py::dict e = verdict_dict(c.left ? c.out : Verdict{});
    e["index"] = c.index;
    return e;
  }

  // r's keeper and caller killed and reaped, their shared memory unmapped and closed.
  void end_processes(Runner& r) {
    for (Proc* p : {&r.caller, &r.keeper}) {
      if (p->pid > 0 && !p->dead) {
        kill(p->pid, SIGKILL);
        waitpid(p->pid, nullptr, 0);
        p->dead = true;
        p->death = {"runtime_error", "ended by the judge"};
      }
      if (p->ctl) munmap(p->ctl, harness::side::kControlBytes);
      p->ctl = nullptr;
      if (p->fd >= 0) ::close(p->fd);
      p->fd = -1;
    }
    if (r.data) munmap(r.data, r.data_bytes);
    r.data = nullptr;
    r.data_bytes = 0;
    if (r.arena_fd >= 0) ::close(r.arena_fd);
    r.arena_fd = -1;
    if (r.image_fd >= 0) ::close(r.image_fd);
    r.image_fd = -1;
  }

  // ---------------------------------------------------------------- processes
  // Bytes of each side's arena (virtual: a sparse memfd, mapped whole by the keeper and
  // the caller): what the address-space limit leaves beside a process's own mappings
  // (2 GiB), else the machine's memory; at least 1 GiB.
  static size_t arena_size() {
    rlimit rl{};
    uint64_t total = uint64_t(sysconf(_SC_PHYS_PAGES)) * uint64_t(sysconf(_SC_PAGESIZE));
    if (getrlimit(RLIMIT_AS, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
      total = rl.rlim_cur > (3ULL << 30) ? rl.rlim_cur - (2ULL << 30) : (1ULL << 30);
    total = std::min<uint64_t>(std::max<uint64_t>(total, 1ULL << 30), 1ULL << 40);
    const uint64_t unit = 2 * uint64_t(sysconf(_SC_PAGESIZE));
    return size_t(total / unit * unit);
  }

  // A memfd of `bytes`, sealed against shrinking (and against growing when `fixed`: a
  // side's process holds it open and could otherwise enlarge it, memory no address-space
  // limit counts); -1 with *err set on failure.
  static int shared_file(const std::string& name, size_t bytes, std::string* err, bool fixed = false) {
    const int fd = int(syscall(SYS_memfd_create, name.c_str(), MFD_CLOEXEC | MFD_ALLOW_SEALING));
    const int seals = F_SEAL_SHRINK | F_SEAL_SEAL | (fixed ? F_SEAL_GROW : 0);
    if (fd < 0 || ftruncate(fd, off_t(bytes)) != 0 || fcntl(fd, F_ADD_SEALS, seals) != 0) {
      *err = std::string("shared memory for the side's processes: ") + std::strerror(errno);
      if (fd >= 0) ::close(fd);
      return -1;
    }
    return fd;
  }

  // The side's arena (at the judge's drawn address, the same in its keeper and its caller)
  // and its keeper; the caller starts later (start(), caller_argv()). The generator's
  // first (its arena at the same address, in its own process; every keeper maps it
  // read-only as fd 5).
  bool spawn_keeper(Runner& r, std::string* err) {
    r.arena_bytes = arena_size();
    r.arena_fd = shared_file("harness-arena-" + r.role, r.arena_bytes, err, true);
    if (r.arena_fd < 0) return false;
    if (arena_addr_ == 0) {
      uint64_t draw = 0;
      if (getrandom(&draw, sizeof draw, 0) != ssize_t(sizeof draw)) {
        *err = "getrandom failed";
        return false;
      }
      // between 16 and 64 TiB: far from where the kernel places a process's own mappings
      // (near the top of the 128 TiB user space, and the heap near the bottom)
      // + 0-65535 pages: bits 12-27 of every address in it drawn per evaluation (the
      // generator moves a turn's arrays by 0-511 pages more, see side.cpp arena::reset).
      // One address for every arena of the judge: each side's keeper copies the
      // generator's image into its own, pointers and all; each arena is mapped only by
      // its side's keeper and caller (the generator's by the keepers, read-only).
      arena_addr_ = uintptr_t((16ULL << 40) + (draw % (48ULL << 10)) * (1ULL << 30) +
                              ((draw >> 32) & 65535) * uint64_t(sysconf(_SC_PAGESIZE)));
    }
    r.arena_addr = arena_addr_;
    r.keeper.name = &r == &gen_ ? "generator" : "keeper";
    r.caller.name = "caller";
    if (&r != &gen_ && gen_.image_fd < 0) {  // the keepers' fd 5: the generator's arena, read only
      gen_.image_fd = ::open(("/proc/self/fd/" + std::to_string(gen_.arena_fd)).c_str(), O_RDONLY | O_CLOEXEC);
      if (gen_.image_fd < 0) {
        *err = std::string("reopening the generator's arena read-only: ") + std::strerror(errno);
        return false;
      }
    }
    return spawn_proc(r.keeper,
                      {runner_, drv_path_, r.role, sandboxed_ ? "1" : "0", std::to_string(getpid()), hex(r.arena_addr),
                       std::to_string(r.arena_bytes)},
                      r.arena_fd, &r == &gen_ ? -1 : gen_.image_fd, err);
  }

  static std::string hex(uintptr_t a) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%llx", (unsigned long long)a);
    return buf;
  }

  // The command line of r's caller (see cpp/caller.cpp).
  std::vector<std::string> caller_argv(const Runner& r) const {
    std::vector<std::string> ca{caller_,
                                r.so,
                                r.role,
                                sandboxed_ ? "1" : "0",
                                std::to_string(getpid()),
                                hex(r.arena_addr),
                                std::to_string(r.arena_bytes)};
    ca.insert(ca.end(), r.layouts.begin(), r.layouts.end());
    return ca;
  }

  // One process: fd 3 = its control block, fd 4 = the arena, fd 5 = `image` (a keeper's:
  // the generator's arena; -1: none). A caller starts in namespaces of its own where the
  // kernel allows them (isolate.hpp); when entering them
  // fails although the probe said they could be had, the child says why in iso_err_ (a
  // page the executed program no longer maps, so no side can fake it) and exits 125.
  bool spawn_proc(Proc& p, std::vector<std::string> a, int arena, int image, std::string* err) {
    // a caller's block never grows (a keeper's does: remap), so it is sealed like the arena
    p.fd = shared_file("harness-" + p.name, harness::side::kControlBytes, err, p.name == "caller");
    if (p.fd < 0) return false;
    void* m = mmap(nullptr, harness::side::kControlBytes, PROT_READ | PROT_WRITE, MAP_SHARED, p.fd, 0);
    if (m == MAP_FAILED) {
      *err = std::string("mmap: ") + std::strerror(errno);
      return false;
    }
    p.ctl = static_cast<harness::side::Control*>(m);
    p.ctl->bell.store(1);
    p.ctl->done.store(0);
    std::vector<char*> argv;
    for (auto& s : a) argv.push_back(&s[0]);
    argv.push_back(nullptr);
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e)
      if (std::strncmp(*e, "GOMP_SPINCOUNT=", 15) != 0) env.emplace_back(*e);
    env.push_back(std::string("GOMP_SPINCOUNT=") + harness::side::kSpinCount);
    std::vector<char*> envp;
    for (auto& s : env) envp.push_back(&s[0]);
    envp.push_back(nullptr);
    const bool isolate = p.name == "caller" && isolate_;
    *iso_err_ = 0;
    const int fd = p.fd;
    const pid_t pid = fork();
    if (pid == 0) {
      // the child: only async-signal-safe calls until exec. fd 3 = its block, fd 4 = the
      // arena, a keeper's fd 5 = the generator's arena, stdin /dev/null, stdout/stderr
      // inherited; every other fd closed (the other sides' files, the protocol pipe,
      // Python's files).
      sched_setaffinity(0, sizeof granted_set_, &granted_set_);
      if (isolate) {
        const int e = harness::isolation::enter(plan_);
        if (e != 0) {
          *iso_err_ = e;
          _exit(125);
        }
      }
      // The generator and the keepers run without address-space randomization, so each
      // loads the driver (and its libraries) where the others do: a keeper's copy of the
      // generator's image holds pointers into them too (a string literal's address in a
      // driver's output names, say). They hold no secret and run no code of a side.
      if (p.name != "caller" && personality(personality(0xffffffff) | ADDR_NO_RANDOMIZE) == -1) _exit(124);
      const int f3 = fcntl(fd, F_DUPFD_CLOEXEC, 16), f4 = fcntl(arena, F_DUPFD_CLOEXEC, 16);
      const int f5 = image >= 0 ? fcntl(image, F_DUPFD_CLOEXEC, 16) : -1;
      if (f3 < 0 || f4 < 0 || dup2(f3, 3) < 0 || dup2(f4, 4) < 0) _exit(126);
      if (image >= 0 && (f5 < 0 || dup2(f5, 5) < 0)) _exit(126);
      const int nul = open("/dev/null", O_RDONLY);
      if (nul >= 0) dup2(nul, 0);
      const unsigned first = image >= 0 ? 6U : 5U;
      if (syscall(SYS_close_range, first, ~0U, 0U) != 0)
        for (int i = int(first); i < 65536; ++i) ::close(i);
      execve(argv[0], argv.data(), envp.data());
      _exit(127);
    }
    if (pid < 0) {
      *err = "fork of the side's " + p.name + ": " + std::strerror(errno);
      return false;
    }
    p.pid = pid;
    if (clock_getcpuclockid(pid, &p.clock) != 0) {
      *err = "clock_getcpuclockid of the side's " + p.name + " failed";
      return false;
    }
    return true;
  }

  // The death of a process of side r, as a verdict. The baseline's processes dying is
  // charged to the candidate too: every baseline passed validation and timing on its own
  // (tests), and all processes share the evaluation's memory limit, so the usual cause is
  // the candidate's memory (the OOM killer may pick any). A harness error here would let
  // a candidate stop a run.
  Verdict death_of(const Proc& p, bool candidate, int st) const {
    if (p.name != "caller" && WIFEXITED(st) && WEXITSTATUS(st) == 124)
      return {"setup_error",
              "the sandbox refuses personality(ADDR_NO_RANDOMIZE), which the judge's generator and "
              "keepers need to load the driver where one another do (a seccomp profile?)"};
    if (p.name == "caller" && *iso_err_ != 0 && WIFEXITED(st) && WEXITSTATUS(st) == 125)
      return {"setup_error", std::string("the judge could not give the ") + (candidate ? "candidate" : "baseline") +
                                 "'s caller namespaces of its own (isolate.hpp): " + std::strerror(*iso_err_)};
    // whose process: the generator's is no side's
    const std::string whose =
        p.name == "generator" ? "the judge's " : "the " + std::string(candidate ? "candidate" : "baseline") + "'s ";
    const std::string who = candidate && p.name == "caller" ? "" : whose + p.name + " process was ";
    Verdict v{"runtime_error", "", true, 0};
    if (WIFSIGNALED(st)) {
      v.exit_code = -WTERMSIG(st);
      v.why = who + "killed by " + signal_text(WTERMSIG(st));
    } else {
      v.exit_code = WEXITSTATUS(st);
      v.why = candidate && p.name == "caller"
                  ? "the process exited with code " + std::to_string(v.exit_code) +
                        " before returning (exit() or abort inside the candidate?)"
                  : whose + p.name + " process exited with code " + std::to_string(v.exit_code);
    }
    return v;
  }

  // True (and the death recorded) if the process has ended; `block`: wait for it.
  bool reap(Proc& p, bool block = false) {
    if (p.dead) return true;
    int st = 0;
    if (waitpid(p.pid, &st, block ? 0 : WNOHANG) != p.pid) return false;
    p.dead = true;
    p.death = death_of(p, p.candidate, st);
    return true;
  }

  int64_t cpu_ns(Proc& p) {
    timespec ts{};
    if (!p.dead && clock_gettime(p.clock, &ts) == 0) p.last_cpu = int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
    return p.last_cpu;
  }

  void ring(Proc& p) {
    ++p.seq;
    p.ctl->bell.store(p.seq, std::memory_order_release);
    harness::side::futex_wake(&p.ctl->bell);
  }

  // Sleeps until the process finished command p.seq (true) or died (false). `deadline`
  // (now_ns() clock; 0: none): a process still at it then is killed and its death is a
  // `timeout` (a candidate's window or load: the judge ends it itself, so a hung candidate
  // leaves the rest of its batch alone; the orchestrator's deadline, a little later, is
  // the backstop for the judge). A hung keeper is the orchestrator's deadline's to end.
  bool wait_done(Proc& p, int64_t deadline = 0) {
    for (;;) {
      const uint32_t d = p.ctl->done.load(std::memory_order_acquire);
      if (d == p.seq) return true;
      const timespec ts{0, 50000000};
      harness::side::futex_wait(&p.ctl->done, d, &ts);
      if (p.ctl->done.load(std::memory_order_acquire) == p.seq) return true;
      if (reap(p)) return false;
      if (deadline > 0 && now_ns() > deadline) {
        kill(p.pid, SIGKILL);
        reap(p, true);
        char buf[200];
        std::snprintf(buf, sizeof buf, "the candidate's %s outlasted its deadline of %.3g s and was killed",
                      p.name == "caller" ? "call" : p.name.c_str(), double(deadline - p.started_ns) * 1e-9);
        p.death = {"timeout", buf};
        return false;
      }
    }
  }

  // Stops r's caller and waits until every thread of it has stopped (waitpid reports the
  // stop of the whole group). False when it died instead.
  bool freeze(Runner& r) {
    Proc& p = r.caller;
    if (p.dead) return false;
    if (p.frozen) return true;
    kill(p.pid, SIGSTOP);
    for (;;) {
      int st = 0;
      const pid_t w = waitpid(p.pid, &st, WUNTRACED);
      if (w < 0 && errno == EINTR) continue;
      if (w != p.pid) {
        p.dead = true;
        p.death = {"setup_error",
                   "the judge could not see its " + r.role + "'s caller stop (waitpid: " + std::strerror(errno) + ")"};
        return false;
      }
      if (WIFSTOPPED(st)) {
        p.frozen = true;
        return true;
      }
      p.dead = true;
      p.death = death_of(p, r.candidate(), st);
      return false;
    }
  }

  // Lets r's caller run again.
  void thaw(Runner& r) {
    if (r.caller.dead || !r.caller.frozen) return;
    r.caller.frozen = false;
    kill(r.caller.pid, SIGCONT);
  }

  void read_reply(Proc& p) {
    p.status = p.ctl->status;
    char buf[harness::side::kWhyBytes];
    std::memcpy(buf, p.ctl->why, sizeof buf);
    buf[sizeof buf - 1] = 0;
    p.why = buf;
  }

  // A command of r's keeper (trusted: its CPU is the harness's); the verdict of a death,
  // else ok (the reply in keeper.status/why).
  Verdict command(Runner& r, uint32_t cmd) {
    Proc& p = r.keeper;
    if (p.dead) return p.death;
    p.ctl->cmd = cmd;
    ring(p);
    if (!wait_done(p)) return p.death;
    read_reply(p);
    return {};
  }

  // An untimed command of r's caller (a layout's load, the counted call): the caller runs
  // only for it, a candidate's for at most `deadline_ns`. Its CPU (the caller's clock
  // around it) counts as the side's commands (see kIdleAbsNs) and is held to the physical
  // bound; then every caller's CPU masks are checked (masks_after()).
  Verdict caller_command(Runner& r, uint32_t cmd, int64_t deadline_ns) {
    Proc& p = r.caller;
    if (p.dead) return p.death;
    p.ctl->cmd = cmd;
    snapshot_trusted();
    if (r.candidate()) backstop(double(deadline_ns) * 1e-9 + kBackstopS);
    const int64_t w0 = now_ns();
    const int64_t c0 = cpu_ns(p);
    p.started_ns = w0;
    ring(p);
    thaw(r);
    const bool alive = wait_done(p, r.candidate() ? w0 + deadline_ns : 0) && freeze(r);
    const int64_t c1 = cpu_ns(p);
    const int64_t w1 = now_ns();
    r.in_command_ns += c1 - c0;
    ++r.commands;
    if (!alive) return r.death();
    read_reply(p);
    const Verdict v = physical(r, c1 - c0, w1 - w0, "a command");
    return v.ok() ? masks_after(r) : v;
  }

  // Each thread's CPU mask of a loaded caller, the reference it is held to: a side's code
  // may set the affinity of any thread of its uid (sched_setaffinity takes thread ids,
  // which the seccomp filter cannot tell from its own), so a candidate could crowd the
  // baseline's OpenMP threads (or another candidate's) onto one CPU.
  void record_masks(Proc& p) {
    p.masks.clear();
    for (int tid : harness::thread_ids(p.pid)) {
      cpu_set_t m;
      CPU_ZERO(&m);
      if (sched_getaffinity(tid, sizeof m, &m) == 0) p.masks.emplace_back(tid, m);
    }
  }
  // "" when every recorded thread of p still has its mask (or is gone: the thread count
  // speaks for that); else which thread moved.
  static std::string masks_changed(const Proc& p) {
    if (p.dead) return "";
    for (const auto& [tid, m] : p.masks) {
      cpu_set_t now;
      CPU_ZERO(&now);
      if (sched_getaffinity(tid, sizeof now, &now) != 0) continue;
      if (!CPU_EQUAL(&now, &m))
        return "thread " + std::to_string(tid) + ": " + std::to_string(CPU_COUNT(&m)) + " CPUs -> " +
               std::to_string(CPU_COUNT(&now));
    }
    return "";
  }

  // After r's caller ran (a window, a command, its load) and stopped again: every caller's
  // threads still have their recorded masks. Only r ran since the last check, so a change
  // is r's doing: the masks are put back, and r is `rejected` (setup_error for the
  // baseline: a broken problem).
  // The keepers' and the judge's threads are held to the masks they had right before r
  // ran (snapshot_trusted()): a caller could otherwise leave a note in them for a
  // sibling (sched_getaffinity reads any thread's mask), many bits on a machine with many
  // CPUs.
  Verdict masks_after(Runner& r) {
    std::string why;
    for (Runner* side : runners()) {  // every side put back before r is blamed
      if (side->left) continue;
      const std::string moved = masks_changed(side->caller);
      if (moved.empty()) continue;
      for (const auto& [tid, m] : side->caller.masks) sched_setaffinity(tid, sizeof m, &m);
      if (why.empty())
        why = "the " + r.role + " changed the CPU affinity of " +
              (side == &r ? std::string("its own") : "the " + side->role + "'s") + " threads (" + moved + ")";
    }
    for (const auto& [tid, m] : trusted_masks_) {
      cpu_set_t now;
      CPU_ZERO(&now);
      if (sched_getaffinity(tid, sizeof now, &now) != 0 || CPU_EQUAL(&now, &m)) continue;
      sched_setaffinity(tid, sizeof m, &m);
      if (why.empty())
        why = "the " + r.role + " changed the CPU affinity of a thread of the harness (thread " + std::to_string(tid) +
              ")";
    }
    return why.empty() ? Verdict{} : side_failed(r, "rejected", why);
  }

  // The CPU masks of the judge's, the generator's and the keepers' threads, before a
  // caller runs (see masks_after()).
  void snapshot_trusted() {
    trusted_masks_.clear();
    auto add = [this](int pid) {
      for (int tid : harness::thread_ids(pid)) {
        cpu_set_t m;
        CPU_ZERO(&m);
        if (sched_getaffinity(tid, sizeof m, &m) == 0) trusted_masks_.emplace_back(tid, m);
      }
    };
    add(0);
    if (gen_.keeper.pid > 0 && !gen_.keeper.dead) add(gen_.keeper.pid);
    for (Runner* r : runners())
      if (!r->left && r->keeper.pid > 0 && !r->keeper.dead) add(r->keeper.pid);
  }

  // The CPUs this evaluation was granted: this process's CPU set when the Bench is made
  // (the worker gives its thread the whole grant back first: loading libgomp with
  // OMP_PROC_BIND set binds it to one core). Every keeper and caller starts on all of
  // them (spawn_proc), whatever libgomp does to this thread later.
  int granted_cpus() {
    CPU_ZERO(&granted_set_);
    if (sched_getaffinity(0, sizeof granted_set_, &granted_set_) != 0) return std::max(1, omp_get_num_procs());
    return std::max(1, CPU_COUNT(&granted_set_));
  }

  // The physical bound (see kPhysicalAbsNs) on `cpu` ns of r's caller over `wall` ns.
  Verdict physical(const Runner& r, int64_t cpu, int64_t wall, const char* what) const {
    const int64_t lim = harness::physical_limit_ns(wall, granted_);
    if (cpu <= lim) return {};
    char buf[400];
    std::snprintf(buf, sizeof buf,
                  "the %s's process used %.2f ms of CPU in %s that lasted %.2f ms on %d granted CPU%s "
                  "(limit %.2f ms): it ran on CPUs it was not granted (a widened CPU mask)",
                  r.role.c_str(), double(cpu) * 1e-6, what, double(wall) * 1e-6, granted_, granted_ == 1 ? "" : "s",
                  double(lim) * 1e-6);
    return side_failed(r, "rejected", buf);
  }

  // What a failed reply of side r means: the baseline's is the problem's fault
  // (setup_error), the candidate's its own (`status`).
  static Verdict side_failed(const Runner& r, const std::string& status, const std::string& why) {
    if (r.candidate()) return {status, why};
    return {"setup_error", why + " (a broken problem)"};
  }

  // ---------------------------------------------------------------- instances
  // Every keeper in the batch holds k instances of `size` and the judge E and G, and the
  // data areas fit k instances' outputs. A candidate whose keeper cannot leaves the batch;
  // the answer is the batch's.
  Verdict ensure(uint64_t size, uint32_t k) {
    if (size == size_ && k == k_) return {};
    const bool same_size = size == size_ && e_ && g_;  // a new k only: E and G stay
    size_ = UINT64_MAX;
    const std::string oom = harness::out_of_memory_why(size);
    if (!same_size) {
      e_.reset();
      g_.reset();
      try {
        e_.reset(new Instance(&drv_, size));
        g_.reset(new Instance(&drv_, size));
        if (drv_.outputs_only) {  // the inputs they keep (compare_reported): the same in both
          const int64_t t0 = now_ns();
          drv_.generate(e_->p, kComparisonSeed);
          drv_.generate(g_->p, kComparisonSeed);
          gen_ns_ += now_ns() - t0;
        }
      } catch (const std::bad_alloc&) {
        e_.reset();
        return {"setup_error", oom};
      } catch (const std::length_error&) {
        e_.reset();
        return {"setup_error", oom};
      }
    }
    drv_.reset(e_->p, 1);
    harness::OutputView v[harness::side::kMaxViewsPerInstance];
    const int n = std::min<int>(drv_.outputs(e_->p, v, int(harness::side::kMaxViewsPerInstance)),
                                int(harness::side::kMaxViewsPerInstance));
    // Room for one instance's outputs: what the reset instance exposes; when a view is
    // empty there (an output whose length depends on the inputs, a convex hull), the
    // memory the instance holds (harness_bytes), where such an output lives.
    uint64_t out_bytes = 0;
    bool empty = false;
    for (int j = 0; j < n; ++j) {
      out_bytes += ((v[j].count * harness::dtype_size(v[j].dtype) + 63) & ~uint64_t(63));
      empty = empty || v[j].count == 0;
    }
    if (empty) out_bytes = std::max<uint64_t>(out_bytes, drv_.bytes(e_->p));
    const uint64_t per = uint64_t(harness::side::kMaxViewsPerInstance) * sizeof(harness::side::ViewHeader) + out_bytes +
                         uint64_t(n) * 64;
    const uint64_t page = uint64_t(sysconf(_SC_PAGESIZE));
    const uint64_t bytes = ((uint64_t(k) * (per + 64) + 4096 + page - 1) / page) * page;
    {  // the generator (its arena's pages given back; it reports nothing: a page of data area)
      Verdict w = remap(gen_, page);
      if (!w.ok()) return w;
      gen_.keeper.ctl->size = size;
      gen_.keeper.ctl->k = k;
      gen_.keeper.ctl->data_bytes = page;
      w = command(gen_, harness::side::kCreate);
      if (!w.ok()) return base_failed(w);
      if (gen_.keeper.status != harness::side::kOk) return {"setup_error", oom};
    }
    for (Runner* r : runners()) {
      if (r->left) continue;
      Verdict w = remap(*r, bytes);
      if (!w.ok()) return w;
      Proc& kp = r->keeper;
      kp.ctl->size = size;
      kp.ctl->k = k;
      kp.ctl->data_bytes = bytes;
      w = command(*r, harness::side::kCreate);
      if (w.ok() && kp.status != harness::side::kOk) {
        if (!r->candidate()) return {"setup_error", oom};
        w = {"runtime_error", "the candidate's side could not map its outputs' area for size " + std::to_string(size) +
                                  " (the baseline's could): " + kp.why};
      }
      if (w.ok()) continue;
      if (!r->candidate()) return base_failed(w);
      if (!leave(*r, w)) return w;
    }
    interleave_pages(k, drv_.bytes(e_->p), page);
    size_ = size;
    k_ = k;
    return {};
  }

  // Physical placement. Where the kernel takes a side's pages from moves a memory-bound
  // kernel's time, and the sides used to take theirs one after another (each keeper's
  // first instances, in spawn order): A/As of 03_dense_la_axpy at quick size, serial, on a
  // 2-core Zen 4 KVM guest (2026-12-06), measured 1.08-1.13 alone and 0.96, 1.07, 1.13,
  // 1.19 for a batch's candidates 0-3, every candidate faster than the baseline the later
  // its pages came; creating the sides in the reverse order turned it into 0.87 alone and
  // 0.81-0.92 (the side that took its pages first, slowest). So the pages of the region
  // the turns' instances use (k instances of `instance_bytes` each) are given to the
  // sides together, `page` x 16 bytes of each side's arena in turn (fallocate of its
  // memfd, after the keepers' creates gave theirs back), both the small allocations' part
  // (up to 8 MiB) and the large ones' (with the 512 pages a turn moves them by and up to
  // 64 pages of rounding per instance); the same A/As then measured 0.99-1.03 alone and
  // 0.98-1.02 in batches of three to five, serial and omp. Pages past these (a side's own
  // heap in its caller, arrays beyond the estimate) are taken when first touched, in the
  // order the windows come (docs/methodology/placement.md).
  void interleave_pages(uint64_t k, uint64_t instance_bytes, uint64_t page) {
    const uint64_t quarter = base_.arena_bytes / 4;  // side.cpp: instances in [0, 1/2), large ones from 1/4
    const uint64_t large = std::min<uint64_t>(quarter, 512 * page + k * (instance_bytes + 64 * page));
    const uint64_t small = std::min<uint64_t>({quarter, k * instance_bytes + 64 * page, uint64_t(8) << 20});
    const uint64_t chunk = 16 * page;
    std::vector<Runner*> in;
    for (Runner* r : runners())
      if (!r->left && r->arena_fd >= 0) in.push_back(r);
    for (Runner* r : in) {
      fallocate(r->arena_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, off_t(small));
      fallocate(r->arena_fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, off_t(quarter), off_t(large));
    }
    for (uint64_t off = 0; off < std::max(small, large); off += chunk)
      for (Runner* r : in) {
        // best effort: a side short of memory fails in its keeper, with the reason
        if (off < small) fallocate(r->arena_fd, 0, off_t(off), off_t(std::min(chunk, small - off)));
        if (off < large) fallocate(r->arena_fd, 0, off_t(quarter + off), off_t(std::min(chunk, large - off)));
      }
  }

  // The judge's view of r's data area, `bytes` long (the file only grows: it is sealed
  // against shrinking, so the mapping can never lose its pages under the judge).
  Verdict remap(Runner& r, uint64_t bytes) {
    if (r.data) munmap(r.data, r.data_bytes);
    r.data = nullptr;
    r.data_bytes = 0;
    struct stat st {};
    const off_t want = off_t(harness::side::kControlBytes + bytes);
    if (fstat(r.keeper.fd, &st) != 0 || (st.st_size < want && ftruncate(r.keeper.fd, want) != 0))
      return {"setup_error", std::string("growing the shared memory: ") + std::strerror(errno)};
    void* m =
        mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, r.keeper.fd, off_t(harness::side::kControlBytes));
    if (m == MAP_FAILED) return {"setup_error", std::string("mapping the shared memory: ") + std::strerror(errno)};
    r.data = static_cast<char*>(m);
    r.data_bytes = bytes;
    return {};
  }

  // A turn's instances with inputs for `seeds` (k = seeds.size()), outputs poisoned if
  // `poison`, made once for every side: by the generator, in its arena (see side.cpp),
  // which each side's keeper then copies into its own (prepare()). Each image draws its
  // own placement (the images' count under the evaluation's key: reproducible, no two
  // images share a draw, and the placement a candidate can see tells nothing of an input
  // seed); every side of a pair (or validation case) gets the same one.
  Verdict image(const std::vector<uint64_t>& seeds, bool poison) {
    const size_t n = std::min<size_t>(seeds.size(), harness::side::kMaxK);
    Proc& gp = gen_.keeper;
    std::copy(seeds.begin(), seeds.begin() + long(n), gp.ctl->seeds);
    gp.ctl->k = uint32_t(n);
    gp.ctl->poison = poison ? 1 : 0;
    gp.ctl->layout = input_seed(0xa54ff53a5f1d36f1ULL ^ ++images_);
    const int64_t t0 = now_ns();
    Verdict v = command(gen_, harness::side::kPrepare);
    gen_ns_ += now_ns() - t0;
    if (!v.ok()) return base_failed(v);
    // The instances lie in a region of the same size in every arena, filled by trusted
    // code with the same driver: k instances that do not fit are the harness's trouble.
    if (gp.status == harness::side::kNoMemory) return {"setup_error", harness::out_of_memory_why(gp.ctl->size)};
    if (gp.status != harness::side::kOk)
      return {"setup_error", "the judge's generator failed to prepare the inputs: " + gp.why};
    image_k_ = uint32_t(n);
    return {};
  }

  // The current image (image()) copied into r's arena by r's keeper, right before r's
  // window (so every side finds its inputs equally warm); the instances' harness_call
  // arguments go into the caller's block for its window.
  Verdict prepare(Runner& r) {
    const uint32_t n = image_k_;
    const harness::side::Control* g = gen_.keeper.ctl;
    harness::side::Control* kc = r.keeper.ctl;
    kc->k = n;
    kc->layout = g->layout;
    std::copy(g->args, g->args + n, kc->args);
    std::copy(g->inst, g->inst + n, kc->inst);
    std::copy(g->extent, g->extent + 6, kc->extent);
    const int64_t t0 = now_ns();
    Verdict v = command(r, harness::side::kPrepare);
    gen_ns_ += now_ns() - t0;
    if (v.ok() && r.keeper.status != harness::side::kOk)
      v = {"setup_error", "the " + r.role + "'s keeper failed to copy the inputs: " + r.keeper.why};
    if (v.ok()) std::copy(g->args, g->args + n, r.caller.ctl->args);
    return v;
  }

  // One side's turn on the current image (k instances): its keeper copies it (prepare()),
  // its caller runs the timed window of k calls (ns: its time; a candidate's deadline
  // max(timeout_min_s, timeout_factor x candidate_deadline_s: the baseline's time for the
  // same work), kept by the judge, see wait_done()), and the keeper's report, with the
  // caller stopped, checks the const inputs and copies the outputs into its data area. So
  // a candidate's outputs are taken in as soon as its window closes, before any other
  // side runs.
  Verdict turn(Runner& r, double candidate_deadline_s, int64_t* ns) {
    Verdict v = prepare(r);
    if (!v.ok()) return v;
    v = window(r, harness::side::kCall, image_k_, 0, ns,
               int64_t(std::max(tmin_, tfactor_ * candidate_deadline_s) * 1e9));
    if (!v.ok()) return v;
    return report(r, image_k_);
  }

  // Waits (at most 50 ms) until no thread of the judge (but this one), the generator or
  // the sides' processes is runnable: OpenMP workers spin after a parallel region (see
  // quiesce(), cpp/inprocess.cpp).
  void quiesce_all() {
    const int self = int(syscall(SYS_gettid));
    auto busy = [this] {
      if (gen_.keeper.pid > 0 && !gen_.keeper.dead && harness::thread_running(gen_.keeper.pid, 0)) return true;
      for (Runner* r : runners())
        for (const Proc* p : {&r->keeper, &r->caller})
          if (p->pid > 0 && !p->dead && harness::thread_running(p->pid, 0)) return true;
      return false;
    };
    const auto until = clk::now() + std::chrono::milliseconds(50);
    while ((harness::thread_running(0, self) || busy()) && clk::now() < until) usleep(200);
  }

  int processes_of(const Runner& r) const {
    return sandboxed_ ? harness::process_count(true) : harness::process_count(false, r.caller.pid);
  }

  // The timed window of one command of r's caller (kCall on its first k arguments,
  // threads > 0: that many OpenMP threads; kNop: the doorbell alone): the caller's CPU
  // clock, t0, the doorbell, the caller let run (SIGCONT), the futex wait for done, the
  // caller stopped again and the stop seen (waitpid), t1, the CPU clock again. So the
  // window ends when the judge has seen every thread of the caller stopped: a `done`
  // written early gains nothing (what the caller had not finished is not in the outputs
  // the keeper reads next, the caller stopped), and all CPU the caller ever uses lies
  // inside a window or a command. The same path for every side. A candidate's window
  // lasts at most `deadline_ns` (wait_done(); the orchestrator is told a little more, as a
  // backstop). The judge's own checks around it: the caller's threads and the processes
  // (/proc), unchanged, the physical bound (kPhysicalAbsNs), and every caller's CPU masks
  // (masks_after()).
  Verdict window(Runner& r, uint32_t cmd, uint32_t k, int threads, int64_t* ns, int64_t deadline_ns) {
    Proc& p = r.caller;
    if (p.dead) return p.death;
    p.ctl->cmd = cmd;
    p.ctl->k = k;
    p.ctl->threads = threads;
    quiesce_all();
    backstop(r.candidate() ? double(deadline_ns) * 1e-9 + kBackstopS : kTrustedS);
    snapshot_trusted();
    const int th0 = thread_count(p.pid), pr0 = processes_of(r);
    const int64_t w0 = now_ns();
    const int64_t c0 = cpu_ns(p);
    const int64_t t0 = now_ns();
    p.started_ns = t0;
    ring(p);
    thaw(r);
    const bool alive = wait_done(p, r.candidate() ? t0 + deadline_ns : 0) && freeze(r);
    const int64_t t1 = now_ns();
    const int64_t c1 = cpu_ns(p);
    const int64_t w1 = now_ns();
    *ns = t1 - t0;
    // Only call windows are timed work; a doorbell round trip (kNop) is a command, so CPU
    // a side spends in one falls under both accounting rules.
    if (cmd == harness::side::kCall) {
      r.in_window_ns += c1 - c0;
      ++r.windows;  // the spin allowance is per call window
    } else {
      r.in_command_ns += c1 - c0;
      ++r.commands;
    }
    if (!alive) return r.death();
    read_reply(p);
    const int th1 = thread_count(p.pid), pr1 = processes_of(r);
    if (p.status == harness::side::kThrew) return side_failed(r, "runtime_error", p.why);
    if (p.status == harness::side::kRejected) return side_failed(r, "rejected", p.why);
    if (p.status != harness::side::kOk)
      return side_failed(r, "rejected", "the " + r.role + "'s process answered a call with an invalid status");
    Verdict phys =
        physical(r, c1 - c0, w1 - w0, cmd == harness::side::kCall ? "a timed window" : "a doorbell round trip");
    if (!phys.ok()) return phys;
    // processes only for the candidate: one it started may show up in a baseline window
    const std::string d = ProcState::thread_diff(th0, th1, r.candidate() ? pr0 : 0, r.candidate() ? pr1 : 0);
    if (!d.empty()) return side_failed(r, "rejected", "the " + r.role + " " + d);
    return masks_after(r);
  }

  // The doorbell round trip (median of `reps` empty windows of the baseline's caller, ns,
  // into *out); every caller in the batch rings as often. A candidate that fails it leaves
  // the batch; the answer is the batch's.
  Verdict doorbell_ns(int reps, double* out) {
    std::vector<int64_t> ts;
    for (int i = 0; i < reps; ++i)
      for (Runner* r : runners()) {
        if (r->left) continue;
        int64_t t = 0;
        const Verdict v = window(*r, harness::side::kNop, 0, 0, &t, kLoadDeadlineNs);
        if (!r->candidate()) {
          if (!v.ok()) return base_failed(v);
          ts.push_back(t);
        } else if (!v.ok() && !leave(*r, v)) {
          return v;
        }
      }
    *out = double(median_of(ts));
    return {};
  }

  // ---------------------------------------------------------------- outputs
  // r's report by its keeper (r's caller stopped): the const inputs checked, then the
  // view headers copied once into private memory and bounded (instance < k, known dtype,
  // bytes inside the data area). The keeper is trusted, but the data it copied were the
  // side's: the bounds stay.
  Verdict report(Runner& r, uint32_t k) {
    r.views.clear();
    Proc& kp = r.keeper;
    kp.ctl->k = k;
    Verdict v = command(r, harness::side::kReport);
    if (!v.ok()) return v;
    if (kp.status == harness::side::kRejected) return side_failed(r, "rejected", kp.why);
    if (kp.status == harness::side::kTooLarge)
      return side_failed(r, "incorrect", "the " + r.role + "'s outputs do not have the expected shape: " + kp.why);
    if (kp.status == harness::side::kUnreadable)
      return side_failed(r, "incorrect", "the " + r.role + "'s outputs could not be read: " + kp.why);
    if (kp.status != harness::side::kOk)
      return {"setup_error", "the " + r.role + "'s keeper failed its report: " + kp.why};
    const uint64_t n = kp.ctl->nviews;
    const uint64_t cap = std::min<uint64_t>(uint64_t(k) * harness::side::kMaxViewsPerInstance,
                                            r.data_bytes / sizeof(harness::side::ViewHeader));
    const std::string bad = "the " + r.role + "'s keeper reported malformed outputs";
    if (n > cap) return {"setup_error", bad + " (" + std::to_string(n) + " views)"};
    r.views.resize(size_t(n));
    if (n) std::memcpy(r.views.data(), r.data, size_t(n) * sizeof(harness::side::ViewHeader));
    for (auto& h : r.views) {
      h.name[sizeof h.name - 1] = 0;
      const uint64_t eb = harness::dtype_size(h.dtype);
      if (!eb || h.instance >= k || h.offset > r.data_bytes || h.count > (r.data_bytes - h.offset) / eb) {
        r.views.clear();
        return {"setup_error", bad + " (view '" + h.name + "')"};
      }
    }
    return {};
  }

  std::vector<harness::OutputView> views_of(const Runner& r, uint32_t instance) const {
    std::vector<harness::OutputView> out;
    for (const auto& h : r.views)
      if (h.instance == instance) {
        harness::OutputView v{};
        std::memcpy(v.name, h.name, sizeof v.name);
        v.dtype = h.dtype;
        v.data = r.data + h.offset;
        v.count = h.count;
        out.push_back(v);
      }
    return out;
  }

  // p <- the views' bytes through the driver's harness_adopt (driver.hpp): 1 adopted;
  // 0 the views do not fit (why); -1 the driver cannot adopt.
  int adopt(void* p, const std::vector<harness::OutputView>& v, char* why, size_t len) {
    return drv_.adopt(p, v.data(), int(v.size()), why, len);
  }

  // Every keeper's outputs of instances 0..seeds.size()-1, as it reported them at the end
  // of its turn (turn()), compared: E <- the true inputs of seeds[i] and the baseline's
  // outputs, G <- the same inputs (both once per seed), then for each candidate of `ran`
  // (those whose turn was on these seeds) still in the batch G reset (its working inputs
  // from its pristine ones, outputs poisoned) and given its outputs, and the driver's
  // harness_matches(E, G). Where the driver's matches reads only the outputs
  // (driver.hpp matches_outputs_only), E and G keep the inputs ensure() made them once,
  // and only their outputs are put back and taken in. A candidate whose outputs differ
  // leaves the batch (`incorrect`); the answer is the batch's (ok or setup_error).
  Verdict compare_reported(const std::vector<uint64_t>& seeds, const std::string& where,
                           const std::vector<Runner*>& ran) {
    const uint32_t k = uint32_t(seeds.size());
    char why[1024];
    auto still = [&ran] {
      std::vector<Runner*> v;
      for (Runner* c : ran)
        if (!c->left) v.push_back(c);
      return v;
    };
    for (uint32_t i = 0; i < k && !still().empty(); ++i) {
      int64_t t0 = now_ns();
      if (!drv_.outputs_only) drv_.generate(e_->p, seeds[i]);
      drv_.reset(e_->p, 1);
      gen_ns_ += now_ns() - t0;
      why[0] = 0;
      if (adopt(e_->p, views_of(base_, i), why, sizeof why) != 1)
        return {"setup_error", std::string("the driver cannot take the baseline's outputs: ") + why};
      // G's inputs once per seed (copied or generated again, same_inputs), put back
      // before each candidate's outputs by reset (working <- pristine, outputs poisoned)
      t0 = now_ns();
      if (!drv_.outputs_only) drv_.same_inputs(g_->p, e_->p, seeds[i]);
      gen_ns_ += now_ns() - t0;
      for (Runner* c : still()) {
        t0 = now_ns();
        drv_.reset(g_->p, 1);
        gen_ns_ += now_ns() - t0;
        why[0] = 0;
        const int a = adopt(g_->p, views_of(*c, i), why, sizeof why);
        // Every driver's adopt takes its own outputs (tests/test_adopt.py), so -1 for the
        // candidate's means its block changed while the judge read it back.
        Verdict w;
        if (a < 0) {
          w = {"rejected", std::string("the candidate's outputs changed while the judge read them: ") + why};
        } else if (a == 0) {
          w = {"incorrect", std::string("the candidate's outputs do not have the expected shape: ") + why};
        } else {
          why[0] = 0;
          if (!drv_.matches(e_->p, g_->p, rtol_, atol_, why, sizeof why)) w = {"incorrect", why};
        }
        if (w.ok()) continue;
        if (w.status == "incorrect" && k > 1)
          w.why = "call " + std::to_string(i + 1) + " of " + std::to_string(k) + " " + where + ": " + w.why;
        leave(*c, w);
      }
    }
    return {};
  }

  // ---------------------------------------------------------------- accounting
  int64_t outside(Runner& r) { return cpu_ns(r.caller) - r.in_window_ns; }
  int64_t idle(Runner& r) { return outside(r) - r.in_command_ns; }
  int64_t steps(const Runner& r) const { return r.windows + r.commands; }
  Mark mark(Runner& c) { return Mark{outside(base_), outside(c), c.windows, idle(base_), idle(c), steps(c)}; }
  // The counters' growth since mark m.
  Mark since(Runner& c, const Mark& m) {
    const Mark n = mark(c);
    return Mark{n.base - m.base,           n.cand - m.cand,           n.windows - m.windows,
                n.base_idle - m.base_idle, n.cand_idle - m.cand_idle, n.steps - m.steps};
  }

  // The whole-evaluation idle rule (see kIdleAbsNs) for candidate c: over it, c leaves
  // the batch `rejected` with the figures.
  void accounting_total(Runner& c) {
    const int64_t ib = idle(base_), ic = idle(c);
    const int64_t ilim = idle_limit_ns(threads_, ib, steps(c), kIdleTotalAbsNs);
    if (ic > ilim) leave(c, {"rejected", idle_why(ic, ib, ilim, "over the whole evaluation", "20 ms")});
  }

  // Candidate c's CPU accounting against the baseline's (ms; c's windows).
  py::dict accounting_figures(Runner& c) {
    py::dict d;
    const int64_t ob = outside(base_), oc = outside(c);
    d["candidate_outside_ms"] = double(oc) * 1e-6;
    d["baseline_outside_ms"] = double(ob) * 1e-6;
    d["candidate_window_cpu_ms"] = double(c.in_window_ns) * 1e-6;
    d["baseline_window_cpu_ms"] = double(base_.in_window_ns) * 1e-6;
    d["candidate_idle_ms"] = double(idle(c)) * 1e-6;
    d["baseline_idle_ms"] = double(idle(base_)) * 1e-6;
    d["idle_limit_ms"] = double(idle_limit_ns(threads_, idle(base_), steps(c), kIdleTotalAbsNs)) * 1e-6;
    d["windows"] = c.windows;
    return d;
  }

  // ---------------------------------------------------------------- protocol pipe
  // The orchestrator's deadline (sandbox.run: it ends the worker when no message came by
  // then), the backstop of the judge's own. notify_trusted(), at every entry of the API
  // (the worker's own messages in between set the orchestrator's deadline to its default),
  // gives the harness's work a generous fixed one; backstop() before a window moves it
  // only when the window could outlast it. A message per window would wake the
  // orchestrator after each candidate's window, on whatever CPU, beside the next window:
  // in a batch the baseline's follows a candidate's more often than a candidate's does, and
  // A/As in batches of three measured 1.10-1.16x on a loaded machine (the judge called
  // directly, without messages: 0.98-1.04).
  void notify_trusted() {
    send_deadline(kTrustedS);
    orch_deadline_ = now_ns() + int64_t(kTrustedS * 1e9);
  }
  void backstop(double seconds) {
    if (now_ns() + int64_t(seconds * 1e9) <= orch_deadline_) return;
    send_deadline(seconds + kTrustedS);
    orch_deadline_ = now_ns() + int64_t((seconds + kTrustedS) * 1e9);
  }
  void send_deadline(double seconds) { harness::send_deadline(fd_, seconds, nonce_); }
};

}  // namespace

void harness::bind_judge(py::module_& m) {
  py::class_<Bench>(m, "Bench")
      .def(py::init<const std::string&, const std::string&, const std::vector<std::string>&, const std::string&, int,
                    double, double, double, double, bool, const std::string&, const std::string&,
                    const std::vector<std::string>&, const std::vector<std::vector<std::string>>&>(),
           py::arg("driver"), py::arg("baseline"), py::arg("candidates"), py::arg("runner"),
           py::arg("protocol_fd") = -1, py::arg("rtol") = 0.0, py::arg("atol") = 0.0, py::arg("timeout_factor") = 10.0,
           py::arg("timeout_min_s") = 2.0, py::arg("sandboxed") = true, py::arg("nonce") = "",
           py::arg("input_key") = "", py::arg("baseline_layouts") = std::vector<std::string>{},
           py::arg("candidate_layouts") = std::vector<std::vector<std::string>>{})
      .def("start", &Bench::start)
      .def("input_key", &Bench::input_key)
      .def("validate", &Bench::validate, py::arg("size"), py::arg("seed"))
      .def("measure", &Bench::measure, py::arg("size"), py::arg("seed0"), py::arg("min_pairs") = 10,
           py::arg("max_pairs") = 40, py::arg("budget_s") = 3.0, py::arg("min_measure_ns") = 0.0,
           py::arg("check_outputs") = true, py::arg("adaptive") = true)
      .def("set_layouts", &Bench::set_layouts, py::arg("ready"), py::arg("more"))
      .def("generation_ns", &Bench::generation_ns)
      .def("candidate_threads", &Bench::candidate_threads, py::arg("index") = 0)
      .def("doorbell", &Bench::doorbell, py::arg("reps") = 21)
      .def("time_at_threads", &Bench::time_at_threads, py::arg("size"), py::arg("seed"), py::arg("threads"),
           py::arg("reps") = 3, py::arg("index") = 0)
      .def("counters", &Bench::counters, py::arg("size"), py::arg("seed"), py::arg("index") = 0);
}
