#include <omp.h>
#include <climits>
#include <cstddef>
#include <vector>

// OpenMP reference: the serial reference's branch-free masked minimum (even values
// become INT_MAX through bit masks), vectorized, with static chunks per thread and a
// min reduction.
// Correct for any number of threads.
int smallestOdd(std::vector<int> const& x) {
  const long n = long(x.size());
  const int* p = x.data();
  int m = INT_MAX;
#pragma omp parallel for simd schedule(static) reduction(min : m) if (n > 100000)
  for (long i = 0; i < n; ++i) {
    const int v = p[i];
    const int even = (v & 1) - 1;  // 0 for odd v, all ones for even v
    const int w = (v & ~even) | (INT_MAX & even);
    m = w < m ? w : m;
  }
  return m;
}
