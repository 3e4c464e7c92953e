// WRONG (off by one): the row loop stops at N-1, so the degree of the last vertex is
// never considered.
#include <algorithm>
#include <vector>
int maxDegree(std::vector<int> const& A, size_t N) {
  int highest = 0;
  for (size_t i = 0; i + 1 < N; ++i) {
    int degree = 0;
    for (size_t j = 0; j < N; ++j)
      if (A[i * N + j] == 1) ++degree;
    highest = std::max(highest, degree);
  }
  return highest;
}
