// The judge <-> side protocol (cpp/judge.cpp <-> cpp/side.cpp and cpp/caller.cpp).
//
// Each side (baseline, candidate) is two processes the judge spawns:
//   the keeper (harness_side, cpp/side.cpp): trusted, never loads the side's object. It
//     holds the driver and builds the turn's instances in the side's arena, generates
//     their inputs, and after a window reads their outputs and checks the const inputs;
//   the caller (harness_caller, cpp/caller.cpp): loads the side's object and does nothing
//     but call harness_call on the instances the keeper built. The judge keeps it stopped
//     (SIGSTOP) except inside its windows (a timed call, a code layout's load), so no
//     code of the side ever runs while harness work is done.
// The arena is a memfd the judge creates per side and maps into both at the same address
// (MAP_FIXED_NOREPLACE): its first half holds the keeper's instances (pointers in them are
// valid in both processes), its second half is the caller's heap (its operator new), so
// outputs a call reallocates stay where the keeper can read them.
// A turn's instances are made once, by the generator (harness_side too, in the role
// "generator": a keeper of no side, with no caller) in an arena of its own at the same
// address as every side's; each keeper maps that arena read-only (fd 5), copies the image
// into its own arena before its side's window and checks the const inputs against it
// after (see cpp/side.cpp).
// Each process serves commands from its own shared-memory block: a memfd the judge
// creates, seals against shrinking and passes to that process alone as fd 3 (the arena is
// fd 4). The block is a Control struct (kControlBytes), then (the keeper's only) a data
// area (Control::data_bytes, grown by the judge on `Create`) that holds the outputs a
// `Report` copies out: a ViewHeader per output view, then the views' bytes.
//
// A command: the judge fills the command fields, stores bell = seq (release) and wakes
// the futex; the process serves it, fills the reply fields, stores done = seq and wakes
// the judge, who waits on that futex (it never spins: in serial mode all share one CPU).
// The caller's side of its block is the candidate's memory: the judge copies every reply
// field into private memory once and bounds it before use (judge.cpp, Bench).
#pragma once

#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>

namespace harness {
namespace side {

constexpr size_t kControlBytes = 1 << 18;  // bytes of the Control struct's region
constexpr uint32_t kMaxK = 8192;           // instances per runner (batched calls)
constexpr uint32_t kMaxViewsPerInstance = 32;
constexpr size_t kWhyBytes = 1024;
// libgomp's spin count for both runners (GOMP_SPINCOUNT): a worker thread waits this
// many polls (about 0.1-0.3 ms here) before it sleeps, so the CPU it burns after a
// timed call (outside the timed window) stays small and bounded; see Judge's accounting.
constexpr const char* kSpinCount = "10000";

enum Cmd : uint32_t {
  kNop = 0,       // nothing: one doorbell round trip (its cost is the per-call overhead)
  kCreate = 1,    // keeper: size, k, data_bytes: remap the data area, give the arena's pages back
  kPrepare = 2,   // generator: seeds[k], poison, layout: k fresh instances placed by the
                  // draw, generated and reset; reply: args[k] (their harness_call arguments),
                  // inst[k] (the instances), extent (where the image lies).
                  // keeper: k, layout, args, inst, extent as the generator replied: the
                  // image copied into its arena (cpp/side.cpp)
  kCall = 3,      // caller: harness_call(args[i]) for i < k back to back (threads > 0: that many)
  kReport = 4,    // keeper: const inputs checked, outputs of the k instances -> data area;
                  // then the instances are dropped (their pages go back to the kernel)
  kCounters = 5,  // caller: perf counters around one call of args[0]
  kExit = 6,      // _exit(0)
  kLoad = 7,      // caller: variant: make that code layout of the side's object the one called
                  // (see caller.cpp's load()); the previous one (unless it is 0) is closed
};

enum Status : int32_t {
  kOk = 0,
  kRejected = 1,    // the process state changed (caller), const inputs written (keeper)
  kThrew = 2,       // the side's code threw a C++ exception
  kNoMemory = 3,    // the instances did not fit in memory
  kTooLarge = 4,    // the outputs do not fit in the data area (wrong shape)
  kLoadFailed = 5,  // dlopen / dlsym failed, or the arena could not be mapped
  kBadCommand = 6,
  kUnreadable = 7,  // keeper: the outputs are not in memory of the arena
};

struct ViewHeader {
  char name[32];
  int32_t dtype;
  uint32_t instance;
  uint64_t count;
  uint64_t offset;  // from the start of the data area
};

struct Control {
  std::atomic<uint32_t> bell;  // judge -> runner: sequence number of the current command
  std::atomic<uint32_t> done;  // runner -> judge: sequence number of the finished command
  // command (judge)
  uint32_t cmd;
  uint32_t k;
  uint64_t size;
  uint64_t data_bytes;
  int32_t poison;
  int32_t threads;
  uint64_t layout;   // kPrepare: the draw that places this turn's instances in memory
  uint32_t variant;  // kLoad: 0 = the object as built; i >= 1 = its i-th code layout
  uint64_t seeds[kMaxK];
  uint64_t args[kMaxK];  // kPrepare's reply (generator) and command (keeper), kCall's and kCounters' (caller)
  uint64_t inst[kMaxK];  // kPrepare's reply (generator) and command (keeper): the instances
  // kPrepare's reply (generator) and command (keeper), offsets into the arena: the image's
  // small allocations in [extent[0], extent[1]), its large ones in [extent[2], extent[3]),
  // and the list of its pristine copies' buffers (which the keepers do not copy) at
  // extent[4], extent[5] (offset, bytes) pairs long
  uint64_t extent[6];
  // reply
  uint64_t code_at;  // the ready reply of a keeper or the generator: where its driver's code lies
  int32_t status;
  uint32_t nviews;
  uint64_t used;  // bytes of the data area written by the last report
  char why[kWhyBytes];
  uint64_t counts[16];
  char counter_why[16][128];
};
static_assert(sizeof(Control) <= kControlBytes, "Control outgrew its region");

inline long futex_call(std::atomic<uint32_t>* a, int op, uint32_t val, const timespec* ts) {
  return syscall(SYS_futex, reinterpret_cast<uint32_t*>(a), op, val, ts, nullptr, 0);
}
// Sleeps while *a == val (shared futex: the word is in memory two processes map), at most
// `ts` (nullptr: no limit). Returns at once if *a != val.
inline void futex_wait(std::atomic<uint32_t>* a, uint32_t val, const timespec* ts) {
  futex_call(a, FUTEX_WAIT, val, ts);
}
inline void futex_wake(std::atomic<uint32_t>* a) { futex_call(a, FUTEX_WAKE, 1, nullptr); }

// The command loop of a keeper or a caller: answers "ready?" (the judge set bell = 1 before
// the spawn: command 1), then serves each command (`serve`) and says it is done. Only the
// next number is a command: whatever else the block's words hold (a caller's side can
// write them) is waited out, so a corrupted word cannot make this loop overwrite `done`.
template <class Serve>
[[noreturn]] void serve_commands(Control* c, Serve&& serve) {
  uint32_t seq = 1;
  for (;;) {
    c->done.store(seq, std::memory_order_release);
    futex_wake(&c->done);
    uint32_t b;
    while ((b = c->bell.load(std::memory_order_acquire)) != seq + 1) futex_wait(&c->bell, b, nullptr);
    seq = b;
    serve();
  }
}

}  // namespace side
}  // namespace harness
