// harness_side: the side runner. One process per side (baseline, candidate), spawned by
// the judge (harness._bench.Bench, cpp/bench.cpp) with fork + exec, so it starts from a
// fresh address space holding nothing of the judge's: no clock readings, no seeds, no
// expected outputs, no protocol pipe.
//
// usage: harness_side DRIVER.so SIDE.so baseline|candidate SANDBOXED(0|1) JUDGE_PID
//        with fd 3 = the shared-memory block (side_protocol.hpp) and no other fd but
//        stdin (/dev/null), stdout and stderr.
//
// It dlopens the driver and its side's object (RTLD_LOCAL), starts the OpenMP pool, and
// serves the judge's commands (side_protocol.hpp) until kExit or the judge's death
// (PR_SET_PDEATHSIG). The baseline's runner makes itself non-dumpable, so the candidate's
// process (same uid) cannot ptrace it or read its memory through /proc, and both runners
// install a seccomp filter (seccomp.hpp) before loading their side: a side's system calls
// cannot signal, trace, renice or read another process (the judge, the other runner).
//
// Its own checks (the process state around the calls, const inputs) are reported to the
// judge; in the candidate's runner they run in the candidate's process and are only as
// honest as the candidate: the judge's verdict never rests on them alone.
#include <malloc.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "harness/process.hpp"
#include "harness/seccomp.hpp"
#include "harness/side_protocol.hpp"

namespace {

using harness::side::Control;

struct Runner {
  Control* c = nullptr;
  char* data = nullptr;
  size_t data_bytes = 0;
  bool sandboxed = true;
  const char* who = "the candidate ";
  bool baseline = false;
  std::unique_ptr<harness::Driver> drv;
  harness::CallFn call = nullptr;
  std::vector<std::unique_ptr<harness::Instance>> inst;
  std::vector<void*> args;
  std::unique_ptr<char[]> pad;  // the heap offset of this turn's instances (make())
  harness::ProcState before;

  void reply(int32_t status, const std::string& why = "") {
    c->status = status;
    std::snprintf(c->why, sizeof c->why, "%s", why.c_str());
  }

  // The number of instances a command may touch: what the judge asked, at most what exists.
  uint32_t k() const { return std::min<uint32_t>(c->k, uint32_t(inst.size())); }

  // Frees the instances and gives their memory back to the kernel, so the other side's
  // next instances can land on the same physical pages (see make()).
  void release() {
    inst.clear();
    args.clear();
    pad.reset();
    malloc_trim(0);
  }

  // n fresh instances of size c->size, placed by the draw `layout`: a heap block of
  // 2048 + 16 x (0..255) bytes first. With release() after every report, each side's turn
  // puts its data on pages faulted in anew (a fresh draw of physical pages, and with them
  // cache sets, for both sides every turn) instead of one placement per process for a
  // whole evaluation (which moved a memory-bound stencil's A/A by up to 10 %). The heap
  // block moves heap-resident arrays within their pages only when the freed space is at
  // the heap's top: glibc maps arrays over 32 MiB at page offset 16 whatever the block,
  // and a long-lived block above the freed space keeps the offset fixed (README).
  // False (and the reply sent) if they do not fit in memory.
  bool make(uint32_t n, uint64_t layout) {
    release();
    try {
      pad.reset(new char[2048 + 16 * (harness::mix64(layout) & 255)]);
      for (uint32_t i = 0; i < n; ++i) inst.emplace_back(new harness::Instance(drv.get(), c->size));
    } catch (const std::bad_alloc&) {
      release();
      reply(harness::side::kNoMemory, "out of memory");
      return false;
    } catch (const std::length_error&) {
      release();
      reply(harness::side::kNoMemory, "out of memory (length_error)");
      return false;
    }
    args.assign(n, nullptr);
    return true;
  }

  // Maps the data area and checks that k instances of c->size fit (they are freed again:
  // every prepare makes its own).
  void create() {
    release();
    if (data) munmap(data, data_bytes);
    data = nullptr;
    data_bytes = 0;
    void* m = mmap(nullptr, c->data_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, 3,
                   off_t(harness::side::kControlBytes));
    if (m == MAP_FAILED) return reply(harness::side::kNoMemory, std::string("mmap: ") + std::strerror(errno));
    data = static_cast<char*>(m);
    data_bytes = c->data_bytes;
    if (!make(std::min<uint32_t>(c->k, harness::side::kMaxK), 0)) return;
    release();
    reply(harness::side::kOk);
  }

  void prepare() {
    if (!make(std::min<uint32_t>(c->k, harness::side::kMaxK), c->layout)) return;
    const uint32_t n = k();
    for (uint32_t i = 0; i < n; ++i) {
      drv->generate(inst[i]->p, c->seeds[i]);
      drv->reset(inst[i]->p, c->poison);
      args[i] = drv->args(inst[i]->p);
    }
    before = harness::ProcState::take(sandboxed);
    reply(harness::side::kOk);
  }

  void run_calls() {
    if (c->k > inst.size()) return reply(harness::side::kBadCommand, "a call without prepared instances");
    const uint32_t n = k();
    const int saved = omp_get_max_threads();
    if (c->threads > 0) omp_set_num_threads(c->threads);
    try {
      for (uint32_t i = 0; i < n; ++i) call(args[i]);
    } catch (const std::exception& e) {
      omp_set_num_threads(saved);
      return reply(harness::side::kThrew, std::string(who) + "threw a C++ exception: " + e.what());
    } catch (...) {
      omp_set_num_threads(saved);
      return reply(harness::side::kThrew, std::string(who) + "threw a C++ exception of unknown type");
    }
    if (c->threads > 0) omp_set_num_threads(saved);
    reply(harness::side::kOk);
  }

  void report() {
    const std::string changed = before.diff(harness::ProcState::take(sandboxed));
    if (!changed.empty()) return reply(harness::side::kRejected, std::string(who) + changed);
    const uint32_t n = k();
    char why[512];
    for (uint32_t i = 0; i < n; ++i) {
      why[0] = 0;
      if (!drv->inputs_intact(inst[i]->p, why, sizeof why))  // the driver's text names the candidate
        return reply(harness::side::kRejected, baseline ? "the baseline modified its const inputs" : why);
    }
    // headers first, then each view's bytes at a 64-byte aligned offset
    std::vector<harness::OutputView> views;
    std::vector<uint32_t> owner;
    harness::OutputView v[harness::side::kMaxViewsPerInstance];
    for (uint32_t i = 0; i < n; ++i) {
      const int m = drv->outputs(inst[i]->p, v, int(harness::side::kMaxViewsPerInstance));
      for (int j = 0; j < m && j < int(harness::side::kMaxViewsPerInstance); ++j) {
        views.push_back(v[j]);
        owner.push_back(i);
      }
    }
    auto up64 = [](uint64_t x) { return (x + 63) & ~uint64_t(63); };
    uint64_t off = up64(views.size() * sizeof(harness::side::ViewHeader));
    std::vector<harness::side::ViewHeader> hs(views.size());
    for (size_t j = 0; j < views.size(); ++j) {
      const size_t eb = harness::dtype_size(views[j].dtype);
      if (!eb) return reply(harness::side::kBadCommand, "an output of unknown dtype");
      const uint64_t bytes = views[j].count * eb;
      if (views[j].count > data_bytes / eb || off + bytes > data_bytes)
        return reply(harness::side::kTooLarge,
                     std::string("output '") + views[j].name + "' has " +
                         std::to_string(views[j].count) + " elements, more than the harness expects");
      std::memcpy(hs[j].name, views[j].name, sizeof hs[j].name);
      hs[j].name[sizeof hs[j].name - 1] = 0;
      hs[j].dtype = views[j].dtype;
      hs[j].instance = owner[j];
      hs[j].count = views[j].count;
      hs[j].offset = off;
      off = up64(off + bytes);
    }
    if (off > data_bytes) return reply(harness::side::kTooLarge, "the outputs do not fit");
    if (!hs.empty()) std::memcpy(data, hs.data(), hs.size() * sizeof hs[0]);
    for (size_t j = 0; j < views.size(); ++j)
      if (hs[j].count) std::memcpy(data + hs[j].offset, views[j].data, hs[j].count * harness::dtype_size(hs[j].dtype));
    c->nviews = uint32_t(hs.size());
    c->used = off;
    release();
    reply(harness::side::kOk);
  }

  void counters() {
    if (inst.empty()) return reply(harness::side::kBadCommand, "no instance");
    harness::CounterSet cs;
    cs.reset();
    cs.enable(true);
    try {
      call(args[0]);
    } catch (...) {
      cs.enable(false);
      return reply(harness::side::kThrew, std::string(who) + "threw a C++ exception");
    }
    cs.enable(false);
    for (int e = 0; e < harness::kNumCounters; ++e) {
      c->counts[e] = cs.why[e].empty() ? cs.read(size_t(e)) : 0;
      std::snprintf(c->counter_why[e], sizeof c->counter_why[e], "%s", cs.why[e].c_str());
    }
    reply(harness::side::kOk);
  }

  void serve() {
    switch (c->cmd) {
      case harness::side::kNop: return reply(harness::side::kOk);
      case harness::side::kCreate: return create();
      case harness::side::kPrepare: return prepare();
      case harness::side::kCall: return run_calls();
      case harness::side::kReport: return report();
      case harness::side::kCounters: return counters();
      case harness::side::kExit: _exit(0);
    }
    reply(harness::side::kBadCommand, "unknown command");
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: harness_side DRIVER.so SIDE.so baseline|candidate SANDBOXED JUDGE_PID\n");
    return 2;
  }
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (long(getppid()) != std::atol(argv[5])) return 3;  // the judge is already gone
  const bool baseline = std::strcmp(argv[3], "baseline") == 0;
  if (baseline) prctl(PR_SET_DUMPABLE, 0);
  // Before anything of the side is loaded: its system calls reach no other process
  // (seccomp.hpp); both sides, so that both pay the filter's (tiny) cost per system call.
  const std::string unfiltered = harness::restrict_to_own_process();
  if (!unfiltered.empty()) std::fprintf(stderr, "harness_side: no seccomp filter: %s\n", unfiltered.c_str());
  void* m = mmap(nullptr, harness::side::kControlBytes, PROT_READ | PROT_WRITE, MAP_SHARED, 3, 0);
  if (m == MAP_FAILED) {
    std::perror("harness_side: mmap of fd 3");
    return 4;
  }
  Runner r;
  r.c = static_cast<Control*>(m);
  r.sandboxed = argv[4][0] == '1';
  r.who = baseline ? "the baseline " : "the candidate ";
  r.baseline = baseline;
  // Start the OpenMP pool before the side's object is loaded (and its constructors run),
  // so both runners begin with the same threads and a first parallel region adds none.
#pragma omp parallel
  { volatile int x = omp_get_thread_num(); (void)x; }
  try {
    r.drv.reset(new harness::Driver(argv[1]));
    harness::Library* lib = new harness::Library(argv[2]);  // never unloaded (see Library)
    r.call = reinterpret_cast<harness::CallFn>(lib->sym("harness_call"));
    r.reply(harness::side::kOk);
  } catch (const std::exception& e) {
    r.reply(harness::side::kLoadFailed, e.what());
  }
  // The judge set bell = 1 before the spawn: "ready?" is command 1. Only the next number
  // is a command: whatever else the block's words hold (the candidate can write them)
  // is waited out, so a corrupted word cannot make this loop overwrite `done`.
  uint32_t seq = 1;
  for (;;) {
    r.c->done.store(seq, std::memory_order_release);
    harness::side::futex_wake(&r.c->done);
    uint32_t b;
    while ((b = r.c->bell.load(std::memory_order_acquire)) != seq + 1)
      harness::side::futex_wait(&r.c->bell, b, nullptr);
    seq = b;
    if (r.call == nullptr && r.c->cmd != harness::side::kExit) continue;  // nothing loaded
    r.serve();
  }
}
