#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <array>
#include <cstddef>
#include <thread>
#include <vector>

// Serial mode confines a side to one CPU: a cpuset cgroup where the host gives one, else
// the CPU mask its process inherits (sched_setaffinity before exec), which is the usual
// case for a user who is not root. A thread may set its own mask, and the runners'
// seccomp filter allows that for the caller's own threads. So this candidate (the
// baseline's own algorithm, 21_histogram_bin_0-100) starts a helper thread inside the
// call, lets the helper give itself every CPU of the machine with a raw system call, and
// splits the loop between the two threads: about 2x on two CPUs, for no better code.
// The helper is joined before the call returns, so the process has the same threads
// before and after every call. Where a cpuset confines the process the widening does
// nothing (the kernel keeps the mask inside the cpuset) and the split costs a little.
namespace {

void count(const double* x, size_t lo, size_t hi, std::array<size_t, 10>& bins) {
  for (size_t i = lo; i < hi; ++i) bins[size_t(x[i] / 10)]++;
}

void widen_own_mask() {
  cpu_set_t all;
  CPU_ZERO(&all);
  for (int c = 0; c < CPU_SETSIZE; ++c) CPU_SET(c, &all);
  // pid 0: the calling thread. The kernel intersects the mask with the online CPUs (and
  // with the cpuset, where there is one).
  syscall(SYS_sched_setaffinity, 0, sizeof all, &all);
}

}  // namespace

void binsBy10Count(std::vector<double> const& x, std::array<size_t, 10>& bins) {
  const size_t n = x.size();
  if (n < 4096) return count(x.data(), 0, n, bins);
  std::array<size_t, 10> other{};
  std::thread helper([&] {
    widen_own_mask();
    count(x.data(), n / 2, n, other);
  });
  count(x.data(), 0, n / 2, bins);
  helper.join();
  for (int k = 0; k < 10; ++k) bins[size_t(k)] += other[size_t(k)];
}
