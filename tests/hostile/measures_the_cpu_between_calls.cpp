#include <time.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

// No harness work in the candidate's process (issue 38, item 2). The candidate reads its
// process's CPU clock when a call starts and when it returns; the CPU its process used in
// between two calls is what ran there outside the calls. When the side runner generated a
// turn's inputs and copied the outputs out in this process (harness work a hostile
// candidate could hook through the runner's function pointers and do its own work in),
// that was milliseconds per turn at this size (4 M doubles generated). Now the caller
// only waits for the next call, stopped by the judge in between: this candidate answers
// one count wrong when it sees more than 2 ms there, so `correct` says none ran.
namespace {
int64_t process_cpu_ns() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}
int64_t last_return = -1;  // a new code layout's copy starts again at -1
}  // namespace

void binsBy10Count(std::vector<double> const& x, std::array<size_t, 10>& bins) {
  const int64_t start = process_cpu_ns();
  const bool work_ran_between = last_return >= 0 && start - last_return > 2000000;
  for (size_t i = 0; i < x.size(); ++i) bins[size_t(x[i] / 10)]++;
  if (work_ran_between) bins[0] += 1;
  last_return = process_cpu_ns();
}
