#include <omp.h>
#include <cstddef>
#include <vector>

// OpenMP reference: a vectorized sum reduction of the pairwise minima over static
// chunks (each thread streams a contiguous part of x and y). Correct for any number of
// threads.
double sumOfMinimumElements(std::vector<double> const& x, std::vector<double> const& y) {
  const long n = long(x.size());
  const double* a = x.data();
  const double* b = y.data();
  double s = 0.0;
#pragma omp parallel for simd schedule(static) reduction(+ : s) if (n > 100000)
  for (long i = 0; i < n; ++i) s += a[i] < b[i] ? a[i] : b[i];
  return s;
}
