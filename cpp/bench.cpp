// harness._bench: the timing and loading core.
//
// Loads a problem's driver, baseline and candidate shared objects (dlopen, RTLD_LOCAL),
// validates the candidate against the baseline, and times both sides interleaved
// (ABBA...) following nanobench's method (M. Ankerl): iterations per measurement
// calibrated so one measurement lasts far longer than the clock's resolution, a
// discarded warm-up, several epochs (here: seed pairs), per-call times in nanoseconds.
// No Python code runs while a timed region is open: the whole loop is in this file.
//
// Around every candidate call the process state is snapshotted and compared: the
// floating-point environment (MXCSR control bits, x87 control word, rounding mode),
// OpenMP settings, CPU affinity and the process's thread count. Any change means the
// candidate tampered with the shared worker; the verdict is then `rejected`.
#include <dlfcn.h>
#include <fenv.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <omp.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <sched.h>
#include <dirent.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#define HARNESS_X86 1
#endif

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/driver.hpp"

namespace py = pybind11;
using clk = std::chrono::steady_clock;

namespace {

// ------------------------------------------------------------------ shared objects
struct Library {
  void* handle = nullptr;
  std::string path;
  explicit Library(const std::string& p) : path(p) {
    handle = dlopen(p.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) throw std::runtime_error(std::string("dlopen failed: ") + dlerror());
  }
  void* sym(const char* name, bool required = true) const {
    dlerror();
    void* s = dlsym(handle, name);
    if (!s && required)
      throw std::runtime_error(path + ": missing symbol " + name);
    return s;
  }
  // Shared objects are never unloaded: a candidate may have left state (TLS destructors,
  // atexit handlers) that dlclose would turn into a crash in the harness's own code.
};

using CallFn = void (*)(void*);

struct Driver {
  std::unique_ptr<Library> lib;
  void* (*create)(uint64_t);
  void (*destroy)(void*);
  void (*generate)(void*, uint64_t);
  void (*same_inputs)(void*, const void*, uint64_t);
  void (*reset)(void*, int);
  void* (*args)(void*);
  int (*inputs_intact)(void*, char*, size_t);
  int (*matches)(void*, void*, double, double, char*, size_t);
  int (*outputs)(void*, harness::OutputView*, int);
  int (*inputs)(void*, harness::OutputView*, int);  // optional (nullptr)
  uint64_t (*bytes)(void*);

  explicit Driver(const std::string& path) : lib(new Library(path)) {
    create = reinterpret_cast<decltype(create)>(lib->sym("harness_create"));
    destroy = reinterpret_cast<decltype(destroy)>(lib->sym("harness_destroy"));
    generate = reinterpret_cast<decltype(generate)>(lib->sym("harness_generate"));
    same_inputs = reinterpret_cast<decltype(same_inputs)>(lib->sym("harness_same_inputs"));
    reset = reinterpret_cast<decltype(reset)>(lib->sym("harness_reset"));
    args = reinterpret_cast<decltype(args)>(lib->sym("harness_args"));
    inputs_intact = reinterpret_cast<decltype(inputs_intact)>(lib->sym("harness_inputs_intact"));
    matches = reinterpret_cast<decltype(matches)>(lib->sym("harness_matches"));
    outputs = reinterpret_cast<decltype(outputs)>(lib->sym("harness_outputs"));
    bytes = reinterpret_cast<decltype(bytes)>(lib->sym("harness_bytes"));
    inputs = reinterpret_cast<decltype(inputs)>(lib->sym("harness_inputs", false));
  }
};

// One side's problem instance (inputs, pristine copies, outputs), owned by the driver.
struct Instance {
  Driver* d;
  void* p;
  Instance(Driver* drv, uint64_t size) : d(drv), p(drv->create(size)) {}
  ~Instance() { d->destroy(p); }
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;
};

// ------------------------------------------------------------------ process state
int thread_count() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("Threads:", 0) == 0) return std::stoi(line.substr(8));
  return -1;
}

std::vector<int> thread_ids() {
  std::vector<int> tids;
  if (DIR* d = opendir("/proc/self/task")) {
    while (dirent* e = readdir(d))
      if (e->d_name[0] != '.') tids.push_back(std::atoi(e->d_name));
    closedir(d);
  }
  return tids;
}

// True when a thread of this process other than the caller is runnable (state R).
bool other_thread_running() {
  const int self = int(syscall(SYS_gettid));
  for (int tid : thread_ids()) {
    if (tid == self) continue;
    std::ifstream f("/proc/self/task/" + std::to_string(tid) + "/stat");
    std::string stat;
    std::getline(f, stat);
    const size_t rp = stat.rfind(')');
    if (rp != std::string::npos && rp + 2 < stat.size() && stat[rp + 2] == 'R') return true;
  }
  return false;
}

// Waits (at most 50 ms) until no other thread of this process is runnable. After a
// parallel region libgomp's worker threads spin for a while before they sleep (the
// default wait policy); a call timed while they spin shares its core (an SMT sibling)
// and the memory system with them. Our own parallel work (input generation, the checks)
// and the other side's parallel regions run just before some calls and not others, so
// without this wait one side is penalised: an A/A of a serial kernel measured 1.75x in
// omp mode on a loaded machine. Every timed call starts from a quiet process instead.
void quiesce() {
  const auto until = clk::now() + std::chrono::milliseconds(50);
  while (other_thread_running() && clk::now() < until) usleep(200);
}

// Processes this worker can see: in the sandbox's own pid namespace every process
// (`all`); without a sandbox only its direct children.
int process_count(bool all) {
  int n = 0;
  const long self = long(getpid());
  if (DIR* d = opendir("/proc")) {
    while (dirent* e = readdir(d)) {
      if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
      if (all) { ++n; continue; }
      std::ifstream f(std::string("/proc/") + e->d_name + "/stat");
      std::string stat;
      std::getline(f, stat);
      size_t rp = stat.rfind(')');
      if (rp == std::string::npos) continue;
      long ppid = 0;
      char state = 0;
      if (std::sscanf(stat.c_str() + rp + 1, " %c %ld", &state, &ppid) == 2 && ppid == self) ++n;
    }
    closedir(d);
  }
  return n;
}

struct ProcState {
  unsigned mxcsr = 0;
  unsigned short x87 = 0;
  int round = 0;
  int omp_threads = 0, omp_dynamic = 0, omp_levels = 0, omp_chunk = 0;
  omp_sched_t omp_kind{};
  cpu_set_t affinity;
  int threads = 0;
  int processes = 0;

  static ProcState take(bool all_processes) {
    ProcState s;
#ifdef HARNESS_X86
    s.mxcsr = _mm_getcsr() & ~0x3Fu;  // control bits only; bits 0-5 are sticky flags
    __asm__ __volatile__("fnstcw %0" : "=m"(s.x87));
#endif
    s.round = fegetround();
    s.omp_threads = omp_get_max_threads();
    s.omp_dynamic = omp_get_dynamic();
    s.omp_levels = omp_get_max_active_levels();
    omp_get_schedule(&s.omp_kind, &s.omp_chunk);
    CPU_ZERO(&s.affinity);
    sched_getaffinity(0, sizeof(cpu_set_t), &s.affinity);
    s.threads = thread_count();
    s.processes = process_count(all_processes);
    return s;
  }

  // Empty string when unchanged, else the reason.
  std::string diff(const ProcState& after) const {
    if (mxcsr != after.mxcsr)
      return "changed the SSE floating-point control register (MXCSR: rounding mode or "
             "flush-to-zero/denormals-are-zero)";
    if (x87 != after.x87) return "changed the x87 floating-point control word";
    if (round != after.round) return "changed the floating-point rounding mode";
    if (omp_threads != after.omp_threads)
      return "changed the OpenMP thread count (omp_get_max_threads " +
             std::to_string(omp_threads) + " -> " + std::to_string(after.omp_threads) + ")";
    if (omp_dynamic != after.omp_dynamic) return "changed omp_set_dynamic";
    if (omp_levels != after.omp_levels) return "changed the OpenMP max active levels";
    if (omp_kind != after.omp_kind || omp_chunk != after.omp_chunk)
      return "changed the OpenMP runtime schedule";
    if (!CPU_EQUAL(&affinity, &after.affinity)) return "changed the CPU affinity";
    if (threads != after.threads)
      return "left threads running or used more threads than granted (the process had " +
             std::to_string(threads) + " threads before the call and " +
             std::to_string(after.threads) + " after)";
    if (processes != after.processes)
      return "left processes running (" + std::to_string(processes) + " before the call, " +
             std::to_string(after.processes) + " after)";
    return "";
  }
};

inline int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(clk::now().time_since_epoch())
      .count();
}

// Clock resolution estimated as the smallest non-zero difference between two reads (ns).
double clock_resolution_ns() {
  int64_t best = INT64_MAX;
  for (int k = 0; k < 200; ++k) {
    int64_t a = now_ns(), b;
    do b = now_ns(); while (b == a);
    best = std::min(best, b - a);
  }
  return double(best);
}

// Outcome of a call sequence; `status` is "ok", "incorrect" or "rejected".
struct Verdict {
  std::string status = "ok";
  std::string why;
};

py::dict verdict_dict(const Verdict& v) {
  py::dict d;
  d["status"] = v.status;
  d["why"] = v.why;
  return d;
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
      return py::array_t<std::complex<double>>(
          v.count, static_cast<const std::complex<double>*>(v.data));
  }
  throw std::runtime_error("unknown output dtype");
}

// ------------------------------------------------------------------ hardware counters
// perf_event_open counters of one candidate call, summed over the process's threads
// (each thread existing at the start gets its own counter; threads created during the
// call are counted through `inherit`). User-space only (exclude_kernel), which
// perf_event_paranoid <= 2 permits for one's own threads. An event the kernel or the
// machine does not provide (a VM without a virtual PMU gives ENOENT) is reported as
// unavailable with the reason, never as zero.
struct CounterSpec {
  const char* name;
  uint32_t type;
  uint64_t config;
};
constexpr CounterSpec kCounters[] = {
    {"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES},
    {"instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS},
    {"cache_misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES},
    {"branch_misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES},
    {"page_faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS},
    {"context_switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES},
    {"cpu_migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS},
};

struct CounterSet {
  std::vector<std::vector<int>> fds;  // per event: one fd per thread
  std::vector<std::string> why;       // per event: empty, or why it is unavailable

  CounterSet() {
    const std::vector<int> tids = thread_ids();
    for (const CounterSpec& c : kCounters) {
      perf_event_attr a{};
      a.size = sizeof a;
      a.type = c.type;
      a.config = c.config;
      a.disabled = 1;
      a.inherit = 1;
      a.exclude_kernel = 1;
      a.exclude_hv = 1;
      std::vector<int> f;
      std::string err;
      for (int tid : tids) {
        int fd = int(syscall(SYS_perf_event_open, &a, tid, -1, -1, 0));
        if (fd < 0) {
          if (errno == ESRCH) continue;  // the thread ended meanwhile
          const int e = errno;
          err = std::string("perf_event_open: ") + std::strerror(e);
          if (e == ENOENT || e == EOPNOTSUPP)
            err += ": the CPU's counters are not exposed here (common in VMs)";
          else if (e == EACCES || e == EPERM)
            err += ": not permitted (kernel.perf_event_paranoid or a seccomp filter)";
          break;
        }
        f.push_back(fd);
      }
      if (!err.empty() || f.empty()) {
        for (int fd : f) close(fd);
        f.clear();
        if (err.empty()) err = "no thread to count";
      }
      fds.push_back(f);
      why.push_back(err);
    }
  }
  ~CounterSet() {
    for (auto& f : fds)
      for (int fd : f) close(fd);
  }
  void enable(bool on) {
    for (auto& f : fds)
      for (int fd : f) ioctl(fd, on ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE, 0);
  }
  void reset() {
    for (auto& f : fds)
      for (int fd : f) ioctl(fd, PERF_EVENT_IOC_RESET, 0);
  }
  py::dict read_all() const {
    py::dict counts, unavailable;
    for (size_t e = 0; e < fds.size(); ++e) {
      if (!why[e].empty()) {
        unavailable[kCounters[e].name] = why[e];
        continue;
      }
      uint64_t sum = 0;
      for (int fd : fds[e]) {
        uint64_t v = 0;
        if (::read(fd, &v, sizeof v) == ssize_t(sizeof v)) sum += v;
      }
      counts[kCounters[e].name] = sum;
    }
    py::dict d;
    d["counts"] = counts;
    d["unavailable"] = unavailable;
    return d;
  }
};

// ------------------------------------------------------------------ the bench
// Seeds on which iterations per measurement are calibrated (and discarded as warm-up).
constexpr uint64_t kCalibrationSeeds = 3;

class Bench {
 public:
  // driver/baseline/candidate: paths of the three shared objects.
  // protocol_fd: where deadline notices go before candidate calls (-1: nowhere).
  Bench(const std::string& driver, const std::string& baseline, const std::string& candidate,
        int protocol_fd, double rtol, double atol, double timeout_factor, double timeout_min_s,
        bool sandboxed, const std::string& nonce)
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
    { volatile int x = omp_get_thread_num(); (void)x; }
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
      Verdict v{"setup_error", std::string("the baseline failed at size ") + std::to_string(size) +
                                   ": " + e.what()};
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
  py::dict measure(uint64_t size, uint64_t seed0, int min_pairs, int max_pairs,
                   double budget_s, double min_measure_ns, bool check_outputs) {
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
    const double harness_work_s =
        (2.0 * double(slowest_gen) * 1e-9 + slowest_base_call_s) * double(ic - 1);
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
    py::dict r = cs.read_all();
    d["counts"] = r["counts"];
    d["unavailable"] = r["unavailable"];
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
  bool sandboxed_;  // in a pid namespace: every visible process counts
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
    return verdict_dict(Verdict{"setup_error", "the harness could not allocate the inputs and "
                                               "outputs of size " + std::to_string(size) +
                                               " (out of memory): choose a smaller size"});
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
  void notify_trusted() { send_deadline(120.0); }

  // Iterations per measurement so that one lasts at least `target` ns (nanobench's rule).
  static int64_t iterations_for(double target, int64_t call_ns) {
    return std::max<int64_t>(1, int64_t(target / double(std::max<int64_t>(call_ns, 1))) + 1);
  }

  static int64_t median_of(std::vector<int64_t> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
  }

  void send_deadline(double seconds) {
    if (fd_ < 0) return;
    char buf[160];
    int n = std::snprintf(buf, sizeof buf,
                          "{\"event\":\"deadline\",\"seconds\":%.3f,\"nonce\":\"%s\"}\n",
                          seconds, nonce_.c_str());
    if (write(fd_, buf, size_t(n)) < 0) { /* orchestrator gone: nothing to tell */ }
  }

  // Seed of call k of `iters` in one measurement: every call gets fresh inputs (so no
  // call can reuse the previous one's work) and the last one uses `seed`, so both sides
  // end on the same inputs and their outputs can be compared.
  static uint64_t iteration_seed(uint64_t seed, int64_t k, int64_t iters) {
    return k == iters - 1 ? seed : harness::mix64(seed ^ (0x51ed270b27a6ee6bULL * uint64_t(k + 1)));
  }

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
          v.why = "call " + std::to_string(i + 1) + " of " + std::to_string(iters) +
                  " in one timed measurement: " + v.why;
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

// Memory bandwidth (GB/s) of a STREAM-style triad a[i] = b[i] + 3 c[i] over three arrays
// of `bytes_per_array` bytes on `threads` OpenMP threads: best of `reps` (counting 3
// arrays moved per pass, i.e. without write-allocate traffic, as STREAM does).
double triad_bandwidth(uint64_t bytes_per_array, int threads, int reps) {
  const size_t n = bytes_per_array / sizeof(double);
  std::vector<double> a(n), b(n), c(n);
#pragma omp parallel for num_threads(threads) schedule(static)
  for (size_t i = 0; i < n; ++i) { a[i] = 0.0; b[i] = 1.0 + double(i % 7); c[i] = 0.5; }
  double best = 1e300;
  for (int r = 0; r < reps; ++r) {
    const int64_t t0 = now_ns();
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < n; ++i) a[i] = b[i] + 3.0 * c[i];
    best = std::min(best, double(now_ns() - t0));
  }
  volatile double sink = a[n / 2];
  (void)sink;
  return 3.0 * double(n) * sizeof(double) / best;  // bytes per ns = GB/s
}

PYBIND11_MODULE(_bench, m) {
  m.doc() = "Timing and loading core of the harness (see cpp/bench.cpp).";
  py::class_<Bench>(m, "Bench")
      .def(py::init<const std::string&, const std::string&, const std::string&, int, double,
                    double, double, double, bool, const std::string&>(),
           py::arg("driver"), py::arg("baseline"), py::arg("candidate"),
           py::arg("protocol_fd") = -1, py::arg("rtol") = 0.0, py::arg("atol") = 0.0,
           py::arg("timeout_factor") = 10.0, py::arg("timeout_min_s") = 2.0,
           py::arg("sandboxed") = true, py::arg("nonce") = "")
      .def("validate", &Bench::validate, py::arg("size"), py::arg("seed"))
      .def("measure", &Bench::measure, py::arg("size"), py::arg("seed0"),
           py::arg("min_pairs") = 10, py::arg("max_pairs") = 40, py::arg("budget_s") = 3.0,
           py::arg("min_measure_ns") = 0.0, py::arg("check_outputs") = true)
      .def("outputs", &Bench::outputs, py::arg("side"), py::arg("size"), py::arg("seed"))
      .def("inputs", &Bench::inputs, py::arg("size"), py::arg("seed"))
      .def("generation_ns", &Bench::generation_ns)
      .def("time_at_threads", &Bench::time_at_threads, py::arg("size"), py::arg("seed"),
           py::arg("threads"), py::arg("reps") = 3)
      .def("counters", &Bench::counters, py::arg("size"), py::arg("seed"));
  m.def("clock_resolution_ns", &clock_resolution_ns,
        "Smallest observable difference of the steady clock, in nanoseconds.");
  m.def("thread_count", &thread_count, "Threads of this process (from /proc/self/status).");
  m.def("triad_bandwidth", &triad_bandwidth, py::arg("bytes_per_array"), py::arg("threads"),
        py::arg("reps") = 5, "STREAM-style triad bandwidth in GB/s (best of reps).");
  m.def("omp_max_threads", [] { return omp_get_max_threads(); },
        "Threads an OpenMP parallel region gets here (omp_get_max_threads).");
}
