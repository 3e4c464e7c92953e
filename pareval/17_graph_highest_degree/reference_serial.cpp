#include <algorithm>
#include <cstddef>
#include <vector>

// Serial reference. A is symmetric, so only its upper triangle is read (half of the
// baseline's memory traffic): entry (i, j), j > i, adds to the degree of i (a row sum)
// and to the degree of j (a vectorized add into a cache-resident degree array).
int maxDegree(std::vector<int> const& A, size_t N) {
  if (N == 0) return 0;
  std::vector<int> deg(N, 0);
  const int* a = A.data();
  int* d = deg.data();
  for (size_t i = 0; i < N; ++i) {
    const int* row = a + i * N;
    int s = 0;
#pragma omp simd reduction(+ : s)
    for (size_t j = i + 1; j < N; ++j) {
      s += row[j];
      d[j] += row[j];
    }
    d[i] += s;
  }
  return *std::max_element(deg.begin(), deg.end());
}
