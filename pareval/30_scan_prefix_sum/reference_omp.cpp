#include <omp.h>
#include <cstddef>
#include <vector>

// OpenMP reference: two-pass blocked scan. Each thread scans its own block, the block
// totals are scanned, then each thread adds its offset to its block.
void prefixSum(std::vector<double> const& x, std::vector<double>& output) {
  const size_t n = x.size();
  output.resize(n);
  const double* in = x.data();
  double* out = output.data();
  std::vector<double> partial(omp_get_max_threads() + 1, 0.0);
#pragma omp parallel
  {
    const int t = omp_get_thread_num();
    const int nt = omp_get_num_threads();
    const size_t lo = n * t / nt, hi = n * (t + 1) / nt;
    double s = 0.0;
    for (size_t i = lo; i < hi; ++i) {
      s += in[i];
      out[i] = s;
    }
    partial[t + 1] = s;
#pragma omp barrier
#pragma omp single
    for (int k = 1; k <= nt; ++k) partial[k] += partial[k - 1];
    const double off = partial[t];
    if (off != 0.0)
      for (size_t i = lo; i < hi; ++i) out[i] += off;
  }
}
