#include <omp.h>
#include <cstddef>
#include <vector>

// OpenMP reference: sum-then-scan. Pass 1: each thread sums its block (reads x only).
// The block sums are scanned serially (one value per thread). Pass 2: each thread
// scans its block starting from its offset, so the output is written exactly once.
void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  const size_t n = x.size();
  output.resize(n);
  const double* in = x.data();
  double* out = output.data();
  std::vector<double> offset(omp_get_max_threads() + 1, 0.0);
#pragma omp parallel
  {
    const int t = omp_get_thread_num();
    const int nt = omp_get_num_threads();
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    double s = 0.0;
#pragma omp simd reduction(+ : s)
    for (size_t i = lo; i < hi; ++i) s += in[i];
    offset[t + 1] = s;
#pragma omp barrier
#pragma omp single
    for (int k = 1; k <= nt; ++k) offset[k] += offset[k - 1];
    double run = offset[t];
    for (size_t i = lo; i < hi; ++i) {
      run += in[i];
      out[i] = run;
    }
  }
}
