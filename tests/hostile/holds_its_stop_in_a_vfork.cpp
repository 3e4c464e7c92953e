#include <pthread.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <numeric>
#include <vector>

// 30_scan_prefix_sum, the baseline's scan, plus a thread that never takes part in a group
// stop. The seccomp filter lets clone through whenever CLONE_THREAD is set, whatever the
// other flags; with CLONE_VFORK as well, the thread that calls clone waits (killable, not
// stoppable) until its new thread execs or exits, which it never does. At the end of the
// window the judge sends SIGSTOP and waits in waitpid(WUNTRACED) for the whole group to
// stop (freeze(), no deadline): the vfork parent never stops, so the judge blocks until
// the orchestrator's backstop kills the whole worker. In a batch every sibling loses its
// verdict and is judged again alone (the judge cannot attribute the hang).

namespace {
int child(void*) {
  for (;;) syscall(SYS_pause);
}

void* parent(void*) {
  const size_t n = 1 << 16;
  char* stack = static_cast<char*>(std::malloc(n));
  clone(child, stack + n, CLONE_VM | CLONE_FS | CLONE_FILES | CLONE_SIGHAND | CLONE_THREAD | CLONE_SYSVSEM | CLONE_VFORK,
        nullptr);
  return nullptr;
}
}  // namespace

void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  static bool started = false;
  if (!started) {
    started = true;
    pthread_t t;
    pthread_create(&t, nullptr, parent, nullptr);
    pthread_detach(t);
    usleep(20000);
  }
  std::inclusive_scan(x.begin(), x.end(), output.begin());
}
