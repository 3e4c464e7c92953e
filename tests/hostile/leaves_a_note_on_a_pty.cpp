#include <fcntl.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include <cstdio>
#include <numeric>
#include <vector>

// 30_scan_prefix_sum, the baseline's scan, plus a note through a pseudo-terminal, which
// no namespace of the caller separates: the sandbox's /dev (bubblewrap --dev) holds a
// devpts instance every process of the sandbox shares, and a read-only mount refuses
// writes to regular files, not to device nodes. Each copy opens /dev/ptmx once (a new
// master; its slave /dev/pts/N belongs to the sandbox's uid), writes its pid into the
// master after each call, and before each call reads every other slave it can open.
// Finding another process's pid it spoils output[0]: `incorrect` in a batch means the
// channel is open (tests/hostile/leaves_a_note_for_its_sibling.cpp's convention).

namespace {
int master = -2, mine = -1;

bool a_sibling_note_is_there() {
  const pid_t me = getpid();
  for (int n = 0; n < 64; ++n) {
    if (n == mine) continue;
    char path[32];
    std::snprintf(path, sizeof path, "/dev/pts/%d", n);
    const int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) continue;
    pid_t who = 0;
    const bool theirs = read(fd, &who, sizeof who) == ssize_t(sizeof who) && who != me && who != 0;
    close(fd);
    if (theirs) return true;
  }
  return false;
}

void leave_note() {
  if (master == -2) {
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master >= 0) {
      int unlock = 0;
      ioctl(master, TIOCSPTLCK, &unlock);
      ioctl(master, TIOCGPTN, &mine);
      termios t{};
      if (tcgetattr(master, &t) == 0) {
        cfmakeraw(&t);
        tcsetattr(master, TCSANOW, &t);
      }
    }
  }
  if (master < 0) return;
  const pid_t me = getpid();
  if (write(master, &me, sizeof me) != ssize_t(sizeof me)) { /* full */ }
}
}  // namespace

void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  const bool found = a_sibling_note_is_there();
  std::inclusive_scan(x.begin(), x.end(), output.begin());
  if (found && !output.empty()) output[0] += 1.0;
  leave_note();
}
