#include <omp.h>
#include <cstddef>
#include <cstdint>
#include <vector>

// OpenMP reference: the serial reference's branch-free vectorized sum of the 0/1 entries,
// split statically across threads with a sum reduction (correct for any thread count).
int edgeCount(std::vector<int> const& A, size_t N) {
  const int* a = A.data();
  const long n = long(N * N);
  int64_t s = 0;
#pragma omp parallel for simd schedule(static) reduction(+ : s) if (n > 65536)
  for (long i = 0; i < n; ++i) s += a[i];
  return int(s);
}
