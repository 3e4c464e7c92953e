// WRONG (missing reduction): each thread scans its own block but never adds the
// totals of the blocks before it. Correct only when one thread runs.
#include <omp.h>
#include <vector>
void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  const size_t n = x.size();
#pragma omp parallel
  {
    const int t = omp_get_thread_num(), nt = omp_get_num_threads();
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    double s = 0.0;
    for (size_t i = lo; i < hi; ++i) { s += x[i]; output[i] = s; }
  }
}
