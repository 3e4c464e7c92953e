#include <fcntl.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <numeric>
#include <vector>

// 30_scan_prefix_sum, the baseline's own scan, plus notes left where another process of
// the same sandbox could find them. In a batch every side of a turn works on the same
// inputs, one after another, so a candidate that left its outputs behind in its window
// could hand them to a later sibling of the same turn (a policy that samples both gets
// its group's best reply paid). This one tries the shared places a process can write
// (the screen is off in its test): a file in /tmp, /dev/shm and its home, a SysV
// shared-memory segment, an abstract unix socket, each note holding the writer's pid.
// Before each call's work it looks for a note another process left; finding one, it
// spoils output[0], so any channel between two callers shows as `incorrect`. Its own
// notes do not count: a process may always remember what it did. With the callers in
// namespaces of their own (isolate.hpp: every mount read-only, its own IPC and network
// namespaces) it finds none: `correct`. tests/test_batch.py also runs these functions in
// two plain processes that share their namespaces, where the notes do pass.
#ifndef NOTE_CHANNELS
#define NOTE_CHANNELS 7  // 1 files, 2 SysV shared memory, 4 an abstract socket
#endif

namespace {

const char* const kFiles[] = {"/tmp/.harness-note", "/dev/shm/.harness-note", "/home/sandbox/.harness-note"};
constexpr key_t kShmKey = 0x4838;
constexpr char kSocket[] = "\0harness-note";  // abstract: no file, the network namespace's
int listener = -1;  // ours once bound: the name lives as long as the socket

sockaddr_un socket_name() {
  sockaddr_un a{};
  a.sun_family = AF_UNIX;
  std::memcpy(a.sun_path, kSocket, sizeof kSocket - 1);
  return a;
}

bool a_sibling_note_is_there() {
  const pid_t me = getpid();
  for (const char* f : kFiles) {
    if (!(NOTE_CHANNELS & 1)) break;
    const int fd = open(f, O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    pid_t who = 0;
    const bool theirs = read(fd, &who, sizeof who) == ssize_t(sizeof who) && who != me;
    close(fd);
    if (theirs) return true;
  }
  const int id = NOTE_CHANNELS & 2 ? shmget(kShmKey, sizeof(pid_t), 0) : -1;
  if (id >= 0) {
    void* m = shmat(id, nullptr, SHM_RDONLY);
    if (m != reinterpret_cast<void*>(-1)) {
      const bool theirs = *static_cast<pid_t*>(m) != me && *static_cast<pid_t*>(m) != 0;
      shmdt(m);
      if (theirs) return true;
    }
  }
  if ((NOTE_CHANNELS & 4) && listener < 0) {
    const int s = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const sockaddr_un a = socket_name();
    const bool theirs = s >= 0 && connect(s, reinterpret_cast<const sockaddr*>(&a),
                                          socklen_t(sizeof(sa_family_t) + sizeof kSocket - 1)) == 0;
    if (s >= 0) close(s);
    if (theirs) return true;
  }
  return false;
}

void leave_notes() {
  const pid_t me = getpid();
  for (const char* f : kFiles) {
    if (!(NOTE_CHANNELS & 1)) break;
    const int fd = open(f, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) continue;
    if (write(fd, &me, sizeof me) != ssize_t(sizeof me)) { /* nothing to leave */ }
    close(fd);
  }
  const int id = NOTE_CHANNELS & 2 ? shmget(kShmKey, sizeof(pid_t), IPC_CREAT | 0644) : -1;
  if (id >= 0) {
    void* m = shmat(id, nullptr, 0);
    if (m != reinterpret_cast<void*>(-1)) {
      *static_cast<pid_t*>(m) = me;
      shmdt(m);
    }
  }
  if ((NOTE_CHANNELS & 4) && listener < 0) {
    listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    const sockaddr_un a = socket_name();
    if (listener >= 0 && (bind(listener, reinterpret_cast<const sockaddr*>(&a),
                               socklen_t(sizeof(sa_family_t) + sizeof kSocket - 1)) != 0 ||
                          listen(listener, 8) != 0)) {
      close(listener);
      listener = -1;
    }
  }
}

}  // namespace

void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  const bool found = a_sibling_note_is_there();
  std::inclusive_scan(x.begin(), x.end(), output.begin());
  if (found && !output.empty()) output[0] += 1.0;
  leave_notes();
}
