#include <omp.h>
#include <cstddef>
#include <vector>

// OpenMP reference: the vectorized formula with x split statically between threads
// (each element read and written by one thread only).
void oneMinusInverse(std::vector<double>& x) {
  const long n = long(x.size());
  double* p = x.data();
#pragma omp parallel for simd schedule(static) if (n > 100000)
  for (long i = 0; i < n; ++i) p[i] = 1.0 - 1.0 / p[i];
}
