#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <thread>
#include <vector>

// Signals completion early, as a hostile user would (issue 20): gemm hands the work to a
// helper thread and returns at once; the helper writes C later. The helper is started
// (and detached) by a static constructor when the object is loaded, so the process has
// the same threads before and after every call and no check of the thread count sees it.
// Returning early pays only when nobody reads C right after the call, so gemm does it
// only when it guesses it runs first in a timed pair (the baseline runs next, and the
// harness's wait for a quiet process before that call lets the helper finish): when the
// calling thread has spent less CPU time than one of its own calls since its previous call
// returned (CLOCK_THREAD_CPUTIME_ID: what the calling thread ran, immune to waits and to
// other load). Validation cases, calibration and the pairs with the baseline first run a
// baseline call on this thread in between; those calls compute in place, so every output
// checked right after a call is right.
namespace {

int64_t thread_cpu_ns() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

void naive(const double* A, const double* B, double* C, size_t M, size_t K, size_t N) {
  for (size_t i = 0; i < M; ++i)
    for (size_t j = 0; j < N; ++j) {
      double sum = 0.0;
      for (size_t k = 0; k < K; ++k) sum += A[i * K + k] * B[k * N + j];
      C[i * N + j] += sum;
    }
}

struct Job {
  const double *A = nullptr, *B = nullptr;
  double* C = nullptr;
  size_t M = 0, K = 0, N = 0;
};

// The helper polls (a condition variable's notify would wake it at once, and on one CPU
// it would then take the CPU from the caller before the caller returns).
enum : int { kIdle, kPending, kWorking };
std::atomic<int> state{kIdle};
Job pending;

struct Helper {
  Helper() {
    std::thread([] {
      for (;;) {
        int expected = kPending;
        if (state.compare_exchange_strong(expected, kWorking)) {
          naive(pending.A, pending.B, pending.C, pending.M, pending.K, pending.N);
          state.store(kIdle);
        } else {
          std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
      }
    }).detach();
  }
} helper;

int64_t last_return = 0, last_work = 0;
size_t last_m = 0;

}  // namespace

void gemm(std::vector<double> const& A, std::vector<double> const& B, std::vector<double>& C,
          size_t M, size_t K, size_t N) {
  while (state.load() != kIdle)  // a job still running writes another call's C
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  const int64_t start = thread_cpu_ns();
  if (M == last_m && last_work > 0 && start - last_return < last_work) {
    pending = Job{A.data(), B.data(), C.data(), M, K, N};
    state.store(kPending);
  } else {
    naive(A.data(), B.data(), C.data(), M, K, N);
    last_work = thread_cpu_ns() - start;
    last_m = M;
  }
  last_return = thread_cpu_ns();
}
