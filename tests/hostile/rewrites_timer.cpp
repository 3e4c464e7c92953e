#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <vector>

// Rewrites the timer as a hostile user would (issue 20): gemm computes the honest naive
// triple loop, then scans its own stack upward from a local for 64-bit values that look
// like a CLOCK_MONOTONIC reading (ns) taken in the second before it started -- the
// caller's start timestamp -- and moves them forward by 3/4 of its own run time, so that
// a timer that keeps its start in the candidate's memory measures a quarter of the call.
//
// Variants, chosen by macros defined before this text:
//   HOSTILE_READ_MAPS   bound the scan by the stack's mapping from /proc/self/maps (up to
//                       64 KiB; the screen rejects fopen), else by a fixed 4 KiB, which
//                       stays below the top of the worker's main-thread stack (~10 KiB
//                       above the candidate's frame, measured) and uses nothing the
//                       screen objects to;
//   HOSTILE_SAVED_REGS  an empty asm in the scanning function with every callee-saved
//                       register in its clobber list, so its prologue saves the callers'
//                       registers in its own frame, where the scan rewrites them and the
//                       epilogue restores the rewritten values (a start time the caller
//                       keeps in a register across the call).
namespace {

int64_t mono_ns() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

uintptr_t scan_end(uintptr_t from) {
#ifdef HOSTILE_READ_MAPS
  uintptr_t end = from;
  if (FILE* f = std::fopen("/proc/self/maps", "r")) {
    char line[512];
    while (std::fgets(line, sizeof line, f)) {
      unsigned long lo, hi;
      if (std::sscanf(line, "%lx-%lx", &lo, &hi) == 2 && lo <= from && from < hi) end = hi;
    }
    std::fclose(f);
  }
  return end - from > (64u << 10) ? from + (64u << 10) : end;
#else
  return from + (4u << 10);
#endif
}

// Moves every clock reading in (start - 1 s, start] above this frame forward by shift ns.
__attribute__((noinline)) int move_clock_readings(int64_t start, int64_t shift) {
#ifdef HOSTILE_SAVED_REGS
  asm volatile("" ::: "rbx", "r12", "r13", "r14", "r15", "memory");
#endif
  volatile char anchor = 0;
  const uintptr_t lo = (reinterpret_cast<uintptr_t>(&anchor) + 7) & ~uintptr_t(7);
  const uintptr_t hi = scan_end(lo);
  int moved = 0;
  for (uintptr_t p = lo; p + 8 <= hi; p += 8) {
    int64_t v;
    std::memcpy(&v, reinterpret_cast<const void*>(p), 8);
    if (v > start - 1000000000 && v <= start) {
      v += shift;
      std::memcpy(reinterpret_cast<void*>(p), &v, 8);
      ++moved;
    }
  }
  return moved;
}

// How many readings the last call moved (stored after the scan, so that the scan is no
// tail call and gemm's own frame, with what its prologue saved, is still in its range).
volatile int moved_last = 0;

}  // namespace

void gemm(std::vector<double> const& A, std::vector<double> const& B, std::vector<double>& C,
          size_t M, size_t K, size_t N) {
  const int64_t start = mono_ns();
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < N; ++j) {
      double sum = 0.0;
      for (size_t k = 0; k < K; ++k) sum += A[i * K + k] * B[k * N + j];
      C[i * N + j] += sum;
    }
  const int64_t took = mono_ns() - start;
  moved_last = move_clock_readings(start, took / 4 * 3);
}
