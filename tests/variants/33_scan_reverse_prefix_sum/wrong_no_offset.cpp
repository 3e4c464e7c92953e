// WRONG (missing reduction): each thread scans its own block of the output but never
// adds the totals of the blocks before it. Correct only when one thread runs.
#include <omp.h>
#include <vector>
void reversePrefixSum(std::vector<int> const& x, std::vector<int>& output) {
  const size_t n = x.size();
#pragma omp parallel
  {
    const size_t t = omp_get_thread_num(), nt = omp_get_num_threads();
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    int s = 0;
    for (size_t i = lo; i < hi; ++i) { s += x[n - 1 - i]; output[i] = s; }
  }
}
