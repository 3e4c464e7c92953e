// WRONG (only on some inputs): counts only the neighbours j > i (the upper triangle), so
// the degree is right only for vertices whose neighbours all have larger indices.
#include <algorithm>
#include <vector>
int maxDegree(std::vector<int> const& A, size_t N) {
  int highest = 0;
  for (size_t i = 0; i < N; ++i) {
    int degree = 0;
    for (size_t j = i + 1; j < N; ++j) degree += A[i * N + j];
    highest = std::max(highest, degree);
  }
  return highest;
}
