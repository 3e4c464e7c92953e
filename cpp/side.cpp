// harness_side: the side runner. One process per side (baseline, candidate), spawned by
// the judge (harness._bench.Bench, cpp/bench.cpp) with fork + exec, so it starts from a
// fresh address space holding nothing of the judge's: no clock readings, no seeds, no
// expected outputs, no protocol pipe.
//
// usage: harness_side DRIVER.so SIDE.so baseline|candidate SANDBOXED(0|1) JUDGE_PID [LAYOUT.so ...]
//        with fd 3 = the shared-memory block (side_protocol.hpp) and no other fd but
//        stdin (/dev/null), stdout and stderr. LAYOUT.so: the side's object code linked
//        at other offsets (code layouts 1, 2, ...; harness/measure/toolchain.py
//        layout_variants), one of which the judge makes current before each timed pair.
//
// It dlopens the driver and its side's object (RTLD_LOCAL; one code layout at a time: the
// previous one is closed before the next loads), starts the OpenMP pool, and
// serves the judge's commands (side_protocol.hpp) until kExit or the judge's death
// (PR_SET_PDEATHSIG). The baseline's runner makes itself non-dumpable, so the candidate's
// process (same uid) cannot ptrace it or read its memory through /proc, and both runners
// install a seccomp filter (seccomp.hpp) before loading their side: a side's system calls
// cannot signal, trace, renice or read another process (the judge, the other runner).
//
// Its own checks (the process state around the calls, const inputs) are reported to the
// judge; in the candidate's runner they run in the candidate's process and are only as
// honest as the candidate: the judge's verdict never rests on them alone.
#include <dlfcn.h>
#include <link.h>
#include <malloc.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "harness/process.hpp"
#include "harness/seccomp.hpp"
#include "harness/side_protocol.hpp"

// ---------------------------------------------------------------- the placement arena
// What the driver's constructor allocates for a turn's instances below glibc's mmap
// threshold (the instance itself, with any std::array in it, and its small vectors) would
// otherwise come from glibc's per-thread cache and free lists, which hand back the chunks
// the previous turn freed: the same addresses turn after turn, set by the process's own
// allocation history, which differs between the two runners (their arguments and code
// layouts' paths differ in length). A block allocated first did not move them (the cache
// serves them before the heap). An A/A of 21_histogram_bin_0-100 (omp, quick size, AMX
// Xeon) measured 1.03-1.09 with intervals excluding 1, evaluation after evaluation: the
// baseline's instance sat at page offset 0xbc0 in all 100 of its turns, the candidate's at
// 0x490, and that kernel's time moves by 18 % with the page offset of its ten counters
// (their stores against its streamed input's loads, 4K aliasing). So while a turn's
// instances are constructed (Runner::make), operator new serves requests below
// kArenaLimit from pages mapped for that turn (below the turn's address reservation),
// the first one at a drawn offset of 16 x (0..255) bytes into its page, each next one
// right after the one before, spaced as a fresh glibc heap spaces a run of allocations
// (request + 8, rounded up to 16, at least 32; a block freed during construction is not
// used again). Operator delete leaves arena memory alone; Runner::release() unmaps the
// arena after the instances are destroyed, so a constructor may allocate only what its
// instance owns (driver.hpp). If no page can be mapped the request fails (bad_alloc: make()
// tries again without the reservation) rather than fall back to the heap's fixed places.
// Outside construction operator new is malloc, for both sides' code alike: only the
// judge's instances move.
namespace arena {

constexpr size_t kArenaLimit = 128 << 10;  // Runner::kHarnessMmapThreshold: larger ones are mapped anew
constexpr int kMaxChunks = 64;              // chunks double in size: 64 hold any instance

struct Chunk {  // atomic fields: owns() may read them from another thread
  std::atomic<char*> base{nullptr};
  std::atomic<size_t> bytes{0};
};
std::atomic<bool> on{false};   // constructing a turn's instances
std::atomic<int> chunks_n{0};  // chunks[0, chunks_n) are mapped
Chunk chunks[kMaxChunks];
std::mutex mu;
char* next = nullptr;  // the next free byte of the newest chunk
char* end = nullptr;
size_t first_offset = 0;  // of the turn's first allocation into its first page

bool owns(const void* p) {
  const char* c = static_cast<const char*>(p);
  const int n = chunks_n.load(std::memory_order_acquire);
  for (int i = 0; i < n; ++i)
    if (const char* b = chunks[i].base.load(std::memory_order_relaxed);
        c >= b && c < b + chunks[i].bytes.load(std::memory_order_relaxed))
      return true;
  return false;
}

// `bytes` aligned to `align` (a power of two, >= 16) from the arena; nullptr when no
// chunk can be mapped.
void* take(size_t bytes, size_t align) {
  std::lock_guard<std::mutex> g(mu);
  const size_t step = std::max<size_t>(32, (bytes + 8 + 15) & ~size_t(15));  // glibc's chunk size
  auto at = [&](char* p) { return reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(p) + align - 1) & ~uintptr_t(align - 1)); };
  char* p = next ? at(next) : nullptr;
  if (!p || p >= end || size_t(end - p) < step) {  // (an alignment above a page may pass the end)
    const int n = chunks_n.load(std::memory_order_relaxed);
    if (n == kMaxChunks) return nullptr;
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    size_t want = n ? chunks[n - 1].bytes.load(std::memory_order_relaxed) * 2 : size_t(1) << 20;
    want = std::max(want, (first_offset + step + align + page - 1) / page * page);
    void* m = mmap(nullptr, want, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) return nullptr;
    chunks[n].base.store(static_cast<char*>(m), std::memory_order_relaxed);
    chunks[n].bytes.store(want, std::memory_order_relaxed);
    chunks_n.store(n + 1, std::memory_order_release);
    next = static_cast<char*>(m) + (n == 0 ? first_offset : 0);
    end = static_cast<char*>(m) + want;
    p = at(next);
  }
  next = p + step;
  return p;
}

// Unmaps every chunk (the instances in it are destroyed) and sets the next turn's offset.
void reset(size_t offset) {
  std::lock_guard<std::mutex> g(mu);
  const int n = chunks_n.load(std::memory_order_relaxed);
  chunks_n.store(0, std::memory_order_release);
  for (int i = 0; i < n; ++i)
    munmap(chunks[i].base.load(std::memory_order_relaxed), chunks[i].bytes.load(std::memory_order_relaxed));
  next = end = nullptr;
  first_offset = offset;
}

// nullptr when the memory cannot be had (operator new throws bad_alloc).
void* allocate(size_t bytes, size_t align) {
  if (on.load(std::memory_order_relaxed) && bytes < kArenaLimit) return take(bytes, align);
  if (align <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) return std::malloc(bytes ? bytes : 1);
  void* p = nullptr;
  return posix_memalign(&p, align, bytes ? bytes : 1) == 0 ? p : nullptr;
}

// Not inlined into operator delete: g++ would then see free() of what operator new
// returned and warn (-Wmismatched-new-delete), not knowing this operator new is malloc.
__attribute__((noinline)) void deallocate(void* p) {
  if (p && !owns(p)) std::free(p);
}

// Scope of a turn's construction: operator new uses the arena inside it.
struct Constructing {
  Constructing() { on.store(true, std::memory_order_relaxed); }
  ~Constructing() { on.store(false, std::memory_order_relaxed); }
};

}  // namespace arena

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
  harness::CallFn call = nullptr;    // harness_call of the current code layout
  std::vector<std::string> objects;  // objects[0]: the object as built; [i >= 1]: code layout i
  uint32_t layout_now = 0;           // the current code layout
  void* layout_handle = nullptr;     // its dlopen handle
  std::vector<std::unique_ptr<harness::Instance>> inst;
  std::vector<void*> args;
  void* hole = nullptr;         // the address-space reservation of reserve()
  size_t hole_bytes = 0;
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
    arena::reset(0);
    unreserve();
    mallopt(M_MMAP_THRESHOLD, kCallMmapThreshold);
    malloc_trim(0);
  }

  // glibc's mmap threshold (M_MMAP_THRESHOLD) for the harness's allocations and for the
  // side's calls. Left to itself the threshold follows the largest mmapped block freed,
  // so after the first turns a turn's arrays came from the heap, at offsets fixed by what
  // earlier turns left there: the validation cases' history, not the turn's draw, placed
  // them, and an A/A of 30_scan_prefix_sum measured 0.95 (cases below the timed size
  // first) or 1.05 (one case of 65537 first) evaluation after evaluation. So the
  // instances' arrays are always mapped anew (glibc's initial threshold, 128 KiB), where
  // reserve() places them, and the side's calls run at the threshold's ceiling (32 MiB,
  // where a program that has freed such a block settles): a temporary below it comes
  // from the heap, as in a program that calls the function again and again.
  static constexpr int kHarnessMmapThreshold = 128 << 10;
  static_assert(size_t(kHarnessMmapThreshold) == arena::kArenaLimit, "the arena takes what glibc would not map");
  static constexpr int kCallMmapThreshold = 32 << 20;

  // Reserves (PROT_NONE: no memory, only addresses) 0 to 65535 pages, as the draw says,
  // so that what is mapped next, until unreserve(), lands that much lower: the mapped
  // arrays of a turn's instances (make()) or a code layout (load()). Address space
  // randomisation places these once per process, and where they land beyond the page
  // offset moved an A/A of 33_scan_reverse_prefix_sum by -8 to +14 % between evaluations
  // on a Zen 4 VM (virtually indexed structures: AMD's L1D way predictor hashes address
  // bits 12-27); reservations of up to 16 MiB left -3 to +6 %, of up to 256 MiB (bits
  // 12-27) -1.2 to +0.5 %. With this every turn draws anew.
  void reserve(uint64_t draw) {
    unreserve();
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    const size_t bytes = page * size_t(harness::mix64(draw ^ 0x2545f4914f6cdd1dULL) & 65535);
    if (bytes == 0) return;
    void* m = mmap(nullptr, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) return;
    hole = m;
    hole_bytes = bytes;
  }
  void unreserve() {
    if (hole) munmap(hole, hole_bytes);
    hole = nullptr;
    hole_bytes = 0;
  }

  // n fresh instances of size c->size, placed by the draw `layout`: arrays of 128 KiB
  // or more are mapped anew (kHarnessMmapThreshold), at page offset 16, below a
  // reservation of the draw's size (reserve()); smaller ones come from the turn's arena
  // (see arena above), from a drawn offset into its first page. With release() after
  // every report, each side's turn puts its data on pages faulted in anew (a fresh draw
  // of physical pages, and with them cache sets, for both sides every turn) instead of
  // one placement per process for a whole evaluation (which moved a memory-bound
  // stencil's A/A by up to 10 %). If they do not fit with the reservation, they are made
  // again without it; false (and the reply sent) if they do not fit in memory at all.
  bool make(uint32_t n, uint64_t layout) {
    const char* why = nullptr;
    for (int attempt = 0; attempt < 2; ++attempt) {
      release();
      mallopt(M_MMAP_THRESHOLD, kHarnessMmapThreshold);
      if (attempt == 0) reserve(layout);  // a second attempt goes without it: it may not fit
      arena::reset(16 * (harness::mix64(layout) & 255));
      try {
        for (uint32_t i = 0; i < n; ++i) {
          harness::Instance* made;
          {
            const arena::Constructing in_arena;
            made = new harness::Instance(drv.get(), c->size);
          }
          inst.emplace_back(made);  // the runner's own list: outside the arena
        }
        unreserve();  // the instances are placed: the addresses are free again
        args.assign(n, nullptr);
        return true;  // the threshold goes back to kCallMmapThreshold in prepare() or release()
      } catch (const std::bad_alloc&) {
        why = "out of memory";
      } catch (const std::length_error&) {
        why = "out of memory (length_error)";
      }
    }
    release();
    reply(harness::side::kNoMemory, why);
    return false;
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
    mallopt(M_MMAP_THRESHOLD, kCallMmapThreshold);
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

  // Makes code layout c->variant current (side_protocol.hpp kLoad): 0 is the object as
  // built, i >= 1 the same object code linked after a padding of its own size
  // (objects[i]). The current one is closed first (its static destructors run), so one
  // copy of the side's code is loaded at any time: a function pointer kept from an earlier
  // layout (the object as built included) does not outlive it, and no layout's code stays
  // where a later pair could reach it. Objects are built with -fno-gnu-unique, whose
  // unique symbols would keep a closed object loaded. Layouts >= 1 load below a drawn
  // address reservation (reserve()), and every layout's executable pages are read once,
  // so no timed call pays their page faults.
  void load() {
    const uint32_t v = c->variant;
    if (v >= objects.size()) return reply(harness::side::kBadCommand, "no such code layout");
    if (v == layout_now && layout_handle) return reply(harness::side::kOk);
    if (!open_layout(v, c->layout)) return;
    reply(harness::side::kOk);
  }

  // Closes the current layout and opens layout v; false (and kLoadFailed sent) if it does
  // not load.
  bool open_layout(uint32_t v, uint64_t draw) {
    if (layout_handle) dlclose(layout_handle);
    layout_handle = nullptr;
    call = nullptr;
    if (v > 0) reserve(draw);
    void* h = dlopen(objects[v].c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!h && hole) {  // it may not fit beside the reservation (an address-space limit)
      unreserve();
      h = dlopen(objects[v].c_str(), RTLD_NOW | RTLD_LOCAL);
    }
    unreserve();
    if (!h) {
      reply(harness::side::kLoadFailed, std::string("dlopen failed: ") + dlerror());
      return false;
    }
    void* f = dlsym(h, "harness_call");
    if (!f) {
      dlclose(h);
      reply(harness::side::kLoadFailed, objects[v] + ": missing symbol harness_call");
      return false;
    }
    touch_code(h);
    layout_handle = h;
    call = reinterpret_cast<harness::CallFn>(f);
    layout_now = v;
    return true;
  }

  // Reads one byte of every page of the executable segments of the object `h`.
  static void touch_code(void* h) {
    struct link_map* lm = nullptr;
    if (dlinfo(h, RTLD_DI_LINKMAP, &lm) != 0 || lm == nullptr) return;
    struct Want {
      ElfW(Addr) base;
      uint64_t sum;
    } want{lm->l_addr, 0};
    dl_iterate_phdr(
        [](struct dl_phdr_info* info, size_t, void* arg) -> int {
          auto* w = static_cast<Want*>(arg);
          if (info->dlpi_addr != w->base) return 0;
          const size_t page = size_t(sysconf(_SC_PAGESIZE));
          for (int i = 0; i < info->dlpi_phnum; ++i) {
            const ElfW(Phdr)& ph = info->dlpi_phdr[i];
            if (ph.p_type != PT_LOAD || !(ph.p_flags & PF_X)) continue;
            const uintptr_t lo = (info->dlpi_addr + ph.p_vaddr) & ~uintptr_t(page - 1);
            for (uintptr_t a = lo; a < info->dlpi_addr + ph.p_vaddr + ph.p_memsz; a += page)
              w->sum += *reinterpret_cast<const volatile unsigned char*>(a);
          }
          return 1;
        },
        &want);
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
      case harness::side::kLoad: return load();
      case harness::side::kExit: _exit(0);
    }
    reply(harness::side::kBadCommand, "unknown command");
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6) {
    std::fprintf(stderr, "usage: harness_side DRIVER.so SIDE.so baseline|candidate SANDBOXED JUDGE_PID [LAYOUT.so ...]\n");
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
  mallopt(M_MMAP_THRESHOLD, Runner::kCallMmapThreshold);  // before anything of the side runs
  r.c = static_cast<Control*>(m);
  r.sandboxed = argv[4][0] == '1';
  r.who = baseline ? "the baseline " : "the candidate ";
  r.baseline = baseline;
  r.objects.assign(1, argv[2]);
  r.objects.insert(r.objects.end(), argv + 6, argv + argc);
  // Start the OpenMP pool before the side's object is loaded (and its constructors run),
  // so both runners begin with the same threads and a first parallel region adds none.
#pragma omp parallel
  { volatile int x = omp_get_thread_num(); (void)x; }
  try {
    r.drv.reset(new harness::Driver(argv[1]));
    if (r.open_layout(0, 0)) r.reply(harness::side::kOk);
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

// The replaceable global allocation functions (the arena above): this executable's
// definitions serve the driver's, the side's and libstdc++'s operator new and delete.
void* operator new(size_t n) {
  if (void* p = arena::allocate(n, __STDCPP_DEFAULT_NEW_ALIGNMENT__)) return p;
  throw std::bad_alloc();
}
void* operator new[](size_t n) { return ::operator new(n); }
void* operator new(size_t n, std::align_val_t a) {
  if (void* p = arena::allocate(n, std::max<size_t>(size_t(a), __STDCPP_DEFAULT_NEW_ALIGNMENT__))) return p;
  throw std::bad_alloc();
}
void* operator new[](size_t n, std::align_val_t a) { return ::operator new(n, a); }
void* operator new(size_t n, const std::nothrow_t&) noexcept {
  return arena::allocate(n, __STDCPP_DEFAULT_NEW_ALIGNMENT__);
}
void* operator new[](size_t n, const std::nothrow_t&) noexcept {
  return arena::allocate(n, __STDCPP_DEFAULT_NEW_ALIGNMENT__);
}
void* operator new(size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return arena::allocate(n, std::max<size_t>(size_t(a), __STDCPP_DEFAULT_NEW_ALIGNMENT__));
}
void* operator new[](size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return arena::allocate(n, std::max<size_t>(size_t(a), __STDCPP_DEFAULT_NEW_ALIGNMENT__));
}
void operator delete(void* p) noexcept { arena::deallocate(p); }
void operator delete[](void* p) noexcept { arena::deallocate(p); }
void operator delete(void* p, size_t) noexcept { arena::deallocate(p); }
void operator delete[](void* p, size_t) noexcept { arena::deallocate(p); }
void operator delete(void* p, std::align_val_t) noexcept { arena::deallocate(p); }
void operator delete[](void* p, std::align_val_t) noexcept { arena::deallocate(p); }
void operator delete(void* p, size_t, std::align_val_t) noexcept { arena::deallocate(p); }
void operator delete[](void* p, size_t, std::align_val_t) noexcept { arena::deallocate(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { arena::deallocate(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { arena::deallocate(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { arena::deallocate(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { arena::deallocate(p); }
