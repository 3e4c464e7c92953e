// WRONG (missing reduction): bisection on the value; each thread counts the elements
// <= mid in its share of x, but the partial counts are stored into the shared total
// instead of being added (the last thread to finish wins). Correct with one thread.
#include <climits>
#include <vector>
int findKthSmallest(std::vector<int> const& x, int k) {
  long lo = INT_MIN, hi = INT_MAX;
  const long n = long(x.size());
  while (lo < hi) {
    const long mid = lo + (hi - lo) / 2;
    long cnt = 0;
#pragma omp parallel
    {
      long mine = 0;
#pragma omp for schedule(static)
      for (long i = 0; i < n; ++i) mine += x[i] <= mid;
      cnt = mine;
    }
    if (cnt >= k) hi = mid;
    else lo = mid + 1;
  }
  return int(lo);
}
