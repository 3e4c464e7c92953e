#include <omp.h>
#include <cstddef>
#include <vector>

// OpenMP reference: the serial reference's vectorized select (odd: -x, even: x / 2),
// with x split statically between threads (each element touched by one thread only).
void negateOddsAndHalveEvens(std::vector<int>& x) {
  const long n = long(x.size());
  int* p = x.data();
#pragma omp parallel for simd schedule(static) if (n > 100000)
  for (long i = 0; i < n; ++i) {
    const int v = p[i];
    p[i] = v % 2 != 0 ? -v : v / 2;
  }
}
