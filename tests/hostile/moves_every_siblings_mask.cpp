#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <numeric>
#include <vector>

// 30_scan_prefix_sum, the baseline's scan, plus, in its first call, a new CPU mask for
// every thread of the sandbox that is not its own (the sandbox's pid namespace is shared
// by every caller, and sched_setaffinity asks only for the same uid: thread ids found by
// trying them, no /proc needed). The judge's masks_after() finds the first side whose
// threads moved, puts back that side's masks and rejects this candidate; the other
// sides' threads keep the new masks. The next check after any other caller's window then
// blames that caller: a sibling is `rejected` for "its own threads", or, after the
// baseline's window, the baseline's "broken problem" ends the batch with a setup_error
// (HarnessError out of evaluate_batch).

namespace {
void move_everyone() {
  const pid_t me = getpid();
  cpu_set_t mine;
  CPU_ZERO(&mine);
  sched_getaffinity(0, sizeof mine, &mine);
  int first = -1;
  for (int c = 0; c < CPU_SETSIZE; ++c)
    if (CPU_ISSET(c, &mine)) { first = c; break; }
  for (pid_t tid = 1; tid < 8192; ++tid) {
    if (syscall(SYS_tgkill, me, tid, 0) == 0) continue;  // one of its own threads
    cpu_set_t m;
    CPU_ZERO(&m);
    if (sched_getaffinity(tid, sizeof m, &m) != 0) continue;
    cpu_set_t to;
    CPU_ZERO(&to);
    if (CPU_COUNT(&m) > 1) {
      CPU_SET(first, &to);  // crowd it onto one CPU
    } else {
      for (int c = 0; c < CPU_SETSIZE; ++c)  // another CPU of its own grant
        if (CPU_ISSET(c, &mine) && !CPU_ISSET(c, &m)) { CPU_SET(c, &to); break; }
      if (CPU_COUNT(&to) == 0) continue;
    }
    sched_setaffinity(tid, sizeof to, &to);
  }
}
}  // namespace

void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  static bool done = false;
  if (!done) {
    done = true;
    move_everyone();
  }
  std::inclusive_scan(x.begin(), x.end(), output.begin());
}
