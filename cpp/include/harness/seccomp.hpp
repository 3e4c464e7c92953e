// A seccomp filter for the side runners: a side may act on its own process only.
//
// The runners, the judge and the sandbox's other processes share one uid, and the kernel
// lets a process signal, trace or read the memory of any process of its uid. Code that
// got past the screen (by finding libc's functions at run time) could then stop the
// baseline's runner in the middle of its timed window (SIGSTOP, SIGCONT later) and make
// the baseline look slow. Non-dumpable processes already refuse ptrace and /proc/<pid>/mem;
// this filter, installed by each runner before it loads its side's object (and inherited
// by every thread and child it starts), closes the rest:
//   kill, tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo  only with the runner's own pid
//                                                     (abort() and raise() still work)
//   tkill, ptrace, process_vm_readv/writev, pidfd_open, pidfd_send_signal, pidfd_getfd,
//   kcmp, io_uring_setup/enter/register,
//   unshare, setns, mount and the other mount calls,
//   flock, inotify, fanotify, mincore, fadvise64,
//   readahead, preadv2/pwritev2, cachestat,
//   process_madvise, memfd_create, shmget, mq_open,
//   userfaultfd, add_key, request_key, keyctl        refused (EPERM)
//   fcntl: only F_DUPFD(_CLOEXEC), F_GETFD, F_SETFD, F_GETFL
//   ioctl FIONBIO, FIOASYNC, FIONREAD                refused (shared pipes' state)
//   madvise WILLNEED/COLD/PAGEOUT/POPULATE_READ      refused
//   setpriority, getpriority, ioprio_get, sched_get*/set* of a thread, getpgid, getsid,
//   sched_setattr, ioprio_set, prlimit64              only for the caller itself (who/pid 0)
//   ioctl FIOSETOWN/SIOCSPGRP/TIOCSPGRP                refused (SIGIO to another process)
//   clone without CLONE_THREAD or with CLONE_VFORK,
//   fork, vfork                                       refused: threads yes, processes no
//   clone3                                            ENOSYS (glibc then uses clone)
//   rt_sigaction with a new action, setitimer, alarm, timer_create
//                                                     refused: no signal handlers, no timers
//   any system call of another ABI (x86's int 0x80 and x32 entry points)  refused
// The signal rule keeps a side's code inside its calls. Without a thread (a thread alive
// after a call is seen by the judge) the only way for a side's code to run between its
// calls is a handler: a timer's signal arriving while the runner does the harness's work
// (generating the next inputs, copying outputs out) would run it there, where the judge
// counts its CPU as the harness's (the per-measurement rule's slack, 1.5 x the baseline's
// harness work, exceeds a whole call on input-heavy problems). Querying an action
// (rt_sigaction with no new one), masks, raise() and abort() still work: a signal can
// still end the process, never run code of the side's choosing.
// Everything else is allowed: the screen decides what a candidate may import; this filter
// keeps its system calls away from other processes and its code inside its calls.
#pragma once

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/sched.h>
#include <linux/seccomp.h>
#include <linux/sockios.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

namespace harness {

#if defined(__x86_64__)
inline constexpr uint32_t kSeccompArch = AUDIT_ARCH_X86_64;
#elif defined(__aarch64__)
inline constexpr uint32_t kSeccompArch = AUDIT_ARCH_AARCH64;
#endif

// Installs the filter on the calling process (all its threads, TSYNC). Returns "" on
// success, else why it could not (the kernel has no seccomp filters, say).
inline std::string restrict_to_own_process() {
#if defined(__x86_64__) || defined(__aarch64__)
  const uint32_t self = uint32_t(getpid());
  constexpr uint32_t kAllow = SECCOMP_RET_ALLOW;
  constexpr uint32_t kDeny = SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA);
  std::vector<sock_filter> f;
  auto stmt = [&](uint16_t code, uint32_t k) { f.push_back(BPF_STMT(code, k)); };
  auto jump = [&](uint16_t code, uint32_t k, uint8_t jt, uint8_t jf) { f.push_back(BPF_JUMP(code, k, jt, jf)); };
  const uint32_t nr_off = offsetof(struct seccomp_data, nr);
  const uint32_t arch_off = offsetof(struct seccomp_data, arch);
  // low 32 bits of argument i (pids are 32-bit; the high word must be 0 too)
  auto arg_lo = [](int i) { return uint32_t(offsetof(struct seccomp_data, args) + 8 * i); };
  auto arg_hi = [](int i) { return uint32_t(offsetof(struct seccomp_data, args) + 8 * i + 4); };

  stmt(BPF_LD | BPF_W | BPF_ABS, arch_off);
  jump(BPF_JMP | BPF_JEQ | BPF_K, kSeccompArch, 1, 0);
  stmt(BPF_RET | BPF_K, kDeny);
  stmt(BPF_LD | BPF_W | BPF_ABS, nr_off);
#if defined(__x86_64__)
  jump(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u /* __X32_SYSCALL_BIT */, 0, 1);
  stmt(BPF_RET | BPF_K, kDeny);
#endif
  // system calls whose argument `arg` must equal `value` (the own pid, or 0)
  auto only_if_arg = [&](long nr, int arg, uint32_t value) {
    // if nr matches: check arg's high word is 0 and low word == value, else deny
    jump(BPF_JMP | BPF_JEQ | BPF_K, uint32_t(nr), 0, 6);
    stmt(BPF_LD | BPF_W | BPF_ABS, arg_hi(arg));
    jump(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 2);
    stmt(BPF_LD | BPF_W | BPF_ABS, arg_lo(arg));
    jump(BPF_JMP | BPF_JEQ | BPF_K, value, 1, 0);
    stmt(BPF_RET | BPF_K, kDeny);
    stmt(BPF_RET | BPF_K, kAllow);
  };
  auto refuse = [&](long nr) {
    jump(BPF_JMP | BPF_JEQ | BPF_K, uint32_t(nr), 0, 1);
    stmt(BPF_RET | BPF_K, kDeny);
  };
  // only_if_arg loads an argument only in its matching branch, which always returns, so
  // the accumulator still holds the call's number for each next test.
  only_if_arg(SYS_kill, 0, self);
  only_if_arg(SYS_tgkill, 0, self);
  only_if_arg(SYS_rt_sigqueueinfo, 0, self);
  only_if_arg(SYS_rt_tgsigqueueinfo, 0, self);
  // setpriority(which, who, prio): only PRIO_PROCESS (0) of the caller (0)
  jump(BPF_JMP | BPF_JEQ | BPF_K, uint32_t(SYS_setpriority), 0, 6);
  stmt(BPF_LD | BPF_W | BPF_ABS, arg_lo(0));
  jump(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 3);
  stmt(BPF_LD | BPF_W | BPF_ABS, arg_lo(1));
  jump(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1);
  stmt(BPF_RET | BPF_K, kAllow);
  stmt(BPF_RET | BPF_K, kDeny);
  // and reading another thread's priorities and scheduling, which a sibling sets on its
  // own threads (bits a turn: an I/O priority carried a note)
  only_if_arg(SYS_getpriority, 1, 0);
  only_if_arg(SYS_ioprio_get, 1, 0);
  only_if_arg(SYS_sched_getscheduler, 0, 0);
  only_if_arg(SYS_sched_getparam, 0, 0);
  only_if_arg(SYS_sched_getattr, 0, 0);
  only_if_arg(SYS_sched_rr_get_interval, 0, 0);
  only_if_arg(SYS_getpgid, 0, 0);
  only_if_arg(SYS_getsid, 0, 0);
  only_if_arg(SYS_sched_setscheduler, 0, 0);
  only_if_arg(SYS_sched_setattr, 0, 0);
  only_if_arg(SYS_ioprio_set, 1, 0);
  only_if_arg(SYS_sched_setparam, 0, 0);
  only_if_arg(SYS_prlimit64, 0, 0);
  // system calls decided by argument `arg`: `listed` when it is one of `values`, `other`
  // when not (refuse_if_arg: refused when listed; allow_if_arg: allowed only when listed)
  auto by_arg = [&](long nr, int arg, std::initializer_list<uint32_t> values, uint32_t listed, uint32_t other) {
    const uint8_t n = uint8_t(values.size());
    jump(BPF_JMP | BPF_JEQ | BPF_K, uint32_t(nr), 0, uint8_t(n + 3));
    stmt(BPF_LD | BPF_W | BPF_ABS, arg_lo(arg));
    uint8_t i = 0;
    for (uint32_t v : values) jump(BPF_JMP | BPF_JEQ | BPF_K, v, uint8_t(n - i++), 0);
    stmt(BPF_RET | BPF_K, other);
    stmt(BPF_RET | BPF_K, listed);
  };
  auto refuse_if_arg = [&](long nr, int arg, std::initializer_list<uint32_t> values) {
    by_arg(nr, arg, values, kDeny, kAllow);
  };
  auto allow_if_arg = [&](long nr, int arg, std::initializer_list<uint32_t> values) {
    by_arg(nr, arg, values, kAllow, kDeny);
  };
  // fcntl: descriptor bookkeeping only. Every other command reaches state another
  // process sees: SIGIO/SIGURG ownership (signals to another process), and what the
  // kernel keeps per file or per open file description, which would carry notes between
  // the callers of a batch whatever their namespaces (isolate.hpp): record locks (an OFD
  // lock's offset holds any number), leases, directory notices, inode write-life hints
  // (F_SET_RW_HINT on a file opened read-only: 35-98x `correct` for the red team's
  // copies), the flags and capacity of the pipes every caller inherits (stdout, stderr).
  allow_if_arg(SYS_fcntl, 1, {F_DUPFD, F_DUPFD_CLOEXEC, F_GETFD, F_SETFD, F_GETFL});
  // ioctl: the same for fd ownership, the shared pipes' flags and their fill level
  refuse_if_arg(SYS_ioctl, 1, {FIOSETOWN, SIOCSPGRP, TIOCSPGRP, FIONBIO, FIOASYNC, FIONREAD});
  // threads only: a process of its own would escape the judge's CPU accounting (it
  // counts the runner's process) and could run through the other side's windows.
  // clone3 answers ENOSYS, so glibc's pthread_create falls back to clone.
  // A CLONE_VFORK thread would wait for its child in a state SIGSTOP does not end, so
  // the judge would never see the caller stop: threads without it only.
  jump(BPF_JMP | BPF_JEQ | BPF_K, uint32_t(SYS_clone), 0, 5);
  stmt(BPF_LD | BPF_W | BPF_ABS, arg_lo(0));
  jump(BPF_JMP | BPF_JSET | BPF_K, CLONE_VFORK, 2, 0);
  jump(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 0, 1);
  stmt(BPF_RET | BPF_K, kAllow);
  stmt(BPF_RET | BPF_K, kDeny);
#ifdef SYS_clone3
  jump(BPF_JMP | BPF_JEQ | BPF_K, uint32_t(SYS_clone3), 0, 1);
  stmt(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (ENOSYS & SECCOMP_RET_DATA));
#endif
#ifdef SYS_fork
  refuse(SYS_fork);
#endif
#ifdef SYS_vfork
  refuse(SYS_vfork);
#endif
  only_if_arg(SYS_rt_sigaction, 1, 0);  // act == NULL: a query, never a new handler
  refuse(SYS_setitimer);
#ifdef SYS_alarm
  refuse(SYS_alarm);
#endif
  refuse(SYS_timer_create);
  refuse(SYS_tkill);
  refuse(SYS_ptrace);
  // kernel state a batch's callers would share, or memory no limit counts: flock locks,
  // file and directory watches, page-cache probes and evictions, memory files and SysV
  // segments (their pages count against no RLIMIT_AS once unmapped), page-fault handlers
  // (a thread waiting in one does not stop)
  refuse(SYS_flock);
  refuse(SYS_inotify_init1);
  refuse(SYS_inotify_add_watch);
#ifdef SYS_inotify_init
  refuse(SYS_inotify_init);
#endif
  refuse(SYS_fanotify_init);
  refuse(SYS_mincore);
  refuse(SYS_fadvise64);
  refuse(SYS_readahead);
  refuse(SYS_preadv2);
  refuse(SYS_pwritev2);
#ifdef SYS_cachestat
  refuse(SYS_cachestat);
#endif
  refuse(SYS_process_madvise);
  refuse_if_arg(SYS_madvise, 2, {MADV_WILLNEED, MADV_COLD, MADV_PAGEOUT, MADV_POPULATE_READ});
  refuse(SYS_memfd_create);
  refuse(SYS_shmget);
  refuse(SYS_mq_open);
  refuse(SYS_userfaultfd);
  // the kernel's keyrings (a user's keyring outlives and is shared by its processes)
  refuse(SYS_add_key);
  refuse(SYS_request_key);
  refuse(SYS_keyctl);
  // namespaces and mounts: a caller's private namespaces (isolate.hpp) stay as made
  refuse(SYS_unshare);
  refuse(SYS_setns);
  refuse(SYS_mount);
  refuse(SYS_umount2);
  refuse(SYS_pivot_root);
  refuse(SYS_chroot);
#ifdef SYS_open_tree
  refuse(SYS_open_tree);
  refuse(SYS_move_mount);
  refuse(SYS_fsopen);
  refuse(SYS_fsconfig);
  refuse(SYS_fsmount);
  refuse(SYS_fspick);
#endif
#ifdef SYS_mount_setattr
  refuse(SYS_mount_setattr);
#endif
  refuse(SYS_process_vm_readv);
  refuse(SYS_process_vm_writev);
  refuse(SYS_kcmp);
#ifdef SYS_pidfd_open
  refuse(SYS_pidfd_open);
#endif
#ifdef SYS_pidfd_send_signal
  refuse(SYS_pidfd_send_signal);
#endif
#ifdef SYS_pidfd_getfd
  refuse(SYS_pidfd_getfd);
#endif
  // io_uring: its operations run without passing through this filter (and its kernel
  // threads would be work beside the process's own)
#ifdef SYS_io_uring_setup
  refuse(SYS_io_uring_setup);
  refuse(SYS_io_uring_enter);
  refuse(SYS_io_uring_register);
#endif
  stmt(BPF_RET | BPF_K, kAllow);

  sock_fprog prog{static_cast<unsigned short>(f.size()), f.data()};
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
    return std::string("prctl(PR_SET_NO_NEW_PRIVS): ") + std::strerror(errno);
  if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_TSYNC, &prog) != 0)
    return std::string("seccomp: ") + std::strerror(errno);
  return "";
#else
  return "no seccomp filter for this architecture";
#endif
}

}  // namespace harness
