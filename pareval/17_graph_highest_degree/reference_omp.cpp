#include <omp.h>
#include <algorithm>
#include <cstddef>
#include <vector>

// OpenMP reference: the serial reference's upper-triangle method (each entry (i, j),
// j > i, counts for both i and j) with the rows dealt to the threads in cyclic chunks of
// 32 (balances the triangle). Every thread adds into its own degree array; the arrays
// are summed afterwards, so there is no shared write. Correct for any thread count.
int maxDegree(std::vector<int> const& A, size_t N) {
  if (N == 0) return 0;
  const int nt = omp_get_max_threads();
  std::vector<int> deg(size_t(nt) * N, 0);
  const int* a = A.data();
  const long n = long(N);
  int used = 1;
#pragma omp parallel if (N >= 512)
  {
    const int t = omp_get_thread_num();
#pragma omp single
    used = omp_get_num_threads();
    int* d = deg.data() + size_t(t) * N;
#pragma omp for schedule(static, 32)
    for (long il = 0; il < n; ++il) {
      const size_t i = size_t(il);
      const int* row = a + i * N;
      int s = 0;
#pragma omp simd reduction(+ : s)
      for (size_t j = i + 1; j < N; ++j) {
        s += row[j];
        d[j] += row[j];
      }
      d[i] += s;
    }
  }
  int highest = 0;
  for (size_t v = 0; v < N; ++v) {
    int s = 0;
    for (int t = 0; t < used; ++t) s += deg[size_t(t) * N + v];
    highest = std::max(highest, s);
  }
  return highest;
}
