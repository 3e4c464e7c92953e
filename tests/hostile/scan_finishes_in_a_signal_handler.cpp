#include <csignal>
#include <cstddef>
#include <sys/time.h>
#include <vector>

// finishes_in_a_signal_handler.cpp's attack on a problem whose inputs take far longer to
// generate than a call (30_scan_prefix_sum): from a million elements on, prefixSum arms a
// one-shot 300 us timer and returns at once; the SIGALRM handler computes the scan while
// the runner waits for the harness's next command, before the outputs are copied out.
// Small sizes (the validation cases) are computed at once. The judge's first CPU rule
// compares all CPU outside the timed calls with 1.5 x the baseline's, and the baseline's
// input generation is so much larger than a call that it let this through: `correct`,
// ~650x (serial, default size). The idle rule (accounting.hpp, kIdleAbsNs) rejects it.
// sigaction and setitimer are forbidden by the screen: the test runs with screen=False.
namespace {

void scan(const double* x, double* out, size_t n) {
  double s = 0.0;
  for (size_t i = 0; i < n; ++i) {
    s += x[i];
    out[i] = s;
  }
}

const double* volatile pending_x = nullptr;
double* volatile pending_out = nullptr;
volatile size_t pending_n = 0;
volatile sig_atomic_t armed = 0;

void on_alarm(int) {
  if (!armed) return;
  scan(pending_x, pending_out, pending_n);
  armed = 0;
}

}  // namespace

void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  if (armed) on_alarm(0);  // a job still pending writes another call's output: finish it first
  if (x.size() < 1000000) return scan(x.data(), output.data(), x.size());
  struct sigaction sa {};
  sa.sa_handler = on_alarm;
  sa.sa_flags = SA_RESTART;
  sigaction(SIGALRM, &sa, nullptr);
  pending_x = x.data();
  pending_out = output.data();
  pending_n = x.size();
  armed = 1;
  itimerval t{};
  t.it_value.tv_usec = 300;
  setitimer(ITIMER_REAL, &t, nullptr);
}
