#include <omp.h>
#include <cstddef>
#include <vector>

// OpenMP reference: a vectorized sum reduction over static chunks (each thread reads
// a contiguous part of x), divided by n once. Correct for any number of threads.
double average(std::vector<double> const& x) {
  const long n = long(x.size());
  const double* p = x.data();
  double s = 0.0;
#pragma omp parallel for simd schedule(static) reduction(+ : s) if (n > 100000)
  for (long i = 0; i < n; ++i) s += p[i];
  return s / double(n);
}
