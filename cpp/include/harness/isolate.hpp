// A caller's private namespaces: what one side's process leaves in the machine's shared
// state must not reach another side's.
//
// In a batch (one baseline's caller and several candidates' callers in one sandbox,
// cpp/judge.cpp) every side of a turn works on the same inputs, one after another. A
// candidate that wrote its outputs to /dev/shm, /tmp, a SysV segment or an abstract
// socket in its window could hand them to a later candidate of the same turn, which would
// then return them at once, `correct` and many times faster (a policy that samples both
// gains: its group's best reply gets the reward). So the judge starts every caller in
// namespaces of its own (user, mount, IPC, network), in the forked child, before it
// executes harness_caller (judge's code, nothing of a side loaded yet):
//   1. unshare: new user, mount, IPC and network namespaces (SysV IPC, POSIX message
//      queues and abstract sockets are then the process's own);
//   2. every mount it sees, read-only: no file it writes survives it or reaches another
//      side (the mount points are read by the judge before the fork: see plan());
//   3. /proc covered with an empty read-only tmpfs (another caller's /proc/<pid>/cmdline or
//      comm would be a channel: a process can write its own argument area and name), and
//      /dev/pts too (device nodes stay writable on a read-only mount, and the sandbox's
//      pseudo-terminals are one for all its processes: a note through a pty passed).
// What the kernel keeps per file rather than per mount or namespace (record locks,
// leases, watches, page-cache residency probes) the seccomp filter refuses.
// The execve that follows clears the capabilities the new user namespace gave (the
// process's uid is not mapped in it), and the caller's seccomp filter (seccomp.hpp)
// refuses unshare, setns and every mount call, so the side's code can neither undo this
// nor make namespaces of its own. Where the kernel refuses new user namespaces
// (available() is false), callers start without them and the judge runs no batch of more
// than one candidate.
#pragma once

#include <errno.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

namespace harness {
namespace isolation {

// The mounts to make read-only, read before the fork (the child may not allocate).
struct Plan {
  std::vector<std::string> points;
  std::vector<unsigned long> flags;  // the per-mount flags a remount must keep
};

// A mountinfo path field with its octal escapes (\040 for a space ...) decoded.
inline std::string unescape(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\\' && i + 3 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '7') {
      out.push_back(char(((s[i + 1] - '0') << 6) | ((s[i + 2] - '0') << 3) | (s[i + 3] - '0')));
      i += 3;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

// The flags of a mountinfo options field ("rw,nosuid,nodev,relatime") a read-only remount
// must keep (the kernel refuses to clear a locked one).
inline unsigned long keep_flags(const std::string& opts) {
  unsigned long f = 0;
  size_t i = 0;
  while (i <= opts.size()) {
    size_t j = opts.find(',', i);
    if (j == std::string::npos) j = opts.size();
    const std::string o = opts.substr(i, j - i);
    if (o == "nosuid")
      f |= MS_NOSUID;
    else if (o == "nodev")
      f |= MS_NODEV;
    else if (o == "noexec")
      f |= MS_NOEXEC;
    else if (o == "noatime")
      f |= MS_NOATIME;
    else if (o == "nodiratime")
      f |= MS_NODIRATIME;
    else if (o == "relatime")
      f |= MS_RELATIME;
    i = j + 1;
  }
  return f;
}

// This process's writable mounts (outside /proc, which is covered whole).
inline Plan plan() {
  Plan p;
  FILE* f = std::fopen("/proc/self/mountinfo", "re");
  if (!f) return p;
  char line[8192];
  while (std::fgets(line, sizeof line, f)) {
    // id parent major:minor root mountpoint options ...
    char point[4096], opts[1024];
    if (std::sscanf(line, "%*d %*d %*s %*s %4095s %1023s", point, opts) != 2) continue;
    const std::string o = opts, m = unescape(point);
    if (m == "/proc" || m.rfind("/proc/", 0) == 0) continue;
    if (o == "rw" || o.rfind("rw,", 0) == 0) {
      p.points.push_back(m);
      p.flags.push_back(keep_flags(o));
    }
  }
  std::fclose(f);
  return p;
}

// In the forked child, before execve (system calls only: async-signal-safe): steps 1-3 of
// the file comment. 0 when done, else the errno of the step that failed.
inline int enter(const Plan& p) {
  if (unshare(CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWNET) != 0) return errno;
  if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) return errno;
  for (size_t i = 0; i < p.points.size(); ++i)
    if (mount(nullptr, p.points[i].c_str(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY | p.flags[i], nullptr) != 0 &&
        errno != ENOENT)  // a mount point below one that hides it
      return errno;
  if (mount("none", "/proc", "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=4k") != 0) return errno;
  // device nodes stay writable on a read-only mount: the sandbox's pseudo-terminals
  // (/dev/ptmx is /dev/pts/ptmx) are one for all its processes
  if (mount("none", "/dev/pts", "tmpfs", MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC, "size=4k") != 0 &&
      errno != ENOENT)
    return errno;
  return 0;
}

// Whether this process may give its children namespaces of their own (a child tries
// enter() on this process's mounts; asked once per process).
inline bool available() {
  static const int ok = [] {
    const Plan p = plan();
    const pid_t pid = fork();
    if (pid == 0) _exit(enter(p) == 0 ? 0 : 1);
    if (pid < 0) return 0;
    int st = 0;
    if (waitpid(pid, &st, 0) != pid) return 0;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 1 : 0;
  }();
  return ok != 0;
}

}  // namespace isolation
}  // namespace harness
