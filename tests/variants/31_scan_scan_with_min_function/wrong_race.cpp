// WRONG (data race): parallelizes the dependent loop directly; each thread scans its own
// chunk, reading the element before its chunk before the previous thread has finished,
// so later chunks miss the minimum of earlier ones.
#include <algorithm>
#include <vector>
void partialMinimums(std::vector<float>& x) {
  const long n = long(x.size());
#pragma omp parallel for schedule(static)
  for (long i = 1; i < n; ++i) x[i] = std::min(x[i], x[i - 1]);
}
