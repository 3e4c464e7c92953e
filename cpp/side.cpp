// harness_side: a side's keeper, or the judge's generator. A keeper: one per side
// (baseline, candidate), spawned by the judge (harness._bench.Bench, cpp/judge.cpp) with
// fork + exec, beside that side's caller (cpp/caller.cpp, harness_caller). The generator:
// one per judge, with no caller. Both are trusted: they never load a side's object and no
// code of a side ever runs in them. They hold the problem's driver and do all of a turn's
// harness work: the generator builds the turn's instances (placed by the turn's draw) in
// its own arena and generates their inputs, once for every side; each keeper copies that
// image into its side's arena at the same addresses (every arena of a judge lies at the
// same address; pointers in the image stay valid), hands the instances' harness_call
// arguments to the judge (who passes them to the caller), and, while the caller is
// stopped after its window, checks the const inputs against the image and copies the
// outputs out for the judge. See side_protocol.hpp for the protocol.
//
// usage: harness_side DRIVER.so baseline|candidate|generator SANDBOXED(0|1) JUDGE_PID ARENA_ADDR ARENA_BYTES
//        with fd 3 = its shared-memory block, fd 4 = its arena (a memfd mapped at
//        ARENA_ADDR, hex, in the keeper and the caller alike), a keeper's fd 5 = the
//        generator's arena (the image: parts of it mapped read-only), stdin /dev/null.
//
// The keeper makes itself non-dumpable (no process of the candidate, same uid, can ptrace
// it or read its memory through /proc) and installs the seccomp filter (seccomp.hpp) like
// the caller. What it reads of the arena after a window was written by the candidate, so
// the driver's code it runs there must not write or free through the candidate's
// pointers: it frees nothing during a turn's work (arena::deallocate), outputs() fills
// only buffers held outside the instance (driver.hpp output_buffer), the keeper copies
// out only views that lie inside the arena, and a fault while it reads (a pointer the
// candidate bent) ends the report with `kUnreadable` instead of the keeper.
#include <dlfcn.h>
#include <fcntl.h>
#include <malloc.h>
#include <setjmp.h>
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

// ---------------------------------------------------------------- the instances' arena
// While the generator builds, generates and resets a turn's instances (Runner::make,
// generate) and a keeper reads them (report), operator new serves every request from the
// instances' half of the arena, so everything an instance holds lies at addresses the
// caller maps too (a keeper's copy of the image lies where the generator's allocations
// did). Placement is drawn per turn (one draw for every side of a pair: the generator's
// image), as a fresh process would place them, because where a kernel's data lie moves
// its time: requests below kLarge (the instance itself, with any std::array
// in it, and its small vectors) follow each other from a drawn offset of 16 x (0..255)
// bytes into their first page, spaced as a fresh glibc heap spaces a run of allocations
// (request + 8, rounded up to 16, at least 32): an A/A of 21_histogram_bin_0-100 moved by
// 3-9 % with its counters' page offset when that offset was fixed per process. Requests
// of kLarge or more (glibc would map them anew) start 16 bytes into a page, below a drawn
// gap of 0 to 65535 pages: where such arrays land beyond the page offset moved an A/A of
// 33_scan_reverse_prefix_sum by -8 to +14 % between evaluations on a Zen 4 VM (virtually
// indexed structures: AMD's L1D way predictor hashes address bits 12-27); the gap is drawn
// per turn over 0-511 pages and the arena's base per evaluation over 0-65535 pages (see
// reset() for why not more per turn). Operator delete leaves arena memory alone; the pages
// are kept from turn to turn and handed back to the kernel on a new size or batch.
// Outside a turn's work operator new is malloc (the driver's own state, the keeper's).
namespace arena {

constexpr size_t kLarge = 128 << 10;

std::atomic<bool> on{false};
std::mutex mu;
char* base = nullptr;  // the instances' region: [base, base + bytes)
size_t bytes = 0;
int fd = -1;  // the arena's memfd (the region starts at offset 0)
char* small_next = nullptr;
char* large_next = nullptr;
char* small_start = nullptr;  // where the turn's first small and large allocations go (reset())
char* large_start = nullptr;

// The generator's record of a turn's allocations (`wipe`): each region's blocks, in
// address order (both are handed out upwards), on the generator's own heap (malloc, never
// the arena). A block freed during the turn's work is zeroed: a driver's temporaries
// (a BFS's order of visits, a vector outgrown) lie in the image every keeper copies, where
// the candidate would read them (tests/hostile/reads_generation_scratch.cpp).
bool wipe = false;
struct Blocks {
  uintptr_t* at = nullptr;
  size_t* n = nullptr;
  size_t count = 0, cap = 0;
  void add(const char* p, size_t bytes) {
    if (count == cap) {
      const size_t c = cap ? 2 * cap : 1024;
      auto* a = static_cast<uintptr_t*>(std::realloc(at, c * sizeof *at));
      if (a) at = a;
      auto* b = static_cast<size_t*>(std::realloc(n, c * sizeof *n));
      if (b) n = b;
      if (!a || !b) return;  // unrecorded: not wiped (the generator out of memory is failing anyway)
      cap = c;
    }
    at[count] = reinterpret_cast<uintptr_t>(p);
    n[count++] = bytes;
  }
  // bytes of the block at p (0: none recorded there)
  size_t of(const void* p) const {
    const uintptr_t x = reinterpret_cast<uintptr_t>(p);
    const uintptr_t* i = std::lower_bound(at, at + count, x);
    return i != at + count && *i == x ? n[i - at] : 0;
  }
} small_blocks, large_blocks;

// `n` bytes aligned to `align` (a power of two, >= 16); nullptr when the region is full.
void* take(size_t n, size_t align) {
  std::lock_guard<std::mutex> g(mu);
  const size_t page = size_t(sysconf(_SC_PAGESIZE));
  auto up = [](char* p, size_t a) {
    return reinterpret_cast<char*>((reinterpret_cast<uintptr_t>(p) + a - 1) & ~uintptr_t(a - 1));
  };
  char* p;
  if (n < kLarge && align <= page) {
    const size_t step = std::max<size_t>(32, (n + 8 + 15) & ~size_t(15));  // glibc's chunk size
    p = up(small_next, align);
    if (p + std::max(step, n) > base + bytes / 2) return nullptr;  // small ones: the first half
    small_next = p + step;
    if (wipe) small_blocks.add(p, n);
  } else {
    // page-aligned + 16 (where glibc's mapped chunks start), or the alignment asked for
    char* start = up(large_next, page);
    p = align <= 16 ? start + 16 : up(start + 16, align);
    if (p + n > base + bytes || p + n < p) return nullptr;
    large_next = p + n;
    if (wipe) large_blocks.add(p, n);
  }
  return p;
}

// Drops the turn's instances (their pages back to the kernel) and draws the next turn's
// placement.
// `hand_back`: give every page of the region back to the kernel (a new size or batch: the
// pages the earlier turns used are not wanted any more). Between the turns of one size the
// pages are kept: handing them back also clears the caller's page tables for them, and the
// caller then faulted every input and output page in again inside its timed window (4,355
// minor faults in one quick call of 30_scan_prefix_sum, enough to pull a 4x slower
// candidate's measured speedup from 0.25 to about 0.7). So a turn's large arrays move by a
// drawn 0-511 pages (bits 12-20 of their addresses; the arena's base, drawn per evaluation,
// sets the higher ones), landing mostly on pages an earlier turn faulted in.
void reset(uint64_t draw, bool hand_back) {
  std::lock_guard<std::mutex> g(mu);
  if (hand_back) fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, off_t(bytes));
  const size_t page = size_t(sysconf(_SC_PAGESIZE));
  small_next = base + 16 * (harness::mix64(draw) & 255);
  const size_t gap = page * size_t(harness::mix64(draw ^ 0x2545f4914f6cdd1dULL) & 511);
  large_next = base + bytes / 2 + (gap < bytes / 4 ? gap : 0);  // large ones: the second
  small_start = small_next;
  large_start = large_next;
  small_blocks.count = large_blocks.count = 0;
}

void* allocate(size_t n, size_t align) {
  if (on.load(std::memory_order_relaxed)) return take(n ? n : 1, align);
  if (align <= __STDCPP_DEFAULT_NEW_ALIGNMENT__) return std::malloc(n ? n : 1);
  void* p = nullptr;
  return posix_memalign(&p, align, n ? n : 1) == 0 ? p : nullptr;
}

// Inside a turn's work nothing is freed at all: the driver's code then runs on instances
// the candidate wrote, and a pointer it deletes (a vector's buffer it grows, say) may be
// one the candidate chose, which glibc's free() would take as a chunk of the keeper's own
// heap. What the turn allocated is in the arena, dropped whole at the turn's end; outside
// a turn, memory of the arena (either half: the caller's heap is the candidate's) is never
// handed to free(). Not inlined into operator delete: g++ would then see free() of what
// operator new returned and warn (-Wmismatched-new-delete).
// In the generator (`wipe`) a block freed inside a turn's work is zeroed instead: all of
// the data there is its own.
__attribute__((noinline)) void deallocate(void* p) {
  if (p && wipe && on.load(std::memory_order_relaxed)) {
    std::lock_guard<std::mutex> g(mu);
    const size_t n = std::max(small_blocks.of(p), large_blocks.of(p));
    if (n) std::memset(p, 0, n);
    return;
  }
  if (!p || on.load(std::memory_order_relaxed)) return;
  const char* c = static_cast<const char*>(p);
  if (base && c >= base && c < base + 2 * bytes) return;
  std::free(p);
}

// Scope of a turn's work on its instances: operator new uses the arena inside it.
struct Turn {
  Turn() { on.store(true, std::memory_order_relaxed); }
  ~Turn() { on.store(false, std::memory_order_relaxed); }
};

}  // namespace arena

// ---------------------------------------------------------------- reading candidate data
// A report reads what the candidate wrote: a bent pointer in an instance may fault. The
// keeper's SIGSEGV/SIGBUS handler (installed before the seccomp filter, which refuses new
// handlers) jumps back to the report when one is being read, so the keeper survives it.
namespace guard {
sigjmp_buf env;
volatile sig_atomic_t armed = 0;

void on_fault(int sig) {
  if (armed) {
    armed = 0;
    siglongjmp(env, 1);
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

void install() {
  struct sigaction sa {};
  sa.sa_handler = on_fault;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_NODEFER;
  sigaction(SIGSEGV, &sa, nullptr);
  sigaction(SIGBUS, &sa, nullptr);
}
}  // namespace guard

namespace {

using harness::side::Control;

struct Runner {
  Control* c = nullptr;
  char* data = nullptr;
  size_t data_bytes = 0;
  bool baseline = false;
  std::unique_ptr<harness::Driver> drv;
  void (*input_log)(harness::InputLog*) = nullptr;
  void (*release_outputs)() = nullptr;  // drops the driver's output buffers (driver.hpp)
  bool generator = false;
  std::vector<void*> inst;              // the turn's instances (in the arena, never destroyed)
  std::vector<harness::InputLog> logs;  // one per instance

  void reply(int32_t status, const std::string& why = "") {
    c->status = status;
    std::snprintf(c->why, sizeof c->why, "%s", why.c_str());
  }

  // The number of instances a command may touch: what the judge asked, at most what exists.
  uint32_t k() const { return std::min<uint32_t>(c->k, uint32_t(inst.size())); }

  // Drops the instances: their memory is the arena's, given back whole by arena::reset.
  void release(uint64_t draw, bool hand_back = false) {
    inst.clear();
    logs.clear();
    if (release_outputs) release_outputs();  // buffers outputs() filled lie in the arena
    arena::reset(draw, hand_back);
    malloc_trim(0);
  }

  // n fresh instances of size c->size, placed by the draw `layout` (see the arena); false
  // (and the reply sent) if they do not fit.
  bool make(uint32_t n, uint64_t layout) {
    release(layout);
    inst.reserve(n);  // the keeper's own list: on its heap, not in the arena
    const char* why = "out of memory";
    try {
      const arena::Turn in_arena;
      for (uint32_t i = 0; i < n; ++i) {
        void* p = drv->create(c->size);
        if (!p) throw std::bad_alloc();
        inst.push_back(p);
      }
      return true;
    } catch (const std::bad_alloc&) {
    } catch (const std::length_error&) {
      why = "out of memory (length_error)";
    }
    release(0);
    reply(harness::side::kNoMemory, why);
    return false;
  }

  // Maps the data area (for c->k instances of c->size) and gives the arena's pages back.
  // Whether k instances fit, the first prepare finds (kNoMemory): building them here only
  // to drop them faulted every page twice (the judge hands the pages out again, taken
  // together, right after: interleave_pages), 0.2-0.4 s of an evaluation at quick size.
  void create() {
    release(0, true);
    if (data) munmap(data, data_bytes);
    data = nullptr;
    data_bytes = 0;
    void* m = mmap(nullptr, c->data_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, 3, off_t(harness::side::kControlBytes));
    if (m == MAP_FAILED) return reply(harness::side::kNoMemory, std::string("mmap: ") + std::strerror(errno));
    data = static_cast<char*>(m);
    data_bytes = c->data_bytes;
    reply(harness::side::kOk);
  }

  void prepare() { return generator ? generate() : copy_image(); }

  // The generator's prepare: the turn's instances made, generated and reset; their
  // harness_call arguments in c->args, the instances in c->inst, the regions the image
  // uses in c->extent[0..3], and the pristine copies' buffers (which the keepers do not
  // copy, see driver.hpp InputLog) listed right after the large region: c->extent[4] the
  // list's offset, c->extent[5] its length m, then m (offset, bytes) pairs in address
  // order, disjoint.
  void generate() {
    if (!make(std::min<uint32_t>(c->k, harness::side::kMaxK), c->layout)) return;
    const uint32_t n = k();
    std::vector<std::pair<uint64_t, uint64_t>> skip;  // (offset, bytes), on the generator's heap
    char why[512];
    try {
      {
        const arena::Turn in_arena;
        for (uint32_t i = 0; i < n; ++i) {
          drv->generate(inst[i], c->seeds[i]);
          drv->reset(inst[i], c->poison);
          c->args[i] = reinterpret_cast<uint64_t>(drv->args(inst[i]));
          c->inst[i] = reinterpret_cast<uint64_t>(inst[i]);
        }
      }
      for (uint32_t i = 0; i < n; ++i) {
        harness::InputLog log;
        log.mode = harness::InputLog::kSkips;
        why[0] = 0;
        input_log(&log);
        const int intact = drv->inputs_intact(inst[i], why, sizeof why);
        input_log(nullptr);
        if (!intact)
          return reply(harness::side::kBadCommand, std::string("a fresh instance failed its own check: ") + why);
        for (const auto& e : log.entries) {
          const char* d = static_cast<const char*>(e.data);
          if (d >= arena::base && d < arena::base + arena::bytes && e.bytes <= uint64_t(arena::base + arena::bytes - d))
            skip.emplace_back(uint64_t(d - arena::base), e.bytes);
        }
      }
    } catch (const std::bad_alloc&) {
      release(0);
      return reply(harness::side::kNoMemory, "out of memory");
    }
    std::sort(skip.begin(), skip.end());
    const uint64_t at = (uint64_t(arena::large_next - arena::base) + 63) & ~uint64_t(63);
    if (at + 16 * (skip.size() + 1) > arena::bytes) return reply(harness::side::kNoMemory, "out of memory");
    uint64_t* out = reinterpret_cast<uint64_t*>(arena::base + at);
    uint64_t m = 0;
    for (const auto& [off, len] : skip) {
      if (m && off <= out[2 * m - 2] + out[2 * m - 1]) {  // overlaps or touches the last one: merged
        out[2 * m - 1] = std::max(out[2 * m - 1], off + len - out[2 * m - 2]);
        continue;
      }
      out[2 * m] = off;
      out[2 * m + 1] = len;
      ++m;
    }
    c->extent[0] = uint64_t(arena::small_start - arena::base);
    c->extent[1] = uint64_t(arena::small_next - arena::base);
    c->extent[2] = uint64_t(arena::large_start - arena::base);
    c->extent[3] = uint64_t(arena::large_next - arena::base);
    c->extent[4] = at;
    c->extent[5] = m;
    reply(harness::side::kOk);
  }

  // A keeper's read-only view of part of the generator's arena (fd 5): the small
  // allocations' region from offset 0, the large ones' from the second quarter (see
  // arena::take), each grown when an image needs more. Only what images use is mapped:
  // a view of the whole arena would not fit beside the keeper's own arena under the
  // sandbox's address-space limit.
  struct View {
    const char* p = nullptr;
    uint64_t off = 0, len = 0;  // the file range [off, off + len) mapped at p
    // maps the file range [from, end) (and some room beyond); false when it cannot
    bool cover(uint64_t from, uint64_t end) {
      if (p && from == off && end <= off + len) return true;
      if (p) munmap(const_cast<char*>(p), len);
      p = nullptr;
      const uint64_t page = uint64_t(sysconf(_SC_PAGESIZE));
      const uint64_t need = end - from;
      const uint64_t want = need + need / 8 + (uint64_t(2) << 20);  // room for the next turns' gaps
      len = std::min((want + page - 1) / page * page, 2 * arena::bytes - from);
      if (end > from + len) {
        errno = ENOMEM;
        return false;
      }
      void* m = mmap(nullptr, len, PROT_READ, MAP_SHARED | MAP_NORESERVE, 5, off_t(from));
      if (m == MAP_FAILED) return false;
      p = static_cast<const char*>(m);
      off = from;
      return true;
    }
    // where the image's bytes at arena offset o (in the view) lie
    const char* at(uint64_t o) const { return p + (o - off); }
    // how far the image's bytes lie from the same bytes' place in the arena
    std::ptrdiff_t delta() const {
      return std::ptrdiff_t(reinterpret_cast<uintptr_t>(p) - uintptr_t(off) - reinterpret_cast<uintptr_t>(arena::base));
    }
  } small_view, large_view;

  // A keeper's prepare: the generator's image of the turn (c->k instances placed by the
  // draw c->layout, the regions and the pristine copies' list c->extent) copied into the
  // side's arena at the same offsets, but for the pristine copies; then each const
  // input's place logged (see driver.hpp InputLog). c->args already holds the arguments
  // the generator replied.
  void copy_image() {
    const uint32_t n = std::min<uint32_t>(c->k, harness::side::kMaxK);
    release(c->layout);
    const uint64_t half = arena::bytes;
    uint64_t e[6];
    std::memcpy(e, c->extent, sizeof e);
    const uint64_t large_from = (half / 2) / uint64_t(sysconf(_SC_PAGESIZE)) * uint64_t(sysconf(_SC_PAGESIZE));
    if (e[0] > e[1] || e[1] > half / 2 || e[2] > e[3] || e[2] < half / 2 || e[3] > e[4] || e[4] > half ||
        e[5] > (half - e[4]) / 16 || arena::base + e[0] != arena::small_next || arena::base + e[2] != arena::large_next)
      return reply(harness::side::kBadCommand, "the generator's image does not match this keeper's placement");
    if (!small_view.cover(0, e[1]) || !large_view.cover(large_from, e[4] + 16 * e[5]))
      return reply(harness::side::kNoMemory, std::string("mapping the generator's image: ") + std::strerror(errno));
    const uint64_t* sk = reinterpret_cast<const uint64_t*>(large_view.at(e[4]));
    uint64_t j = 0;
    for (const View* v : {&small_view, &large_view}) {
      const uint64_t lo = v == &small_view ? e[0] : e[2], hi = v == &small_view ? e[1] : e[3];
      uint64_t at = lo;
      for (; j < e[5] && sk[2 * j] < hi; ++j) {  // in address order, disjoint (generate())
        const uint64_t s = sk[2 * j], t = s + std::min(hi - s, sk[2 * j + 1]);
        if (s > at) copy(*v, at, s - at);
        at = std::max(at, t);
      }
      if (hi > at) copy(*v, at, hi - at);
    }
    arena::small_next = arena::base + e[1];
    arena::large_next = arena::base + e[3];
    inst.clear();
    for (uint32_t i = 0; i < n; ++i) {
      char* p = reinterpret_cast<char*>(c->inst[i]);
      if (p < arena::base || p >= arena::base + half)
        return reply(harness::side::kBadCommand, "an instance of the generator's image lies outside the arena");
      inst.push_back(p);
    }
    // The logs are recorded outside the arena (on the keeper's heap): the caller writes
    // the arena, and must not reach what the check compares against.
    logs.assign(n, harness::InputLog{});
    char why[512];
    for (uint32_t i = 0; i < n; ++i) {
      logs[i].mode = harness::InputLog::kRecord;
      logs[i].spans[0] = {arena::base + e[0], arena::base + e[1], small_view.delta()};
      logs[i].spans[1] = {arena::base + e[2], arena::base + e[3], large_view.delta()};
      why[0] = 0;
      input_log(&logs[i]);
      const int intact = drv->inputs_intact(inst[i], why, sizeof why);
      input_log(nullptr);
      if (!intact)
        return reply(harness::side::kBadCommand, std::string("a copied instance failed its own check: ") + why);
    }
    reply(harness::side::kOk);
  }

  // Arena offsets [off, off + bytes) of the image (in view v) copied into the same place
  // of this keeper's arena (in parallel for large ranges, over its OpenMP threads).
  static void copy(const View& v, uint64_t off, uint64_t bytes) {
    char* dst = arena::base + off;
    const char* src = v.at(off);
    constexpr uint64_t kChunk = uint64_t(1) << 20;
    const long chunks = long((bytes + kChunk - 1) / kChunk);
#pragma omp parallel for schedule(static) if (chunks > 4)
    for (long i = 0; i < chunks; ++i) {
      const uint64_t at = uint64_t(i) * kChunk;
      std::memcpy(dst + at, src + at, size_t(std::min(kChunk, bytes - at)));
    }
  }

  bool in_arena(const void* p, uint64_t n) const {
    const char* a = static_cast<const char*>(p);
    const char* lo = arena::base;
    const char* hi = arena::base + 2 * arena::bytes;  // the instances' half and the caller's heap
    return n == 0 || (a >= lo && a < hi && n <= uint64_t(hi - a));
  }

  // After the caller's window (the caller stopped): the const inputs against the log (their
  // places, and their bytes against the generator's image), then every instance's outputs copied
  // into the data area (headers first, then each view's bytes at a 64-byte aligned
  // offset). Views must lie in the arena. The instances are dropped afterwards.
  void report() {
    const uint32_t n = k();
    std::string verdict;
    int32_t status = harness::side::kOk;
    std::vector<harness::side::ViewHeader> hs;
    std::vector<const void*> src;
    {
      const arena::Turn in_arena;  // buffers outputs() makes (flattened grids) lie there too
      if (sigsetjmp(guard::env, 1) != 0) {
        status = harness::side::kUnreadable;
        verdict = "reading them faulted: a pointer in the instance no longer points to its data";
      } else {
        guard::armed = 1;
        verdict = collect(n, &status, &hs, &src);
        guard::armed = 0;
      }
    }
    if (status != harness::side::kOk) {
      reply(status, verdict);  // before release: the text may lie in the arena
      return release(0);
    }
    if (!hs.empty()) std::memcpy(data, hs.data(), hs.size() * sizeof hs[0]);
    if (sigsetjmp(guard::env, 1) != 0) {
      release(0);
      return reply(harness::side::kUnreadable, "copying them faulted");
    }
    guard::armed = 1;
    for (size_t j = 0; j < hs.size(); ++j)
      if (hs[j].count) std::memcpy(data + hs[j].offset, src[j], hs[j].count * harness::dtype_size(hs[j].dtype));
    guard::armed = 0;
    c->nviews = uint32_t(hs.size());
    c->used = hs.empty() ? 0 : hs.back().offset + hs.back().count * harness::dtype_size(hs.back().dtype);
    release(0);
    reply(harness::side::kOk);
  }

  // The checks and the view headers of report() (armed: may fault); "" when fine.
  std::string collect(uint32_t n, int32_t* status, std::vector<harness::side::ViewHeader>* hs,
                      std::vector<const void*>* src) {
    char why[512];
    for (uint32_t i = 0; i < n; ++i) {
      why[0] = 0;
      logs[i].mode = harness::InputLog::kVerify;
      logs[i].next = 0;
      input_log(&logs[i]);
      int intact = drv->inputs_intact(inst[i], why, sizeof why);
      input_log(nullptr);
      // every const input logged must have been compared: a check that ended early on
      // something the candidate wrote would leave the rest unseen
      if (intact && logs[i].next != logs[i].entries.size()) {
        intact = 0;
        std::snprintf(why, sizeof why,
                      "the candidate changed its instance so that %zu of its %zu const inputs "
                      "were not checked",
                      logs[i].entries.size() - std::min(logs[i].next, logs[i].entries.size()), logs[i].entries.size());
      }
      if (!intact) {
        *status = harness::side::kRejected;
        return baseline ? "the baseline modified its const inputs" : why;
      }
    }
    auto up64 = [](uint64_t x) { return (x + 63) & ~uint64_t(63); };
    std::vector<harness::OutputView> views;
    std::vector<uint32_t> owner;
    harness::OutputView v[harness::side::kMaxViewsPerInstance];
    for (uint32_t i = 0; i < n; ++i) {
      const int m = drv->outputs(inst[i], v, int(harness::side::kMaxViewsPerInstance));
      for (int j = 0; j < m && j < int(harness::side::kMaxViewsPerInstance); ++j) {
        views.push_back(v[j]);
        owner.push_back(i);
      }
    }
    uint64_t off = up64(views.size() * sizeof(harness::side::ViewHeader));
    hs->resize(views.size());
    for (size_t j = 0; j < views.size(); ++j) {
      const size_t eb = harness::dtype_size(views[j].dtype);
      if (!eb) {
        *status = harness::side::kBadCommand;
        return "an output of unknown dtype";
      }
      const uint64_t bytes = views[j].count * eb;
      if (views[j].count > data_bytes / eb || off + bytes > data_bytes) {
        *status = harness::side::kTooLarge;
        return std::string("output '") + views[j].name + "' has " + std::to_string(views[j].count) +
               " elements, more than the harness expects";
      }
      if (!in_arena(views[j].data, bytes)) {
        *status = harness::side::kUnreadable;
        return std::string("output '") + views[j].name +
               "' is not in memory the harness gave or operator new allocated (a buffer from "
               "malloc or mmap of its own?)";
      }
      auto& h = (*hs)[j];
      std::memcpy(h.name, views[j].name, sizeof h.name);
      h.name[sizeof h.name - 1] = 0;
      h.dtype = views[j].dtype;
      h.instance = owner[j];
      h.count = views[j].count;
      h.offset = off;
      src->push_back(views[j].data);
      off = up64(off + bytes);
    }
    if (off > data_bytes) {
      *status = harness::side::kTooLarge;
      return "the outputs do not fit";
    }
    return "";
  }

  void serve() {
    switch (c->cmd) {
      case harness::side::kNop: return reply(harness::side::kOk);
      case harness::side::kCreate: return create();
      case harness::side::kPrepare: return prepare();
      case harness::side::kReport: return report();
      case harness::side::kExit: _exit(0);
    }
    reply(harness::side::kBadCommand, "unknown command");
  }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7) {
    std::fprintf(stderr,
                 "usage: harness_side DRIVER.so baseline|candidate|generator SANDBOXED JUDGE_PID ARENA_ADDR "
                 "ARENA_BYTES\n");
    return 2;
  }
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (long(getppid()) != std::atol(argv[4])) return 3;  // the judge is already gone
  prctl(PR_SET_DUMPABLE, 0);
  guard::install();
  const std::string unfiltered = harness::restrict_to_own_process();
  if (!unfiltered.empty()) std::fprintf(stderr, "harness_side: no seccomp filter: %s\n", unfiltered.c_str());
  void* m = mmap(nullptr, harness::side::kControlBytes, PROT_READ | PROT_WRITE, MAP_SHARED, 3, 0);
  if (m == MAP_FAILED) {
    std::perror("harness_side: mmap of fd 3");
    return 4;
  }
  Runner r;
  r.c = static_cast<Control*>(m);
  r.baseline = std::strcmp(argv[2], "baseline") == 0;
  r.generator = std::strcmp(argv[2], "generator") == 0;
  arena::wipe = r.generator;
  const uintptr_t addr = std::strtoull(argv[5], nullptr, 16);
  const size_t total = std::strtoull(argv[6], nullptr, 10);
  void* a = mmap(reinterpret_cast<void*>(addr), total, PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_FIXED_NOREPLACE | MAP_NORESERVE, 4, 0);
  if (a == MAP_FAILED || a != reinterpret_cast<void*>(addr)) {
    r.reply(harness::side::kLoadFailed, std::string("mapping the arena: ") + std::strerror(errno));
  } else {
    arena::base = static_cast<char*>(a);
    arena::bytes = total / 2;
    arena::fd = 4;
    arena::reset(0, true);
    try {
      r.drv.reset(new harness::Driver(argv[1]));
      r.input_log = reinterpret_cast<void (*)(harness::InputLog*)>(r.drv->lib->sym("harness_input_log"));
      r.release_outputs = reinterpret_cast<void (*)()>(r.drv->lib->sym("harness_release_outputs", false));
      r.c->code_at = reinterpret_cast<uint64_t>(r.drv->create);
      r.reply(harness::side::kOk);
    } catch (const std::exception& e) {
      r.reply(harness::side::kLoadFailed, e.what());
    }
  }
  harness::side::serve_commands(r.c, [&r] {
    if (!r.drv && r.c->cmd != harness::side::kExit) return;  // nothing loaded
    r.serve();
  });
}

// The replaceable global allocation functions: the arena above.
void* harness_allocate(size_t bytes, size_t align) { return arena::allocate(bytes, align); }
void harness_deallocate(void* p) { arena::deallocate(p); }
#include "harness/replace_new.hpp"
