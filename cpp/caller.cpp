// harness_caller: a side's caller. One per side (baseline, candidate), spawned by the
// judge (cpp/judge.cpp) with fork + exec beside the side's keeper (cpp/side.cpp). It is
// the only process that loads the side's object, and it does nothing but call
// harness_call on the instances the keeper built in the side's arena (side_protocol.hpp).
// The judge keeps it stopped (SIGSTOP, which it can neither catch nor block) except inside
// its windows (a timed call, a layout's load, a counted call), so nothing the side's code
// starts can run while the harness works, and a window ends when the judge has seen every
// thread of it stopped, not when the caller says so.
//
// usage: harness_caller SIDE.so baseline|candidate SANDBOXED(0|1) JUDGE_PID ARENA_ADDR ARENA_BYTES [LAYOUT.so ...]
//        with fd 3 = its shared-memory block, fd 4 = the side's arena (mapped at
//        ARENA_ADDR, hex: the first half the keeper's instances, the second half this
//        process's heap), stdin /dev/null. LAYOUT.so: the side's object code linked at other
//        offsets (code layouts 1, 2, ...; harness/measure/toolchain.py layout_variants),
//        one of which the judge makes current before each timed pair.
//
// Its heap. Operator new serves every request from the arena's second half (heap::
// below), so an output the side's code reallocates (a convex hull's push_back) lies where
// the keeper can read it, and whatever a call leaves in memory stays in the side's own
// arena, which no process of the other side maps. Direct malloc calls use glibc's heap.
//
// The caller makes itself non-dumpable (no process of the other side, same uid, can
// ptrace it or read its memory through /proc) and installs the seccomp filter
// (seccomp.hpp) before it loads the side's object. Its check of the process state around
// the calls (floating-point environment, OpenMP settings, CPU affinity) runs in the
// side's process and is only as honest as the side; the judge checks the thread and
// process counts itself.
#include <dlfcn.h>
#include <fcntl.h>
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
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "harness/process.hpp"
#include "harness/seccomp.hpp"
#include "harness/side_protocol.hpp"

// ---------------------------------------------------------------- the caller's heap
// A simple allocator over the arena's second half: requests below kLarge from segregated
// free lists (classes of 16 bytes up to 1 KiB, then eight per power of two), each block
// with a 16-byte header (its class) in front, as glibc's chunks have; requests of kLarge
// or more as whole pages starting 16 bytes into the first page (where glibc's mapped
// chunks start), kept for reuse when freed, their pages given back to the kernel
// (fallocate PUNCH_HOLE) from 32 MiB up. One mutex guards it.
namespace heap {

constexpr size_t kLarge = 128 << 10;
constexpr int kClasses = 64 + 8 * 7 + 1;  // up to 1 KiB by 16, then 8 per power of two to 128 KiB
constexpr int kMaxFreeLarge = 4096;
constexpr size_t kGiveBack = 32 << 20;  // freed blocks this large hand their pages back

std::mutex mu;
char* arena = nullptr;  // [arena, base): the keeper's instances (never freed here)
char* base = nullptr;   // [base, end): the heap
char* end = nullptr;
char* next = nullptr;     // the first byte never handed out
size_t arena_offset = 0;  // of base in the arena's memfd (fd 4)
void* free_small[kClasses] = {};
struct Range {
  char* start;
  size_t bytes;
};
Range free_large[kMaxFreeLarge];
int n_free_large = 0;

struct Header {
  uint64_t block;  // the block's first byte (its header for unaligned requests)
  uint64_t size;   // bytes of the block (small: its class size; large: whole pages)
};

bool owns(const void* p) {
  const char* c = static_cast<const char*>(p);
  return base && c >= base && c < end;
}

// The class of a request of n bytes (with its header) and that class's block size.
int class_of(size_t n, size_t* size) {
  if (n <= 1024) {
    *size = (n + 15) & ~size_t(15);
    return int(*size / 16);
  }
  int p = 63 - __builtin_clzll(uint64_t(n - 1));  // 2^p < n <= 2^(p+1)
  const size_t step = size_t(1) << (p - 3);       // eight classes per power of two
  *size = (n + step - 1) / step * step;
  return 64 + 8 * (p - 10) + int((*size - (size_t(1) << p)) / step) - 1;
}

// A block of `want` bytes (header included); nullptr when the heap is full.
char* carve(size_t want, size_t align) {
  char* p = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(next) + align - 1) & ~uintptr_t(align - 1));
  if (p > end || want > size_t(end - p)) return nullptr;
  next = p + want;
  return p;
}

void* allocate(size_t n, size_t align) {
  if (!base) {
    if (align <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) return std::malloc(n ? n : 1);
    void* p = nullptr;
    return posix_memalign(&p, align, n ? n : 1) == 0 ? p : nullptr;
  }
  const size_t extra = align > 16 ? align : 0;  // room to align the user pointer
  const size_t need = n + sizeof(Header) + extra;
  if (need < n) return nullptr;
  std::lock_guard<std::mutex> g(mu);
  char* block = nullptr;
  size_t size = 0;
  if (need < kLarge) {
    const int c = class_of(need, &size);
    if (void* f = free_small[c]) {
      free_small[c] = *static_cast<void**>(f);
      block = static_cast<char*>(f);
    } else {
      block = carve(size, 16);
    }
  } else {
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    size = (need + page - 1) / page * page;
    int best = -1;
    for (int i = 0; i < n_free_large; ++i)
      if (free_large[i].bytes >= size && (best < 0 || free_large[i].bytes < free_large[best].bytes)) best = i;
    if (best >= 0) {
      block = free_large[best].start;
      size = free_large[best].bytes;
      free_large[best] = free_large[--n_free_large];
    } else {
      block = carve(size, page);
    }
  }
  if (!block) return nullptr;
  char* user = block + sizeof(Header);
  if (extra) user = reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(user) + align - 1) & ~uintptr_t(align - 1));
  Header* h = reinterpret_cast<Header*>(user) - 1;
  h->block = reinterpret_cast<uint64_t>(block);
  h->size = size;
  return user;
}

__attribute__((noinline)) void deallocate(void* p) {
  if (!p) return;
  // A buffer of the keeper's (an output vector the side swapped for its own) is dropped
  // with the turn's instances, never here.
  if (arena && static_cast<char*>(p) >= arena && static_cast<char*>(p) < base) return;
  if (!owns(p)) return std::free(p);
  std::lock_guard<std::mutex> g(mu);
  const Header* h = static_cast<const Header*>(p) - 1;
  char* block = reinterpret_cast<char*>(h->block);
  const size_t size = h->size;
  if (!owns(block) || size == 0 || size > size_t(end - block)) return;  // a corrupted header: leak it
  if (size < kLarge) {
    size_t s = 0;
    const int c = class_of(size, &s);
    if (s != size) return;
    *reinterpret_cast<void**>(block) = free_small[c];
    free_small[c] = block;
  } else {
    // like glibc at the mmap threshold a program settles at (32 MiB): a smaller block keeps
    // its pages for the next request (a temporary the side allocates on every call faults
    // its pages in once, not in every timed window); a larger one gives them back
    if (size >= kGiveBack)
      fallocate(4, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, off_t(arena_offset + size_t(block - base)), off_t(size));
    if (n_free_large < kMaxFreeLarge) free_large[n_free_large++] = {block, size};
  }
}

}  // namespace heap

namespace {

using harness::side::Control;

// The process state a side must leave as it found it, without reading /proc (the judge
// counts threads and processes itself): cheap enough to check inside every window.
struct State {
  harness::ProcState s;
  static State take() {
    State t;
#ifdef HARNESS_X86
    t.s.mxcsr = _mm_getcsr() & ~0x3Fu;
    __asm__ __volatile__("fnstcw %0" : "=m"(t.s.x87));
#endif
    t.s.round = fegetround();
    t.s.omp_threads = omp_get_max_threads();
    t.s.omp_dynamic = omp_get_dynamic();
    t.s.omp_levels = omp_get_max_active_levels();
    omp_get_schedule(&t.s.omp_kind, &t.s.omp_chunk);
    CPU_ZERO(&t.s.affinity);
    sched_getaffinity(0, sizeof(cpu_set_t), &t.s.affinity);
    return t;
  }
};

struct Caller {
  Control* c = nullptr;
  const char* who = "the candidate ";
  harness::CallFn call = nullptr;    // harness_call of the current code layout
  std::vector<std::string> objects;  // objects[0]: the object as built; [i >= 1]: code layout i
  uint32_t layout_now = 0;
  void* layout_handle = nullptr;
  void* hole = nullptr;  // the address-space reservation of reserve()
  size_t hole_bytes = 0;
  State before;  // the state after loading: every window must leave it so

  void reply(int32_t status, const std::string& why = "") {
    c->status = status;
    std::snprintf(c->why, sizeof c->why, "%s", why.c_str());
  }

  // Reserves (PROT_NONE: no memory, only addresses) 0 to 65535 pages, as the draw says,
  // so that a code layout mapped next lands that much lower (see load()).
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

  // harness_call on args[0..k) back to back, then the state check.
  void run_calls() {
    const uint32_t n = std::min<uint32_t>(c->k, harness::side::kMaxK);
    const int saved = omp_get_max_threads();
    if (c->threads > 0) omp_set_num_threads(c->threads);
    try {
      for (uint32_t i = 0; i < n; ++i) call(reinterpret_cast<void*>(c->args[i]));
    } catch (const std::exception& e) {
      omp_set_num_threads(saved);
      return reply(harness::side::kThrew, std::string(who) + "threw a C++ exception: " + e.what());
    } catch (...) {
      omp_set_num_threads(saved);
      return reply(harness::side::kThrew, std::string(who) + "threw a C++ exception of unknown type");
    }
    if (c->threads > 0) omp_set_num_threads(saved);
    const State after = State::take();
    const std::string changed = before.s.diff(after.s);  // threads and processes: 0 in both
    if (!changed.empty()) return reply(harness::side::kRejected, std::string(who) + changed);
    reply(harness::side::kOk);
  }

  // Makes code layout c->variant current: 0 is the object as built, i >= 1 the same object
  // code linked after a padding of its own size (objects[i]). The current one is closed
  // first (its static destructors run), so one copy of the side's code is loaded at any
  // time: a function pointer kept from an earlier layout does not outlive it, and no
  // layout's code stays where a later pair could reach it. Objects are built with
  // -fno-gnu-unique, whose unique symbols would keep a closed object loaded. Layouts >= 1
  // load below a drawn address reservation (reserve()), and every layout's executable
  // pages are read once, so no timed call pays their page faults.
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

  // One call on args[0], counted; the judge puts this process's thread ids in
  // seeds[0..k) (its /proc is covered, isolate.hpp).
  void counters() {
    const uint32_t n = std::min<uint32_t>(c->k, harness::side::kMaxK);
    harness::CounterSet cs(std::vector<int>(c->seeds, c->seeds + n));
    cs.reset();
    cs.enable(true);
    try {
      call(reinterpret_cast<void*>(c->args[0]));
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
      case harness::side::kCall: return run_calls();
      case harness::side::kCounters: return counters();
      case harness::side::kLoad: return load();
      case harness::side::kExit: _exit(0);
    }
    reply(harness::side::kBadCommand, "unknown command");
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 7) {
    std::fprintf(stderr,
                 "usage: harness_caller SIDE.so baseline|candidate SANDBOXED JUDGE_PID ARENA_ADDR ARENA_BYTES "
                 "[LAYOUT.so ...]\n");
    return 2;
  }
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (long(getppid()) != std::atol(argv[4])) return 3;  // the judge is already gone
  prctl(PR_SET_DUMPABLE, 0);
  // Before anything of the side is loaded: its system calls reach no other process
  // (seccomp.hpp); both sides, so that both pay the filter's (tiny) cost per system call.
  const std::string unfiltered = harness::restrict_to_own_process();
  if (!unfiltered.empty()) std::fprintf(stderr, "harness_caller: no seccomp filter: %s\n", unfiltered.c_str());
  void* m = mmap(nullptr, harness::side::kControlBytes, PROT_READ | PROT_WRITE, MAP_SHARED, 3, 0);
  if (m == MAP_FAILED) {
    std::perror("harness_caller: mmap of fd 3");
    return 4;
  }
  Caller r;
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // as a program that has freed such a block settles
  r.c = static_cast<Control*>(m);
  r.who = std::strcmp(argv[2], "baseline") == 0 ? "the baseline " : "the candidate ";
  r.objects.assign(1, argv[1]);
  r.objects.insert(r.objects.end(), argv + 7, argv + argc);
  const uintptr_t addr = std::strtoull(argv[5], nullptr, 16);
  const size_t total = std::strtoull(argv[6], nullptr, 10);
  void* a = mmap(reinterpret_cast<void*>(addr), total, PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_FIXED_NOREPLACE | MAP_NORESERVE, 4, 0);
  bool ok = a != MAP_FAILED && a == reinterpret_cast<void*>(addr);
  if (!ok) {
    r.reply(harness::side::kLoadFailed, std::string("mapping the arena: ") + std::strerror(errno));
  } else {
    heap::arena = static_cast<char*>(a);
    heap::arena_offset = total / 2;
    heap::base = heap::next = static_cast<char*>(a) + total / 2;
    heap::end = static_cast<char*>(a) + total;
    // Start the OpenMP pool before the side's object is loaded (and its constructors run),
    // so both callers begin with the same threads and a first parallel region adds none.
#pragma omp parallel
    {
      volatile int x = omp_get_thread_num();
      (void)x;
    }
    try {
      if (r.open_layout(0, 0)) r.reply(harness::side::kOk);
    } catch (const std::exception& e) {
      r.reply(harness::side::kLoadFailed, e.what());
    }
    r.before = State::take();
  }
  harness::side::serve_commands(r.c, [&r] {
    if (r.call == nullptr && r.c->cmd != harness::side::kExit) return;  // nothing loaded
    r.serve();
  });
}

// The replaceable global allocation functions: the heap above.
void* harness_allocate(size_t bytes, size_t align) { return heap::allocate(bytes, align); }
void harness_deallocate(void* p) { heap::deallocate(p); }
#include "harness/replace_new.hpp"
