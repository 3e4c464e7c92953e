// WRONG (missing reduction): firstprivate/lastprivate instead of a min reduction: each
// thread finds the minimum of its own chunk, and only the thread that runs the last
// iteration copies its value out.
#include <climits>
#include <vector>
int smallestOdd(std::vector<int> const& x) {
  int r = INT_MAX;
  const long n = long(x.size());
#pragma omp parallel for firstprivate(r) lastprivate(r)
  for (long i = 0; i < n; ++i)
    if (x[i] % 2 != 0 && x[i] < r) r = x[i];
  return r;
}
