// WRONG (only on some inputs): assumes the matrix is symmetric and counts the upper
// triangle twice. Right only for graphs whose edges all come in both directions.
#include <vector>
int edgeCount(std::vector<int> const& A, size_t N) {
  int count = 0;
  for (size_t i = 0; i < N; ++i)
    for (size_t j = i + 1; j < N; ++j)
      if (A[i * N + j] == 1) count += 2;
  return count;
}
