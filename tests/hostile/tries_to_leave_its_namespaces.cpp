// 30_scan_prefix_sum, the baseline's scan, plus, in its first call, every way out of its
// caller's namespaces and filter the red team tried (isolate.hpp, seccomp.hpp): new user
// or mount namespaces, a mount, files written in /tmp and /dev/shm, another process's
// /proc, the cgroup, signals, priorities and limits of pid 1, ptrace, a thread in a new
// network namespace, setns, perf_event_open on another process. Each that succeeds sets
// a bit added to output[0]: `correct` means every one was refused.
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/personality.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/resource.h>
#include <unistd.h>
#include <cstdio>
#include <numeric>
#include <vector>
static int bad = 0, idx = 0;
static void t(const char* what, long r) { ++idx; if (r >= 0) { bad |= 1 << idx; std::fprintf(stderr, "PROBE OPEN: %s\n", what); } }
void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  static bool once = false;
  if (!once) {
    once = true;
    t("unshare user", unshare(CLONE_NEWUSER));
    t("unshare ns", unshare(CLONE_NEWNS));
    t("mount tmpfs", mount("none", "/tmp", "tmpfs", 0, nullptr));
    t("open /tmp rw", open("/tmp/x", O_CREAT | O_WRONLY, 0644));
    t("open /dev/shm rw", open("/dev/shm/x", O_CREAT | O_WRONLY, 0644));
    t("open /proc/1/status", open("/proc/1/status", O_RDONLY));
    t("open /sys/fs/cgroup", open("/sys/fs/cgroup/cgroup.procs", O_WRONLY));
    t("kill 1 0", kill(1, 0));
    t("setpriority other", setpriority(PRIO_PROCESS, 1, 19));
    t("prlimit other", prlimit(1, RLIMIT_CPU, nullptr, nullptr));
    t("ptrace", syscall(SYS_ptrace, 16, 1, 0, 0));
    t("clone newns thread", syscall(SYS_clone, CLONE_VM | CLONE_SIGHAND | CLONE_THREAD | CLONE_NEWNET, 0, 0, 0, 0) == 0 ? (syscall(SYS_exit, 0), 0) : -1);
    t("setns", syscall(SYS_setns, 0, 0));
    t("perf_event_open", syscall(SYS_perf_event_open, nullptr, 1, -1, -1, 0));
  }
  std::inclusive_scan(x.begin(), x.end(), output.begin());
  if (bad && !output.empty()) output[0] += double(bad);
}
