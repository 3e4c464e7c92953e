// WRONG (missing reduction): each thread keeps a private minimum (firstprivate) and the
// value of the thread that ran the last iterations is kept (lastprivate), so the answer
// is the minimum over that thread's rows only. Correct with one thread.
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>
double distance(double x1, double x2) { return std::abs(x1 - x2); }
double closestPair(std::vector<double> const& x) {
  const long n = long(x.size());
  if (n < 2) return 0;
  double best = std::numeric_limits<double>::max();
#pragma omp parallel for schedule(static) firstprivate(best) lastprivate(best)
  for (long i = 0; i < n - 1; ++i)
    for (long j = i + 1; j < n; ++j) best = std::min(best, distance(x[i], x[j]));
  return best;
}
