// WRONG (missing reduction): parallelizes the outer loop with a private copy of best per
// thread and keeps only the copy of the thread that ran the last iterations
// (lastprivate), so subarrays starting in the other threads' ranges are lost.
#include <climits>
#include <vector>
int maximumSubarray(std::vector<int> const& x) {
  int best = INT_MIN;
  const long n = long(x.size());
#pragma omp parallel for schedule(static) firstprivate(best) lastprivate(best)
  for (long i = 0; i < n; ++i) {
    int s = 0;
    for (long j = i; j < n; ++j) {
      s += x[j];
      if (s > best) best = s;
    }
  }
  return best;
}
