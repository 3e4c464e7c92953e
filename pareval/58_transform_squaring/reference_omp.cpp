#include <omp.h>
#include <cstddef>
#include <vector>

// OpenMP reference: the vectorized square with x split statically between threads
// (each element read and written by one thread only).
void squareEach(std::vector<int>& x) {
  const long n = long(x.size());
  int* p = x.data();
#pragma omp parallel for simd schedule(static) if (n > 100000)
  for (long i = 0; i < n; ++i) p[i] = p[i] * p[i];
}
