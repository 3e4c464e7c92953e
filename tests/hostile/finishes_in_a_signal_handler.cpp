#include <csignal>
#include <cstddef>
#include <cstdint>
#include <ctime>
#include <sys/time.h>
#include <vector>

// Signals completion early without a thread (issue 20): where finishes_in_a_thread.cpp
// would return at once, gemm arms a one-shot 200 us interval timer and returns; the
// SIGALRM handler then computes C on whatever thread the signal interrupts, between the
// harness's calls or inside the next one. No thread and no process is added, so only the
// kernel's count of the process's CPU time can tell that work ran outside the timed
// window. The guess of when returning early pays is finishes_in_a_thread.cpp's: when the
// calling thread has spent less CPU time than one of its own calls since it last returned.
// sigaction and setitimer are forbidden by the screen: the test runs with screen=False.
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
  const double *A, *B;
  double* C;
  size_t M, K, N;
};
volatile Job pending;
volatile sig_atomic_t armed = 0;

void on_alarm(int) {
  if (!armed) return;
  naive(pending.A, pending.B, pending.C, pending.M, pending.K, pending.N);
  armed = 0;
}

int64_t last_return = 0, last_work = 0;
size_t last_m = 0;

}  // namespace

void gemm(std::vector<double> const& A, std::vector<double> const& B, std::vector<double>& C,
          size_t M, size_t K, size_t N) {
  if (armed) on_alarm(0);  // a job still pending writes another call's C: finish it first
  const int64_t start = thread_cpu_ns();
  if (M == last_m && last_work > 0 && start - last_return < last_work) {
    struct sigaction sa {};
    sa.sa_handler = on_alarm;
    sa.sa_flags = SA_RESTART;
    sigaction(SIGALRM, &sa, nullptr);
    pending.A = A.data();
    pending.B = B.data();
    pending.C = C.data();
    pending.M = M;
    pending.K = K;
    pending.N = N;
    armed = 1;
    itimerval t{};
    t.it_value.tv_usec = 200;
    setitimer(ITIMER_REAL, &t, nullptr);
  } else {
    naive(A.data(), B.data(), C.data(), M, K, N);
    last_work = thread_cpu_ns() - start;
    last_m = M;
  }
  last_return = thread_cpu_ns();
}
