// Process-level helpers shared by the judge (harness._bench) and the side runner
// (harness_side): loading shared objects, the driver ABI's function table, snapshots of
// the process state a candidate must leave alone, /proc readers and perf counters.
// No Python here: the side runner links this without the interpreter.
#pragma once

#include <dirent.h>
#include <dlfcn.h>
#include <fenv.h>
#include <linux/perf_event.h>
#include <omp.h>
#include <sched.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
#define HARNESS_X86 1
#endif

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/driver.hpp"

namespace harness {

using clk = std::chrono::steady_clock;

// Nanoseconds of the steady clock.
inline int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(clk::now().time_since_epoch()).count();
}

// ------------------------------------------------------------------ shared objects
// A shared object opened with RTLD_NOW | RTLD_LOCAL. Throws std::runtime_error with
// dlerror()'s text when it cannot be opened or a required symbol is missing. Shared
// objects are never unloaded: a candidate may have left state (TLS destructors, atexit
// handlers) that dlclose would turn into a crash in the harness's own code. (A side
// runner does close its side's code layouts, cpp/side.cpp load(): a crash there is in
// the candidate's own process and fails only its verdict.)
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
    if (!s && required) throw std::runtime_error(path + ": missing symbol " + name);
    return s;
  }
};

using CallFn = void (*)(void*);

// The driver ABI (driver.hpp) as a function table. Throws std::runtime_error (see Library).
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
  int (*outputs)(void*, OutputView*, int);
  int (*inputs)(void*, OutputView*, int);                      // optional (nullptr)
  int (*adopt)(void*, const OutputView*, int, char*, size_t);  // optional (nullptr)
  uint64_t (*bytes)(void*);
  bool outputs_only = false;  // matches() reads only the outputs (driver.hpp matches_outputs_only)

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
    adopt = reinterpret_cast<decltype(adopt)>(lib->sym("harness_adopt", false));
    auto only = reinterpret_cast<int (*)()>(lib->sym("harness_matches_outputs_only", false));
    outputs_only = only && only() == 1;
  }
};

// One problem instance (inputs, pristine copies, outputs), owned by the driver.
// Throws std::bad_alloc / std::length_error when it does not fit in memory.
struct Instance {
  Driver* d;
  void* p;
  Instance(Driver* drv, uint64_t size) : d(drv), p(drv->create(size)) {}
  ~Instance() { d->destroy(p); }
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;
};

// ------------------------------------------------------------------ /proc
// The value of "Threads:" in /proc/<pid>/status (pid 0: this process); -1 if unreadable.
inline int thread_count(int pid = 0) {
  std::ifstream f(pid ? "/proc/" + std::to_string(pid) + "/status" : "/proc/self/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("Threads:", 0) == 0) return std::stoi(line.substr(8));
  return -1;
}

// Thread ids of process `pid` (0: this process).
inline std::vector<int> thread_ids(int pid = 0) {
  std::vector<int> tids;
  const std::string dir = pid ? "/proc/" + std::to_string(pid) + "/task" : "/proc/self/task";
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d))
      if (e->d_name[0] != '.') tids.push_back(std::atoi(e->d_name));
    closedir(d);
  }
  return tids;
}

// True when a thread of process `pid` (0: this process) other than `except` is runnable.
inline bool thread_running(int pid, int except) {
  const std::string base = pid ? "/proc/" + std::to_string(pid) + "/task/" : "/proc/self/task/";
  for (int tid : thread_ids(pid)) {
    if (tid == except) continue;
    std::ifstream f(base + std::to_string(tid) + "/stat");
    std::string stat;
    std::getline(f, stat);
    const size_t rp = stat.rfind(')');
    if (rp != std::string::npos && rp + 2 < stat.size() && stat[rp + 2] == 'R') return true;
  }
  return false;
}

// Processes visible here: in the sandbox's own pid namespace every process (`all`);
// otherwise only the children of `parent` (0: of this process).
inline int process_count(bool all, long parent = 0) {
  int n = 0;
  const long self = parent ? parent : long(getpid());
  if (DIR* d = opendir("/proc")) {
    while (dirent* e = readdir(d)) {
      if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
      if (all) {
        ++n;
        continue;
      }
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

// ------------------------------------------------------------------ process state
// What a call must leave as it found it: floating-point environment, OpenMP settings,
// CPU affinity, this process's threads and the processes it can see.
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
      return "changed the OpenMP thread count (omp_get_max_threads " + std::to_string(omp_threads) + " -> " +
             std::to_string(after.omp_threads) + ")";
    if (omp_dynamic != after.omp_dynamic) return "changed omp_set_dynamic";
    if (omp_levels != after.omp_levels) return "changed the OpenMP max active levels";
    if (omp_kind != after.omp_kind || omp_chunk != after.omp_chunk) return "changed the OpenMP runtime schedule";
    if (!CPU_EQUAL(&affinity, &after.affinity)) return "changed the CPU affinity";
    return thread_diff(threads, after.threads, processes, after.processes);
  }

  // Why the thread or process counts before and after a call differ ("" if they do not).
  static std::string thread_diff(int threads, int threads_after, int processes, int processes_after) {
    if (threads != threads_after)
      return "left threads running or used more threads than granted (the process had " + std::to_string(threads) +
             " threads before the call and " + std::to_string(threads_after) + " after)";
    if (processes != processes_after)
      return "left processes running (" + std::to_string(processes) + " before the call, " +
             std::to_string(processes_after) + " after)";
    return "";
  }
};

// ------------------------------------------------------------------ hardware counters
// perf_event_open counters of one call, summed over the process's threads (each thread
// existing at the start gets its own counter; threads created during the call are
// counted through `inherit`). User-space only (exclude_kernel), which
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
constexpr int kNumCounters = int(sizeof kCounters / sizeof kCounters[0]);

struct CounterSet {
  std::vector<std::vector<int>> fds;  // per event: one fd per thread
  std::vector<std::string> why;       // per event: empty, or why it is unavailable

  // tids: the threads to count (default: this process's, from /proc/self/task; a caller,
  // whose /proc is covered (isolate.hpp), is told its threads by the judge)
  explicit CounterSet(const std::vector<int>& tids = thread_ids()) {
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
        for (int fd : f) ::close(fd);
        f.clear();
        if (err.empty()) err = "no thread to count";
      }
      fds.push_back(f);
      why.push_back(err);
    }
  }
  ~CounterSet() {
    for (auto& f : fds)
      for (int fd : f) ::close(fd);
  }
  CounterSet(const CounterSet&) = delete;
  CounterSet& operator=(const CounterSet&) = delete;
  void enable(bool on) {
    for (auto& f : fds)
      for (int fd : f) ioctl(fd, on ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE, 0);
  }
  void reset() {
    for (auto& f : fds)
      for (int fd : f) ioctl(fd, PERF_EVENT_IOC_RESET, 0);
  }
  // The count of event e summed over the threads (meaningless when why[e] is not empty).
  uint64_t read(size_t e) const {
    uint64_t sum = 0;
    for (int fd : fds[e]) {
      uint64_t v = 0;
      if (::read(fd, &v, sizeof v) == ssize_t(sizeof v)) sum += v;
    }
    return sum;
  }
};

}  // namespace harness
